import { assign, sendTo, setup } from 'xstate';
import { countNavTotals, type NavTotals, type NavTotalsInput } from '../../api/services/lists';
import type { CountScope } from '../../domain/nav-scope';
import { findTeam, type SessionUser } from '../../domain/session-rules';
import { inboxCountMachine } from '../inbox-count/inbox-count.machine';
import type { CountsInbox, CountsRefresh } from './types';

/**
 * The totals per view shown in the navigation, for the selected team (the session starts it once
 * a team is selected; a team switch reloads the page). They count what the list on screen shows:
 * its screen sends `counts.refresh` with its scope (range, OTA, search, basis) when it opens and
 * when its filters change, and without one when something moved rows between views (bulk status,
 * deletes, links, new tours). Before any list said so, they count the default month. The inbox's
 * open items are counted by a child of their own (`inboxCount`), told by `counts.inbox`.
 */
export interface NavCountsInput {
  teamId: string | null;
  timezone: string;
}

/** The input for the selected team of a user: its id and its timezone (UTC when it has none). */
export function navCountsInput(user: SessionUser | null, teamId: string | null): NavCountsInput {
  return { teamId, timezone: findTeam(user, teamId)?.timezone || 'UTC' };
}

export interface NavCountsContext extends NavCountsInput {
  /** What the totals count (null: the default month); links carry it too. */
  scope: CountScope | null;
  totals: NavTotals;
  error: string | null;
}

export type NavCountsEvent = CountsRefresh | CountsInbox;

const EMPTY: NavTotals = { orders: {}, tours: {} };
const COUNTS_FAILED = 'Failed to fetch the totals';

export const navCountsMachine = setup({
  types: {
    context: {} as NavCountsContext,
    input: {} as NavCountsInput,
    events: {} as NavCountsEvent,
    tags: 'loading' as const,
  },
  actors: { loadTotals: countNavTotals, inboxCount: inboxCountMachine },
  actions: {
    setScope: assign((_, params: { scope: CountScope | undefined }) => (params.scope ? { scope: params.scope } : {})),
    setTotals: assign((_, params: { totals: NavTotals }) => ({ totals: params.totals, error: null })),
    setError: assign({ error: COUNTS_FAILED }),
    recountInbox: sendTo('inboxCount', { type: 'counts.inbox' }),
    logInboxError: (_, params: { error: unknown }) => {
      console.error('[navCounts] inbox count', params.error);
    },
  },
}).createMachine({
  id: 'navCounts',
  context: ({ input }) => ({ teamId: input.teamId, timezone: input.timezone, scope: null, totals: EMPTY, error: null }),
  initial: 'loading',
  invoke: {
    id: 'inboxCount',
    src: 'inboxCount',
    input: ({ context }) => ({ teamId: context.teamId }),
    onError: { actions: { type: 'logInboxError', params: ({ event }) => ({ error: event.error }) } },
  },
  // a refresh while loading starts over, so the newest totals (and scope) win
  on: {
    'counts.inbox': { actions: 'recountInbox' },
    'counts.refresh': {
      target: '.loading',
      reenter: true,
      actions: { type: 'setScope', params: ({ event }) => ({ scope: event.scope }) },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTotals',
        src: 'loadTotals',
        input: ({ context }): NavTotalsInput => ({
          teamId: context.teamId,
          timezone: context.timezone,
          scope: context.scope,
        }),
        onDone: { target: 'ready', actions: { type: 'setTotals', params: ({ event }) => ({ totals: event.output }) } },
        onError: { target: 'ready', actions: 'setError' },
      },
    },
    ready: {},
  },
});
