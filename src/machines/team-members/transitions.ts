import { can } from '../../../shared/permissions';
import { MEMBERS_TEXT } from '../../domain/members';
import type { Role } from '../../domain/statuses';
import type { Notice } from '../settings-dialog/shared';
import type { MembersPermissions, Outcome, TeamMember, TeamMembersContext } from './types';

/** Pieces of the Members page machine's transitions, named once (team-members.machine.ts). */

export const permissionsOf = (role: Role): MembersPermissions => ({
  changeRole: can(role, 'updateMemberRole'),
  remove: can(role, 'removeMember'),
  invite: can(role, 'inviteMember'),
  revoke: can(role, 'revokeInvitation'),
  invitations: can(role, 'listInvitations'),
  history: can(role, 'listMemberEvents'),
});

export const notify = (notice: Notice) => ({ type: 'notify', params: notice }) as const;
export const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
type Done<T> = { event: { output: Outcome<T> } };
export const outcome = <T>({ event }: Done<T>) => ({ outcome: event.output as Outcome<unknown> });
export const refused = <T>({ event }: Done<T>) => ({ message: event.output.ok ? '' : event.output.refusal });
/** A refused change: the server's words inline and as a toast; nothing else changes. */
export const refusedChange = {
  target: 'idle',
  actions: [
    { type: 'setRefusal', params: refused },
    {
      type: 'notify',
      params: ({ event }: Done<unknown>): Notice => ({ kind: 'error', message: refused({ event }).message }),
    },
  ],
} as const;
export const failedChange = (message: string) =>
  ({ target: 'idle', actions: [logError, notify({ kind: 'error', message })] }) as const;
export const changedMember = ({ event }: Done<TeamMember>) => ({ member: (event.output as { data: TeamMember }).data });
export const roleChangedNotice = {
  type: 'notify',
  params: ({ event }: Done<TeamMember>): Notice => {
    const { user, role } = changedMember({ event }).member;
    return { kind: 'success', message: MEMBERS_TEXT.roleChanged(user.name, role) };
  },
} as const;
export const pageInput = ({ context }: { context: TeamMembersContext }) => ({
  teamId: context.teamId,
  invitations: context.may.invitations,
  history: context.may.history,
});
