import { Box, Center, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { errorPageModel, type ErrorPageInput } from '../../domain/error-page';

export interface GenericErrorPageProps extends ErrorPageInput {
  /** Where the way-out link goes; a plain link so it works outside the router too. */
  homeHref?: string;
}

/** The generic error page: not-found variant for 404, server-error otherwise. */
export function GenericErrorPage({ homeHref = '/', ...input }: GenericErrorPageProps) {
  const model = errorPageModel(input);
  const notFound = model.variant === 'not-found';
  return (
    <Center minH="60vh" p="8" data-variant={model.variant} role={notFound ? undefined : 'alert'}>
      <Stack gap="3" textAlign="center" maxW="md">
        <Text fontSize="5xl" fontWeight="bold" color={notFound ? 'primary.solid' : 'red.solid'} lineHeight="1">
          {model.statusCode}
        </Text>
        <Heading as="h1" size="xl">
          {model.statusMessage}
        </Heading>
        {model.description && <Text color="fg.muted">{model.description}</Text>}
        <Box>
          <Link href={homeHref} color="primary.fg">
            Back to Tourdesk
          </Link>
        </Box>
      </Stack>
    </Center>
  );
}
