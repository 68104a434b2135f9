import { MEMBERS_TEXT } from '../../domain/members';
import type { Role } from '../../domain/statuses';
import type { Notice } from '../settings-dialog/shared';
import { failedChange, outcome, refused } from './transitions';
import type { Invitation, Outcome, TeamMembersContext } from './types';

/**
 * The invite form's pieces of the Members page machine (team-members.machine.ts): typing, sending
 * and the answers. What is typed is kept through every answer but success; each change of the
 * e-mail address is reported to the settings dialog (`reportDraft`), so closing it with an
 * invitation typed and not sent asks first.
 */
type Done = { event: { output: Outcome<Invitation> } };
const invitationOf = ({ event }: Done) => (event.output as { data: Invitation }).data;

/** On the whole list: the form takes typing while a change is under way. */
export const inviteTyping = {
  'invite.email': {
    actions: [
      { type: 'setEmail', params: ({ event }: { event: { email: string } }) => ({ email: event.email }) },
      'reportDraft',
    ],
  },
  'invite.role': {
    actions: { type: 'setInviteRole', params: ({ event }: { event: { role: Role } }) => ({ role: event.role }) },
  },
} as const;

/** Send: a valid address goes; an invalid one is said on the field (for whom may invite). */
export const inviteSubmit = [
  { guard: 'inviteValid', target: 'inviting' },
  { guard: 'mayInvite', actions: { type: 'setFieldError', params: { message: MEMBERS_TEXT.invalidEmail } } },
] as const;

/** The invitation on its way: sent empties the form (nothing left unsaved); refused keeps it with the server's words. */
export const invitingState = {
  invoke: {
    id: 'invite',
    src: 'inviteMember',
    input: ({ context }: { context: TeamMembersContext }) => ({
      teamId: context.teamId,
      email: context.draft.email.trim(),
      role: context.draft.role,
    }),
    onDone: [
      {
        guard: { type: 'accepted', params: outcome },
        target: 'refreshing',
        actions: [
          { type: 'addInvitation', params: (args: Done) => ({ invitation: invitationOf(args) }) },
          {
            type: 'notify',
            params: (args: Done): Notice => ({
              kind: 'success',
              message: MEMBERS_TEXT.invited(invitationOf(args).email),
            }),
          },
          'clearDraft',
          'reportDraft',
        ],
      },
      { target: 'idle', actions: { type: 'setFieldError', params: refused } },
    ],
    onError: failedChange(MEMBERS_TEXT.inviteFailed),
  },
} as const;
