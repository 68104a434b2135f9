import { Button, chakra, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { fieldSlotRecipe, inputRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { formatWhen, ROLE_LABELS, ROLE_SUMMARIES } from '../../domain/members';
import { ROLES, type Role } from '../../domain/statuses';
import { selectIdle, selectInviting, selectMay, selectRevokingId } from '../../machines/team-members/selectors';
import type { TeamMembersRef } from './members-page';
import { roleSelectStyle } from './members-style';

/** The invite form: an address and a role; the field shows what is wrong, and keeps what was typed. */
export function InviteForm({ actor }: { actor: TeamMembersRef }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const fieldError = useSelector(actor, (s) => s.context.fieldError);
  const inviting = useSelector(actor, selectInviting);
  const idle = useSelector(actor, selectIdle);
  return (
    <chakra.form
      aria-labelledby="invite-heading"
      data-testid="invite-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'invite.submit' });
      }}
    >
      <Stack gap="3">
        <Heading as="h3" size="md" id="invite-heading">
          Invite a colleague
        </Heading>
        <HStack gap="3" align="flex-start" wrap="wrap">
          <Field.Root recipe={fieldSlotRecipe} invalid={fieldError !== null} flex="1" minW="240px">
            <Field.Label>E-mail address</Field.Label>
            <Input
              recipe={inputRecipe}
              type="email"
              autoComplete="off"
              placeholder="name@example.com"
              value={draft.email}
              onChange={(e) => actor.send({ type: 'invite.email', email: e.currentTarget.value })}
            />
            {/* red.700: the stock error red reads at 3.8:1 on white */}
            {fieldError && <Field.ErrorText color="red.700">{fieldError}</Field.ErrorText>}
          </Field.Root>
          <chakra.label display="grid" gap="1.5" fontSize="sm" fontWeight="medium">
            Role
            <chakra.select
              {...roleSelectStyle}
              value={draft.role}
              onChange={(e) => actor.send({ type: 'invite.role', role: e.target.value as Role })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </chakra.select>
          </chakra.label>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {ROLE_LABELS[draft.role]}: {ROLE_SUMMARIES[draft.role]}.
        </Text>
        <Button type="submit" size="sm" alignSelf="flex-start" loading={inviting} disabled={!idle}>
          Send invitation
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** Invitations not yet accepted, with Revoke. */
export function PendingInvitations({ actor }: { actor: TeamMembersRef }) {
  const invitations = useSelector(actor, (s) => s.context.invitations);
  const may = useSelector(actor, selectMay);
  const idle = useSelector(actor, selectIdle);
  const revoking = useSelector(actor, selectRevokingId);
  return (
    <Stack gap="2" as="section" aria-labelledby="invitations-heading">
      <Heading as="h3" size="md" id="invitations-heading">
        Pending invitations
      </Heading>
      {invitations.length === 0 ? (
        <Text color="fg.muted">No pending invitations.</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" data-testid="invitations-list">
          {invitations.map((inv) => (
            <HStack as="li" key={inv.id} gap="3" py="2" borderBottomWidth="1px" data-testid="invitation-row">
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="semibold" truncate>
                  {inv.email}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {ROLE_LABELS[inv.role]} · invited by {inv.invitedBy.name} · expires {formatWhen(inv.expiresAt)}
                </Text>
              </Stack>
              {may.revoke && (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Revoke the invitation of ${inv.email}`}
                  loading={revoking === inv.id}
                  disabled={!idle}
                  onClick={() => actor.send({ type: 'invitation.revoke', id: inv.id })}
                >
                  Revoke
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
