import { assign, setup } from 'xstate';
import { listTeamMembers, type TeamMember } from '../../api/services/settings';

/** The Members page: loading, the list, or a failure with a retry. */
export interface TeamMembersContext {
  teamId: string;
  members: TeamMember[];
  error: string | null;
}

export type TeamMembersEvent = { type: 'members.retry' };

export const MEMBERS_FAILED = 'The members could not be loaded.';

export const teamMembersMachine = setup({
  types: {
    input: {} as { teamId: string },
    context: {} as TeamMembersContext,
    events: {} as TeamMembersEvent,
  },
  actors: { listTeamMembers },
  actions: {
    setMembers: assign((_, params: { members: TeamMember[] }) => ({ members: params.members, error: null })),
    setError: assign({ error: MEMBERS_FAILED }),
  },
}).createMachine({
  id: 'teamMembers',
  context: ({ input }) => ({ teamId: input.teamId, members: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMembers',
        src: 'listTeamMembers',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'list', actions: { type: 'setMembers', params: ({ event }) => ({ members: event.output }) } },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    list: {},
    failed: { on: { 'members.retry': 'loading' } },
  },
});
