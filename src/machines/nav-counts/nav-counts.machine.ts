import { assign, setup } from 'xstate';
import { countNavTotals, type NavTotals } from '../../api/services/lists';

/**
 * The totals per view shown in the navigation, for the selected team. Anything that moves rows
 * between views (bulk status, deletes, new tours) sends `counts.refresh`.
 */
export interface NavCountsInput {
  teamId: string | null;
}

export interface NavCountsContext extends NavCountsInput {
  totals: NavTotals;
  error: string | null;
}

/** `counts.team`: the selected team changed (the layout outlives the session's start). */
export type NavCountsEvent = { type: 'counts.refresh' } | { type: 'counts.team'; teamId: string | null };

const EMPTY: NavTotals = { orders: {}, tours: {} };
const COUNTS_FAILED = 'Failed to fetch the totals';

export const navCountsMachine = setup({
  types: {
    context: {} as NavCountsContext,
    input: {} as NavCountsInput,
    events: {} as NavCountsEvent,
    tags: 'loading' as const,
  },
  actors: { loadTotals: countNavTotals },
  actions: {
    setTotals: assign((_, params: { totals: NavTotals }) => ({ totals: params.totals, error: null })),
    setError: assign({ error: COUNTS_FAILED }),
    setTeam: assign((_, params: { teamId: string | null }) => ({ teamId: params.teamId, totals: EMPTY })),
  },
  guards: {
    otherTeam: ({ context }, params: { teamId: string | null }) => context.teamId !== params.teamId,
  },
}).createMachine({
  id: 'navCounts',
  context: ({ input }) => ({ teamId: input.teamId, totals: EMPTY, error: null }),
  initial: 'loading',
  on: {
    'counts.team': {
      guard: { type: 'otherTeam', params: ({ event }) => ({ teamId: event.teamId }) },
      target: '.loading',
      actions: { type: 'setTeam', params: ({ event }) => ({ teamId: event.teamId }) },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTotals',
        src: 'loadTotals',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: { target: 'ready', actions: { type: 'setTotals', params: ({ event }) => ({ totals: event.output }) } },
        onError: { target: 'ready', actions: 'setError' },
      },
      // a refresh while loading starts over, so the newest totals win
      on: { 'counts.refresh': { target: 'loading', reenter: true } },
    },
    ready: {
      on: { 'counts.refresh': 'loading' },
    },
  },
});
