import { Box, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectConnection } from '../../machines/live/selectors';
import type { LiveConnection } from '../../machines/live/types';
import { selectLive } from '../../machines/session/selectors';
import { SessionContext } from '../app/actors';

const SHOWN: Record<LiveConnection, { text: string; color: string }> = {
  live: { text: 'Live', color: 'green.500' },
  connecting: { text: 'Connecting…', color: 'gray.400' },
  reconnecting: { text: 'Reconnecting…', color: 'orange.400' },
  stopped: { text: 'Not live', color: 'gray.400' },
};

/** Whether the lists follow other people's changes: the words say it, the dot only repeats it. */
export function LiveIndicator() {
  const live = SessionContext.useSelector(selectLive);
  const connection = useSelector(live, (s) => (s ? selectConnection(s) : null));
  if (!connection) return null;
  const { text, color } = SHOWN[connection];
  return (
    <HStack
      role="status"
      aria-label={`Live updates: ${text}`}
      data-live={connection}
      gap="1.5"
      px="2"
      fontSize="xs"
      color="fg.muted"
    >
      <Box as="span" aria-hidden width="2" height="2" borderRadius="full" bg={color} />
      <Text as="span">{text}</Text>
    </HStack>
  );
}
