import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import { activityTypeLabel, describeChanges } from '../../domain/edit-changes';
import { formatTimelineDate } from '../../domain/format';
import type { CommentBoxActorRef } from '../../machines/comment-box/selectors';
import { selectCanSend, selectDraft, selectSaving, selectSignedIn } from '../../machines/comment-box/selectors';
import type { DetailRef } from '../../machines/detail/selectors';

/** The event log timeline (oldest first, dates in 12-hour form) and the comment box. */
export function EventLog({ detail, timezone }: { detail: DetailRef; timezone: string }) {
  const logs = useSelector(detail, (s) => s.context.record?.eventLogs ?? []);
  const box = useSelector(detail, (s) => s.children.comment as CommentBoxActorRef | undefined);
  return (
    <Stack gap="2">
      <Text fontWeight="bold">Activity</Text>
      <chakra.ol listStyleType="none" m="0" p="0" data-testid="event-log">
        {logs.map((log) => (
          <chakra.li key={log.id} borderLeftWidth="2px" borderColor="border" pl="2" pb="2">
            <Text fontSize="xs" color="fg.muted">
              {formatTimelineDate(log.timestamp, timezone)} ·{' '}
              {log.isSystemEvent ? 'System' : (log.operatedBy?.name ?? 'Someone')}
              {log.type !== 'COMMENT' ? ` · ${activityTypeLabel(log.type)}` : ''}
            </Text>
            {log.changes?.length ? (
              describeChanges(log.changes, timezone).map((line) => (
                <Text key={line} fontSize="sm">
                  {line}
                </Text>
              ))
            ) : (
              <Text fontSize="sm">{log.comment}</Text>
            )}
          </chakra.li>
        ))}
      </chakra.ol>
      {box && <CommentBox box={box} />}
    </Stack>
  );
}

/**
 * The draft lives in the machine: a comment that fails to save is still there to send again.
 * Ctrl+Enter (Cmd+Enter on a Mac) sends it, like the Comment button.
 */
function CommentBox({ box }: { box: CommentBoxActorRef }) {
  const draft = useSelector(box, selectDraft);
  const signedIn = useSelector(box, selectSignedIn);
  const saving = useSelector(box, selectSaving);
  const canSend = useSelector(box, selectCanSend);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    box.send({ type: 'comment.submit' });
  };
  return (
    <>
      <chakra.textarea
        aria-label="Comment"
        placeholder={signedIn ? 'Write a comment' : 'Sign in to comment'}
        value={draft}
        disabled={!signedIn}
        // read-only rather than disabled while saving: the focus stays in the box
        readOnly={saving}
        onChange={(e) => box.send({ type: 'comment.change', text: e.target.value })}
        onKeyDown={onKeyDown}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        rows={2}
        p="2"
        borderWidth="1px"
        borderColor="border"
        borderRadius="sm"
        fontSize="sm"
      />
      <HStack justify="flex-end">
        <Button size="xs" onClick={() => box.send({ type: 'comment.submit' })} disabled={!canSend} loading={saving}>
          Comment
        </Button>
      </HStack>
    </>
  );
}
