import { Spinner, Stack, Text } from '@chakra-ui/react';

/** /auth/callback: the session machine completes the sign-in and navigates on. */
export function CallbackPage() {
  return (
    <Stack align="center" gap="3" py="6" aria-busy="true">
      <Spinner size="lg" color="primary.solid" />
      <Text color="fg.muted">Signing you in…</Text>
    </Stack>
  );
}
