import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Center minH="100vh" aria-busy="true">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="primary.solid" />
        {label && <Text color="fg.muted">{label}</Text>}
      </Stack>
    </Center>
  );
}
