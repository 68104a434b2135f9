import { assign, enqueueActions, sendTo, setup } from 'xstate';
import { countNavTotals, type NavTotals, type NavTotalsInput } from '../../api/services/lists';
import { countsSame, defaultScope, type CountScope } from '../../domain/nav-scope';
import { findTeam, type SessionUser } from '../../domain/session-rules';
import { inboxCountMachine } from '../inbox-count/inbox-count.machine';
import { liveFeed, type LiveFeedInput } from '../live/live-feed';
import type { LiveChange, LiveReport } from '../live/types';
import type { CountsInbox, CountsRefresh, CountsRelease } from './types';

/**
 * The totals per view shown in the navigation, for the selected team (the session starts it once
 * a team is selected; a team switch reloads the page). They count what the list on screen shows:
 * its screen sends `counts.refresh` with its scope (range, OTA, search, basis) when it opens and
 * when its filters change, and without one when something moved rows between views (bulk status,
 * deletes, links, new tours). When that screen closes (`counts.release`) they count the default
 * month again, as before any list said otherwise: only the list on screen scopes them. The inbox's
 * open items are counted by a child of their own (`inboxCount`), told by `counts.inbox`. Changes
 * anybody makes (the session's live stream) count both again, at most
 * once per LIVE_RECOUNT_MS however many arrive. The first count waits for the screen on show
 * (`waiting`): a list's scope starts it, as the list asks for its first page; a screen without a
 * list gets the default month after FIRST_COUNT_MS. Twelve totals answered while the first screen
 * renders made it render again and again (measured: the orders list asked for its rows 160 ms later).
 */
export interface NavCountsInput {
  teamId: string | null;
  timezone: string;
  /** The session's live stream (a getter: it is found when the totals' feed starts). */
  live?: LiveFeedInput['live'];
}

/** The input for the selected team of a user: its id and its timezone (UTC when it has none). */
export function navCountsInput(user: SessionUser | null, teamId: string | null): NavCountsInput {
  return { teamId, timezone: findTeam(user, teamId)?.timezone || 'UTC' };
}

export interface NavCountsContext extends NavCountsInput {
  /** What the totals count (null: the default month); links carry it too, without its search. */
  scope: CountScope | null;
  /** The screen that set the scope: only its release ends it (another list may have set its own since). */
  owner: string | null;
  /** What the totals shown or being loaded count: the scope, or the default month of when they were asked for. */
  counted: CountScope | null;
  totals: NavTotals;
  error: string | null;
  /** What live changes have made stale, counted again when the recount is due. */
  stale: { totals: boolean; inbox: boolean };
}

export type NavCountsEvent = CountsRefresh | CountsRelease | CountsInbox | LiveReport | { type: 'counts.liveDue' };

export const LIVE_RECOUNT_MS = 500;
/** How long the first count waits for a list screen to say what it shows. */
export const FIRST_COUNT_MS = 1000;

const EMPTY: NavTotals = { orders: {}, tours: {} };
const COUNTS_FAILED = 'Failed to fetch the totals';

