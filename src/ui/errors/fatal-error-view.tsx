import { Center, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '../../domain/product';

/** Full-page view for an unhandled error; reloading is a plain link, no script needed. */
export function FatalErrorView({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <Center minH="100vh" p="8" role="alert">
      <Stack gap="3" textAlign="center" maxW="lg">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">{PRODUCT_NAME} hit an unexpected error and cannot continue.</Text>
        {detail && (
          <Text fontFamily="mono" fontSize="sm" color="fg.subtle">
            {detail}
          </Text>
        )}
        <Link href="/" color="primary.fg" alignSelf="center">
          Reload {PRODUCT_NAME}
        </Link>
      </Stack>
    </Center>
  );
}
