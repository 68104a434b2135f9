import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import {
  inviteMember,
  loadMembersPage,
  removeMember,
  revokeInvitation,
  updateMemberRole,
} from '../../api/services/members';
import { isEmailAddress, MEMBERS_TEXT } from '../../domain/members';
import type { Role } from '../../domain/statuses';
import type { NotifyEvent } from '../notify';
import type { Notice, SettingsUnsaved } from '../settings-dialog/shared';
import { inviteSubmit, inviteTyping, invitingState } from './invite';
import {
  changedMember,
  failedChange,
  logError,
  outcome,
  pageInput,
  permissionsOf,
  refusedChange,
  roleChangedNotice,
} from './transitions';
import type {
  Invitation,
  MembersPage,
  Outcome,
  TeamMember,
  TeamMembersContext,
  TeamMembersEvent,
  TeamMembersInput,
} from './types';

/**
 * The Members page (settings dialog): the team's members with their role; for whoever the role
 * matrix lets manage them (ADMIN), a role select per member, Remove with a confirmation, the invite
 * form, the pending invitations with Revoke, and the history. Each change is one call; a refusal
 * (e.g. 409, the team's last admin) is shown in the server's words and changes nothing; after a
 * change the page loads again (the history has a new entry). The invite form keeps what was typed
 * through every answer but success (invite.ts), and tells the settings dialog (`owner`) whether an
 * invitation is typed and not sent. Without the rights the page is the list, read-only.
 */
export type { TeamMembersContext, TeamMembersEvent, TeamMembersInput } from './types';
export { permissionsOf } from './transitions';

export const MEMBERS_FAILED = MEMBERS_TEXT.loadFailed;

