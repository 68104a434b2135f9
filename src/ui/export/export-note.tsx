import { chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { NOTE_MAX_LENGTH } from '../../machines/export-screen/export-screen.machine';
import { selectNote, selectNoteError, type ExportScreenActorRef } from '../../machines/export-screen/selectors';

/** The optional note recorded with the export; kept as typed, with the reason when it is too long. */
export function ExportNote({ screen }: { screen: ExportScreenActorRef }) {
  const note = useSelector(screen, selectNote);
  const error = useSelector(screen, selectNoteError);
  return (
    <Stack gap="1">
      <chakra.label htmlFor="export-note" fontWeight="medium">
        Note (optional)
      </chakra.label>
      <chakra.textarea
        id="export-note"
        value={note}
        placeholder="Recorded with the export; without one, who exported and when is recorded."
        aria-invalid={error ? true : undefined}
        aria-describedby="export-note-help"
        onChange={(e) => screen.send({ type: 'export.note', note: e.target.value })}
        rows={3}
        p="2"
        borderWidth="1px"
        borderColor={error ? 'border.error' : 'border'}
        borderRadius="md"
        bg="bg"
      />
      <HStack id="export-note-help" justify="space-between" gap="3" fontSize="sm">
        <Text color="fg.error" role={error ? 'alert' : undefined}>
          {error}
        </Text>
        <Text color={error ? 'fg.error' : 'fg.muted'} flexShrink={0}>
          {note.length.toLocaleString('en-US')} / {NOTE_MAX_LENGTH.toLocaleString('en-US')}
        </Text>
      </HStack>
    </Stack>
  );
}
