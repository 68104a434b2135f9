import { fromPromise } from 'xstate';
import type { Role } from '../../domain/statuses';
import { api } from '../client';
import type { components } from '../schema';
import { orRefusal, orThrow } from './policy';

/** A team's members, invitations and history (the settings dialog's Members page). */
export type TeamMember = components['schemas']['TeamMember'];
export type Invitation = components['schemas']['Invitation'];
export type MemberEvent = components['schemas']['MemberEvent'];

export interface MembersPage {
  members: TeamMember[];
  /** Loaded only for those who may see them (ADMIN, by the role matrix); else empty. */
  invitations: Invitation[];
  events: MemberEvent[];
}

/** A write the server refused, with its message: shown as it is (e.g. 409, the team's last admin). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; refusal: string };

const REFUSED = new Set([400, 403, 404, 409]);
const refusalOf = (status: number, body: unknown): string | null =>
  REFUSED.has(status) ? String((body as { message?: unknown } | undefined)?.message ?? 'Refused') : null;

/** Throws on failure: the page shows a failure with a retry. */
export const loadMembersPage = fromPromise<MembersPage, { teamId: string; invitations: boolean; history: boolean }>(
  async ({ input, signal }) => {
    const query = { teamId: input.teamId };
    const [members, invitations, events] = await Promise.all([
      orThrow('listTeamMembers', () => api.GET('/api/v1/team/members', { params: { query }, signal })),
      input.invitations
        ? orThrow('listInvitations', () => api.GET('/api/v1/team/invitations', { params: { query }, signal }))
        : { invitations: [] },
      input.history
        ? orThrow('listMemberEvents', () => api.GET('/api/v1/team/members/history', { params: { query }, signal }))
        : { events: [] },
    ]);
    return { members: members.members, invitations: invitations.invitations, events: events.events };
  },
);

// Writes take no abort signal: leaving the page does not cancel a change already asked for.

export const updateMemberRole = fromPromise<Outcome<TeamMember>, { teamId: string; userId: string; role: Role }>(
  ({ input }) =>
    orRefusal(
      'updateMemberRole',
      () =>
        api.PATCH('/api/v1/team/members/{userId}', {
          params: { path: { userId: input.userId } },
          body: { teamId: input.teamId, role: input.role },
        }),
      refusalOf,
    ),
);

export const removeMember = fromPromise<Outcome<unknown>, { teamId: string; userId: string }>(({ input }) =>
  orRefusal(
    'removeMember',
    () =>
      api.DELETE('/api/v1/team/members/{userId}', {
        params: { path: { userId: input.userId }, query: { teamId: input.teamId } },
      }),
    refusalOf,
  ),
);

export const inviteMember = fromPromise<Outcome<Invitation>, { teamId: string; email: string; role: Role }>(
  ({ input }) =>
    orRefusal(
      'inviteMember',
      () =>
        api.POST('/api/v1/team/invitations', { body: { teamId: input.teamId, email: input.email, role: input.role } }),
      refusalOf,
    ),
);

export const revokeInvitation = fromPromise<Outcome<unknown>, { teamId: string; id: string }>(({ input }) =>
  orRefusal(
    'revokeInvitation',
    () =>
      api.DELETE('/api/v1/team/invitations/{id}', {
        params: { path: { id: input.id }, query: { teamId: input.teamId } },
      }),
    refusalOf,
  ),
);