export const navCountsMachine = setup({
  types: {
    context: {} as NavCountsContext,
    input: {} as NavCountsInput,
    events: {} as NavCountsEvent,
    tags: 'loading' as const,
  },
  actors: { loadTotals: countNavTotals, inboxCount: inboxCountMachine, liveFeed },
  delays: { liveRecount: LIVE_RECOUNT_MS, firstCount: FIRST_COUNT_MS },
  guards: {
    totalsStale: ({ context }) => context.stale.totals,
    ownsScope: ({ context }, params: { owner: string }) => context.scope !== null && context.owner === params.owner,
    /** A list that opens on what the totals already count (the default month, say) needs no count again. */
    countedAlready: ({ context }, params: { scope: CountScope | undefined }) =>
      params.scope !== undefined &&
      context.counted !== null &&
      context.error === null &&
      !context.stale.totals &&
      countsSame(context.counted, params.scope),
  },
  actions: {
    setScope: assign((_, params: { scope: CountScope | undefined; owner: string | undefined }) =>
      params.scope ? { scope: params.scope, owner: params.owner ?? null } : {},
    ),
    clearScope: assign({ scope: null, owner: null }),
    countScope: assign(({ context }) => ({ counted: context.scope ?? defaultScope(context.timezone, Date.now()) })),
    setTotals: assign((_, params: { totals: NavTotals }) => ({ totals: params.totals, error: null })),
    setError: assign({ error: COUNTS_FAILED }),
    recountInbox: sendTo('inboxCount', { type: 'counts.inbox' }),
    /** The first stale change schedules the recount; the next ones until then only join it. */
    markStale: enqueueActions(({ context, enqueue }, params: { change: LiveChange | null }) => {
      const topic = params.change?.topic;
      const totals = context.stale.totals || !topic || topic === 'orders' || topic === 'tours';
      const inbox = context.stale.inbox || !topic || topic === 'inbox';
      if (totals === context.stale.totals && inbox === context.stale.inbox) return;
      if (!context.stale.totals && !context.stale.inbox)
        enqueue.raise({ type: 'counts.liveDue' }, { delay: 'liveRecount' });
      enqueue.assign({ stale: { totals, inbox } });
    }),
    recountStaleInbox: enqueueActions(({ context, enqueue }) => {
      if (context.stale.inbox) enqueue.sendTo('inboxCount', { type: 'counts.inbox' });
      enqueue.assign({ stale: { totals: false, inbox: false } });
    }),
    logInboxError: (_, params: { error: unknown }) => {
      console.error('[navCounts] inbox count', params.error);
    },
  },
}).createMachine({
  id: 'navCounts',
  context: ({ input }) => ({
    teamId: input.teamId,
    timezone: input.timezone,
    live: input.live ?? null,
    scope: null,
    owner: null,
    counted: null,
    totals: EMPTY,
    error: null,
    stale: { totals: false, inbox: false },
  }),
  initial: 'waiting',
  invoke: [
    {
      id: 'inboxCount',
      src: 'inboxCount',
      input: ({ context }) => ({ teamId: context.teamId }),
      onError: { actions: { type: 'logInboxError', params: ({ event }) => ({ error: event.error }) } },
    },
    {
      id: 'liveFeed',
      src: 'liveFeed',
      input: ({ context }) => ({ live: context.live ?? null }),
      onError: { actions: { type: 'logInboxError', params: ({ event }) => ({ error: event.error }) } },
    },
  ],
  // a refresh while loading starts over, so the newest totals (and scope) win
  on: {
    'counts.inbox': { actions: 'recountInbox' },
    'live.change': { actions: { type: 'markStale', params: ({ event }) => ({ change: event.change }) } },
    // the stream could not resume: anything may have changed
    'live.reset': { actions: { type: 'markStale', params: { change: null } } },
    'counts.liveDue': [
      // not re-entering the root: its inbox count and feed keep running (a load under way starts over)
      { guard: 'totalsStale', target: '.loading', actions: 'recountStaleInbox' },
      { actions: 'recountStaleInbox' },
    ],
    'counts.refresh': [
      {
        guard: { type: 'countedAlready', params: ({ event }) => ({ scope: event.scope }) },
        actions: { type: 'setScope', params: ({ event }) => ({ scope: event.scope, owner: event.owner }) },
      },
      {
        target: '.loading',
        reenter: true,
        actions: { type: 'setScope', params: ({ event }) => ({ scope: event.scope, owner: event.owner }) },
      },
    ],
    // a release that comes after the next list's scope (screens swap in either order) changes nothing
    'counts.release': {
      guard: { type: 'ownsScope', params: ({ event }) => ({ owner: event.owner }) },
      target: '.loading',
      reenter: true,
      actions: 'clearScope',
    },
  },
  states: {
    waiting: { tags: ['loading'], after: { firstCount: 'loading' } },
    loading: {
      tags: ['loading'],
      entry: 'countScope',
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
