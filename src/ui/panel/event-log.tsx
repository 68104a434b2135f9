import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { timelineDate } from '../../domain/edits';
import type { DetailRef } from './panel-types';

/** The event log timeline (oldest first, dates in 12-hour form) and the comment box. */
export function EventLog({ detail, timezone }: { detail: DetailRef; timezone: string }) {
  const logs = useSelector(detail, (s) => s.context.record?.eventLogs ?? []);
  const signedIn = useSelector(detail, (s) => s.context.userId !== null);
  const commenting = useSelector(detail, (s) => s.matches({ ready: 'commenting' }));
  const [text, setText] = useState('');
  const canSend = useSelector(detail, (s) => s.can({ type: 'comment.add', text }));
  const send = () => {
    detail.send({ type: 'comment.add', text });
    setText('');
  };
  return (
    <Stack gap="2">
      <Text fontWeight="bold">Activity</Text>
      <chakra.ol listStyleType="none" m="0" p="0" data-testid="event-log">
        {logs.map((log) => (
          <chakra.li key={log.id} borderLeftWidth="2px" borderColor="border" pl="2" pb="2">
            <Text fontSize="xs" color="fg.muted">
              {timelineDate(log.timestamp, timezone)} ·{' '}
              {log.isSystemEvent ? 'System' : (log.operatedBy?.name ?? 'Someone')}
              {log.type !== 'COMMENT' ? ` · ${log.type}` : ''}
            </Text>
            <Text fontSize="sm">{log.comment}</Text>
          </chakra.li>
        ))}
      </chakra.ol>
      <chakra.textarea
        aria-label="Comment"
        placeholder={signedIn ? 'Write a comment' : 'Sign in to comment'}
        value={text}
        disabled={!signedIn || commenting}
        onChange={(e) => setText(e.target.value)}
        rows={2}
        p="2"
        borderWidth="1px"
        borderColor="border"
        borderRadius="sm"
        fontSize="sm"
      />
      <HStack justify="flex-end">
        <Button size="xs" onClick={send} disabled={!canSend} loading={commenting}>
          Comment
        </Button>
      </HStack>
    </Stack>
  );
}
