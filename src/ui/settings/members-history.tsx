import { chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { describeMemberChange, formatWhen } from '../../domain/members';
import type { TeamMembersRef } from './members-page';

/** Who changed what in the team's members, and when, newest first. */
export function MembersHistory({ actor }: { actor: TeamMembersRef }) {
  const events = useSelector(actor, (s) => s.context.events);
  return (
    <Stack gap="2" as="section" aria-labelledby="history-heading">
      <Heading as="h3" size="md" id="history-heading">
        History
      </Heading>
      {events.length === 0 ? (
        <Text color="fg.muted">No changes yet.</Text>
      ) : (
        <Stack as="ol" gap="1" listStyleType="none" data-testid="members-history">
          {events.map((e) => (
            <Text as="li" key={e.id} fontSize="sm" data-testid="history-row">
              <Text as="span" fontWeight="semibold">
                {e.actor?.name ?? 'Tourdesk'}
              </Text>{' '}
              {describeMemberChange(e)}{' '}
              <chakra.time color="fg.muted" dateTime={e.timestamp}>
                · {formatWhen(e.timestamp)}
              </chakra.time>
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
