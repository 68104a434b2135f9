import { Alert, Avatar, Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ROLE_LABELS } from '../../domain/members';
import { initialOf } from '../../domain/session-rules';
import { ROLES, type Role } from '../../domain/statuses';
import { selectChange, selectIdle, selectMay, selectView } from '../../machines/team-members/selectors';
import type { teamMembersMachine } from '../../machines/team-members/team-members.machine';
import { useNotifications } from '../app/notifications';
import { MembersHistory } from './members-history';
import { InviteForm, PendingInvitations } from './members-invite';
import { RemoveMemberDialog } from './members-remove-dialog';
import { roleSelectStyle } from './members-style';
import { PageFailed, PageLoading } from './page-state';

export type TeamMembersRef = ActorRefFrom<typeof teamMembersMachine>;

/**
 * The Members page: one row per member (avatar or first letter, name, e-mail, role). Whoever the
 * role matrix lets manage members also gets a role select and Remove per member, the invite form,
 * the pending invitations and the history; everybody else sees the list read-only.
 */
export function MembersPage({ actor }: { actor: TeamMembersRef | undefined }) {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h2" size="lg">
          Members
        </Heading>
        <Text color="fg.muted">Manage members</Text>
      </Stack>
      {actor && <MembersContent actor={actor} />}
    </Stack>
  );
}

function MembersContent({ actor }: { actor: TeamMembersRef }) {
  useNotifications(actor);
  const view = useSelector(actor, selectView);
  const error = useSelector(actor, (s) => s.context.error);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const may = useSelector(actor, selectMay);
  if (view === 'loading') return <PageLoading testId="members-loading" label="Loading members…" />;
  if (view === 'failed') {
    return (
      <PageFailed testId="members-failed" message={error ?? ''} onRetry={() => actor.send({ type: 'members.retry' })} />
    );
  }
  return (
    <Stack gap="8">
      {refusal && (
        <Alert.Root status="error" role="alert" data-testid="members-refusal">
          <Alert.Indicator />
          <Alert.Title>{refusal}</Alert.Title>
        </Alert.Root>
      )}
      <MemberList actor={actor} />
      {may.invite && <InviteForm actor={actor} />}
      {may.invitations && <PendingInvitations actor={actor} />}
      {may.history && <MembersHistory actor={actor} />}
      <RemoveMemberDialog actor={actor} />
    </Stack>
  );
}

function MemberList({ actor }: { actor: TeamMembersRef }) {
  const members = useSelector(actor, (s) => s.context.members);
  const userId = useSelector(actor, (s) => s.context.userId);
  const may = useSelector(actor, selectMay);
  const idle = useSelector(actor, selectIdle);
  const change = useSelector(actor, selectChange);
  return (
    <Stack as="ul" gap="0" listStyleType="none" data-testid="members-list" aria-label="Members">
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
          {may.changeRole ? (
            <chakra.select
              {...roleSelectStyle}
              aria-label={`Role of ${user.name}`}
              value={change?.userId === user.id ? change.role : role}
              disabled={!idle}
              onChange={(e) => actor.send({ type: 'member.role', userId: user.id, role: e.target.value as Role })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </chakra.select>
          ) : (
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" data-testid="member-role">
              {role}
            </Text>
          )}
          {may.remove && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Remove ${user.name}`}
              // leaving the team oneself is not done here
              visibility={user.id === userId ? 'hidden' : 'visible'}
              disabled={!idle || user.id === userId}
              onClick={() => actor.send({ type: 'member.remove', userId: user.id })}
            >
              Remove
            </Button>
          )}
        </HStack>
      ))}
    </Stack>
  );
}
