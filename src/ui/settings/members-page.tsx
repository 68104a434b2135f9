import { Avatar, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { initialOf } from '../../domain/session-rules';
import type { teamMembersMachine } from '../../machines/team-members/team-members.machine';
import { PageFailed, PageLoading } from './page-state';

export type TeamMembersRef = ActorRefFrom<typeof teamMembersMachine>;
type Snap = SnapshotFrom<typeof teamMembersMachine>;

const selectView = (s: Snap) => (s.matches('list') ? 'list' : s.matches('failed') ? 'failed' : 'loading');

/** The Members page: one row per member (avatar or first letter, name, e-mail, role). */
export function MembersPage({ actor }: { actor: TeamMembersRef | undefined }) {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h2" size="lg">
          Members
        </Heading>
        <Text color="fg.muted">Manage members</Text>
      </Stack>
      {actor && <MemberList actor={actor} />}
    </Stack>
  );
}

function MemberList({ actor }: { actor: TeamMembersRef }) {
  const view = useSelector(actor, selectView);
  const members = useSelector(actor, (s) => s.context.members);
  const error = useSelector(actor, (s) => s.context.error);
  if (view === 'loading') return <PageLoading testId="members-loading" label="Loading members…" />;
  if (view === 'failed') {
    return (
      <PageFailed testId="members-failed" message={error ?? ''} onRetry={() => actor.send({ type: 'members.retry' })} />
    );
  }
  return (
    <Stack as="ul" gap="0" listStyleType="none" data-testid="members-list">
      {members.map(({ user, role }) => (
        <HStack as="li" key={user.id} gap="3" py="2" borderBottomWidth="1px" data-testid="member-row">
          <Avatar.Root size="sm" shape="full">
            <Avatar.Fallback>{initialOf(user.name)}</Avatar.Fallback>
            {user.avatarUrl && <Avatar.Image src={user.avatarUrl} alt="" />}
          </Avatar.Root>
          <Box flex="1" minW="0">
            <Text fontWeight="semibold" truncate>
              {user.name}
            </Text>
            <Text color="fg.muted" fontSize="sm" truncate>
              {user.email}
            </Text>
          </Box>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
            {role}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
