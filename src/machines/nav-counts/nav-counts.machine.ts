import { assign, setup } from 'xstate';
import { countNavTotals, type NavTotals } from '../../api/services/lists';
import type { CountsRefresh } from './types';

/**
 * The totals per view shown in the navigation, for the selected team (the session starts it once
 * a team is selected; a team switch reloads the page). The screens send `counts.refresh` when
 * something moved rows between views (bulk status, deletes, links, new tours).
 */
export interface NavCountsInput {
  teamId: string | null;
}

export interface NavCountsContext extends NavCountsInput {
  totals: NavTotals;
  error: string | null;
}

export type NavCountsEvent = CountsRefresh;

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
  },
}).createMachine({
  id: 'navCounts',
  context: ({ input }) => ({ teamId: input.teamId, totals: EMPTY, error: null }),
  initial: 'loading',
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
