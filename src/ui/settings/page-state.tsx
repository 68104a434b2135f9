import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';

/** Loading and failure shown in a settings page (the toasts say the rest). */
export function PageLoading({ testId, label }: { testId: string; label: string }) {
  return (
    <HStack gap="2" color="fg.muted" data-testid={testId}>
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

export function PageFailed({ testId, message, onRetry }: { testId: string; message: string; onRetry: () => void }) {
  return (
    <Stack gap="2" align="flex-start" data-testid={testId}>
      <Text color="fg.error">{message}</Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Stack>
  );
}
