import { Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectResult, type ExportScreenActorRef } from '../../machines/export-screen/selectors';

const KIND_LABELS = { orders: 'Orders', tours: 'Tours' } as const;

/** The last export that succeeded: its file (downloading, or again from the link) and its message. */
export function ExportResult({ screen }: { screen: ExportScreenActorRef }) {
  const result = useSelector(screen, selectResult);
  if (!result) return null;
  return (
    <Stack role="status" data-testid="export-result" gap="1" p="3" borderWidth="1px" borderRadius="md" bg="bg.panel">
      <Text fontWeight="bold">{KIND_LABELS[result.kind]} file ready: the download has started.</Text>
      <Text>
        <Link href={result.link} download color="primary.fg">
          Download it again
        </Link>{' '}
        <Text as="span" color="fg.muted">
          (the link expires; export again for a fresh one)
        </Text>
      </Text>
      {result.message === null ? (
        <Text color="fg.error">The message could not be recorded with this export.</Text>
      ) : (
        <Text>
          Message recorded: <Text as="span" whiteSpace="pre-wrap">{result.message}</Text>
        </Text>
      )}
    </Stack>
  );
}