export const teamMembersMachine = setup({
  types: {
    input: {} as TeamMembersInput,
    context: {} as TeamMembersContext,
    events: {} as TeamMembersEvent,
    emitted: {} as NotifyEvent,
  },
  actors: { loadMembersPage, updateMemberRole, removeMember, inviteMember, revokeInvitation },
  guards: {
    accepted: (_, params: { outcome: Outcome<unknown> }) => params.outcome.ok,
    acceptedForSelf: ({ context }, params: { outcome: Outcome<unknown> }) =>
      params.outcome.ok && context.change?.userId === context.userId,
    roleChanges: ({ context }, params: { userId: string; role: Role }) =>
      context.may.changeRole && context.members.some((m) => m.user.id === params.userId && m.role !== params.role),
    // leaving the team oneself is not this page's business
    removable: ({ context }, params: { userId: string }) =>
      context.may.remove &&
      params.userId !== context.userId &&
      context.members.some((m) => m.user.id === params.userId),
    mayInvite: ({ context }) => context.may.invite,
    inviteValid: ({ context }) => context.may.invite && isEmailAddress(context.draft.email),
    revocable: ({ context }, params: { id: string }) =>
      context.may.revoke && context.invitations.some((i) => i.id === params.id),
  },
  actions: {
    setPage: assign((_, page: MembersPage) => ({ ...page, error: null })),
    setError: assign({ error: MEMBERS_FAILED }),
    setEmail: assign(({ context }, params: { email: string }) => ({
      draft: { ...context.draft, email: params.email },
      fieldError: null,
    })),
    setInviteRole: assign(({ context }, params: { role: Role }) => ({
      draft: { ...context.draft, role: params.role },
    })),
    setFieldError: assign((_, params: { message: string }) => ({ fieldError: params.message })),
    clearDraft: assign({ draft: { email: '', role: 'MEMBER' as Role }, fieldError: null }),
    setRefusal: assign((_, params: { message: string }) => ({ refusal: params.message })),
    keepChange: assign((_, params: { userId: string; role: Role }) => ({ change: params, refusal: null })),
    keepRemoving: assign(({ context }, params: { userId: string }) => ({
      removing: context.members.find((m) => m.user.id === params.userId) ?? null,
      refusal: null,
    })),
    keepRevoking: assign(({ context }, params: { id: string }) => ({
      revoking: context.invitations.find((i) => i.id === params.id) ?? null,
      refusal: null,
    })),
    settle: assign({ change: null, removing: null, revoking: null }),
    /** The member as the server now has it; when it is the user, what the page allows follows the new role. */
    applyMember: assign(({ context }, params: { member: TeamMember }) => {
      const members = context.members.map((m) => (m.user.id === params.member.user.id ? params.member : m));
      if (params.member.user.id !== context.userId) return { members };
      return { members, role: params.member.role, may: permissionsOf(params.member.role) };
    }),
    dropMember: assign(({ context }) => ({
      members: context.members.filter((m) => m.user.id !== context.removing?.user.id),
    })),
    addInvitation: assign(({ context }, params: { invitation: Invitation }) => ({
      invitations: [params.invitation, ...context.invitations.filter((i) => i.email !== params.invitation.email)],
    })),
    dropInvitation: assign(({ context }) => ({
      invitations: context.invitations.filter((i) => i.id !== context.revoking?.id),
    })),
    /** The user's own role changed: the session loads their teams again, so the whole app follows. */
    refreshSession: sendTo(({ context }) => context.session, { type: 'session.refresh' }),
    /** To the settings dialog: an invitation typed and not sent (for whom may still send it) is unsaved. */
    reportDraft: enqueueActions(({ context, enqueue }) => {
      if (!context.owner) return;
      const unsaved = context.may.invite && context.draft.email.trim() !== '';
      enqueue.sendTo(context.owner, { type: 'settings.unsaved', draft: 'invite', unsaved } satisfies SettingsUnsaved);
    }),
    notify: emit((_, params: Notice) => ({ type: 'notify' as const, ...params })),
    logError: (_, params: { error: unknown }) => {
      console.error('[team-members]', params.error);
    },
  },
}).createMachine({
  id: 'teamMembers',
  context: ({ input }) => ({
    ...input,
    may: permissionsOf(input.role),
    members: [],
    invitations: [],
    events: [],
    draft: { email: '', role: 'MEMBER' },
    fieldError: null,
    refusal: null,
    change: null,
    removing: null,
    revoking: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMembers',
        src: 'loadMembersPage',
        input: pageInput,
        onDone: { target: 'list', actions: { type: 'setPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: ['setError', logError] },
      },
    },
    failed: { on: { 'members.retry': 'loading' } },
    list: {
      on: inviteTyping,
      initial: 'idle',
      states: {
        idle: {
          entry: 'settle',
          on: {
            'member.role': {
              guard: { type: 'roleChanges', params: ({ event }) => event },
              target: 'changingRole',
              actions: { type: 'keepChange', params: ({ event }) => ({ userId: event.userId, role: event.role }) },
            },
            'member.remove': {
              guard: { type: 'removable', params: ({ event }) => event },
              target: 'confirmingRemove',
              actions: { type: 'keepRemoving', params: ({ event }) => event },
            },
            'invite.submit': inviteSubmit,
            'invitation.revoke': {
              guard: { type: 'revocable', params: ({ event }) => event },
              target: 'revoking',
              actions: { type: 'keepRevoking', params: ({ event }) => event },
            },
          },
        },
        confirmingRemove: { on: { 'remove.confirm': 'removing', 'remove.cancel': 'idle' } },
        changingRole: {
          invoke: {
            id: 'changeRole',
            src: 'updateMemberRole',
            input: ({ context }) => ({ teamId: context.teamId, ...context.change! }),
            onDone: [
              {
                guard: { type: 'acceptedForSelf', params: outcome },
                target: 'refreshing',
                // the user's own role: what the page allows follows, and so does the invite form's report
                actions: [
                  { type: 'applyMember', params: changedMember },
                  roleChangedNotice,
                  'refreshSession',
                  'reportDraft',
                ],
              },
              {
                guard: { type: 'accepted', params: outcome },
                target: 'refreshing',
                actions: [{ type: 'applyMember', params: changedMember }, roleChangedNotice],
              },
              refusedChange,
            ],
            onError: failedChange(MEMBERS_TEXT.roleFailed),
          },
        },
        removing: {
          invoke: {
            id: 'removeMember',
            src: 'removeMember',
            input: ({ context }) => ({ teamId: context.teamId, userId: context.removing!.user.id }),
            onDone: [
              {
                guard: { type: 'accepted', params: outcome },
                target: 'refreshing',
                actions: [
                  'dropMember',
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      kind: 'success',
                      message: MEMBERS_TEXT.removed(context.removing!.user.name),
                    }),
                  },
                ],
              },
              refusedChange,
            ],
            onError: failedChange(MEMBERS_TEXT.removeFailed),
          },
        },
        inviting: invitingState,
        revoking: {
          invoke: {
            id: 'revokeInvitation',
            src: 'revokeInvitation',
            input: ({ context }) => ({ teamId: context.teamId, id: context.revoking!.id }),
            onDone: [
              {
                guard: { type: 'accepted', params: outcome },
                target: 'refreshing',
                actions: [
                  'dropInvitation',
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      kind: 'success',
                      message: MEMBERS_TEXT.revoked(context.revoking!.email),
                    }),
                  },
                ],
              },
              refusedChange,
            ],
            onError: failedChange(MEMBERS_TEXT.revokeFailed),
          },
        },
        /** After a change: the page again from the server (the history's new entry); the list stays meanwhile. */
        refreshing: {
          invoke: {
            id: 'reloadMembers',
            src: 'loadMembersPage',
            input: pageInput,
            onDone: { target: 'idle', actions: { type: 'setPage', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: logError },
          },
        },
      },
    },
  },
});
