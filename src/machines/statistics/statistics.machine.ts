import { assign, cancel, emit, raise, setup } from 'xstate';
import { loadMonthStatistics, type MonthStatistics } from '../../api/services/statistics';
import { ordersLink } from '../../domain/statistics-links';
import {
  currentMonth,
  isMonth,
  nextMonth,
  parseStatisticsQuery,
  previousMonth,
  sameQuery,
  statisticsSearch,
  STATISTICS_PATH,
  type StatisticsQuery,
} from '../../domain/statistics-period';
import { feedOf, liveFeed, logFeedError } from '../live/workspace-routes';
import type { LiveChange } from '../live/types';
import type { NotifyEvent } from '../notify';
import type { StatisticsContext, StatisticsEvent, StatisticsInput } from './types';

/**
 * The `/statistics` screen: a month of the team's orders by channel, and the month before for the
 * KPI changes. The URL is the source of truth: the period comes in as input and `url.changed`, and
 * a change asked for here (previous/next month, a month typed, the basis) is shown at once and goes
 * out through the provided `navigate` action; the router's echo of it is then ignored, so quick
 * changes never step back through the ones in between. Each period change restarts the load: the
 * newest request wins. A click on a figure goes to the orders behind it through `navigate` too.
 * Orders anybody changes (the session's live stream) bring the figures again quietly (they stay
 * shown meanwhile), LIVE_REFRESH_MS after the last change of a burst.
 */

/** SPEC section 8's toast for counts that cannot be fetched, also shown in the page. */
export const STATISTICS_FAILED = 'Failed to fetch order counts';
export const LIVE_REFRESH_MS = 2000;

/** Where the period shown lives: the navigation that follows a change asked for here. */
const periodUrl = ({ context }: { context: StatisticsContext }) => ({
  to: `${STATISTICS_PATH}${statisticsSearch(context.query, context.defaultMonth)}`,
});

/** The orders behind a clicked bar or slice: its day and/or channel, of the month shown. */
function ordersOf({
  context,
  event,
}: {
  context: StatisticsContext;
  event: Extract<StatisticsEvent, { type: 'orders.open' }>;
}) {
  const { current } = context;
  // only the ready state, which has its figures, takes the event
  if (!current) throw new Error('orders.open without figures');
  const to = ordersLink({
    startDate: event.day ?? current.startDate,
    endDate: event.day ?? current.endDate,
    basis: current.basis,
    ota: event.ota,
  });
  return { to };
}

export const statisticsMachine = setup({
  types: {
    context: {} as StatisticsContext,
    events: {} as StatisticsEvent,
    input: {} as StatisticsInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'loading',
  },
  actors: { load: loadMonthStatistics, liveFeed },
  delays: { liveRefresh: LIVE_REFRESH_MS },
  guards: {
    /** Orders changed (or the stream could not resume: anything may have). */
    touchesOrders: (_, params: { change: LiveChange }) => params.change.topic === 'orders',
    /** The router reports a navigation this machine asked for. */
    asked: ({ context }, params: { search: string }) => context.pending.includes(params.search),
    /** A URL this machine did not ask for (back button, a link) with another period. */
    movesPeriod: ({ context }, params: { search: string }) =>
      !sameQuery(parseStatisticsQuery(params.search, context.defaultMonth).query, context.query),
    otherMonth: ({ context }, params: { month: string }) =>
      isMonth(params.month) && params.month !== context.query.month,
    otherBasis: ({ context }, params: { basis: string }) => params.basis !== context.query.basis,
  },
  actions: {
    /** Provided by the page: goes to a path and query of the app (a new history entry). */
    navigate: (_, params: { to: string }) => {
      console.error(`[statistics] navigate(${params.to}) was not provided`);
    },
    dropAsked: assign(({ context }, params: { search: string }) => ({
      pending: context.pending.slice(context.pending.indexOf(params.search) + 1),
    })),
    followUrl: assign(({ context }, params: { search: string }) => ({
      ...parseStatisticsQuery(params.search, context.defaultMonth),
      pending: [],
    })),
    /** A period asked for on this screen: shown at once (the URL follows through `navigate`). */
    setPeriod: assign(({ context }, params: { query: StatisticsQuery }) => ({
      query: params.query,
      // the URL written now holds only values that make sense: nothing left to warn about
      notices: [],
      pending: [...context.pending, statisticsSearch(params.query, context.defaultMonth)],
    })),
    clearError: assign({ error: null }),
    keepFigures: assign((_, params: MonthStatistics) => ({ current: params.current, previous: params.previous })),
    fail: assign({ error: STATISTICS_FAILED }),
    notifyFailed: emit({ type: 'notify', kind: 'error', message: STATISTICS_FAILED } as const),
    setMode: assign(({ context }, params: Extract<StatisticsEvent, { type: 'chart.mode' }>) => ({
      modes: { ...context.modes, [params.chart]: params.mode },
    })),
    logError: (_, params: { error: unknown }) => {
      console.error('[statistics]', params.error);
    },
    cancelLiveRefresh: cancel('liveRefresh'),
    scheduleLiveRefresh: raise({ type: 'stats.live' }, { id: 'liveRefresh', delay: 'liveRefresh' }),
  },
}).createMachine({
  id: 'statistics',
  context: ({ input }) => {
    const defaultMonth = currentMonth(input.timezone, input.now);
    return {
      teamId: input.teamId,
      live: input.live ?? null,
      defaultMonth,
      ...parseStatisticsQuery(input.search, defaultMonth),
      pending: [],
      current: null,
      previous: null,
      error: null,
      modes: { daily: 'chart', share: 'chart', passengers: 'chart', revenue: 'chart' },
    };
  },
  initial: 'loading',
  invoke: { id: 'liveFeed', src: 'liveFeed', input: feedOf, onError: { actions: logFeedError } },
  on: {
    'url.changed': [
      {
        guard: { type: 'asked', params: ({ event }) => event },
        actions: { type: 'dropAsked', params: ({ event }) => event },
      },
      {
        guard: { type: 'movesPeriod', params: ({ event }) => event },
        target: '.loading',
        actions: { type: 'followUrl', params: ({ event }) => event },
      },
      // the same period (the page's first report, or a URL with only a dropped value changed)
      { actions: { type: 'followUrl', params: ({ event }) => event } },
    ],
    'period.previous': {
      target: '.loading',
      actions: [
        {
          type: 'setPeriod',
          params: ({ context }) => ({ query: { ...context.query, month: previousMonth(context.query.month) } }),
        },
        { type: 'navigate', params: periodUrl },
      ],
    },
    'period.next': {
      target: '.loading',
      actions: [
        {
          type: 'setPeriod',
          params: ({ context }) => ({ query: { ...context.query, month: nextMonth(context.query.month) } }),
        },
        { type: 'navigate', params: periodUrl },
      ],
    },
    'period.month': {
      guard: { type: 'otherMonth', params: ({ event }) => event },
      target: '.loading',
      actions: [
        { type: 'setPeriod', params: ({ context, event }) => ({ query: { ...context.query, month: event.month } }) },
        { type: 'navigate', params: periodUrl },
      ],
    },
    'period.basis': {
      guard: { type: 'otherBasis', params: ({ event }) => event },
      target: '.loading',
      actions: [
        { type: 'setPeriod', params: ({ context, event }) => ({ query: { ...context.query, basis: event.basis } }) },
        { type: 'navigate', params: periodUrl },
      ],
    },
    'chart.mode': { actions: { type: 'setMode', params: ({ event }) => event } },
    // each change waits the window again (a debounce): a burst of writes brings the figures once
    'live.change': {
      guard: { type: 'touchesOrders', params: ({ event }) => event },
      actions: ['cancelLiveRefresh', 'scheduleLiveRefresh'],
    },
    'live.reset': { actions: ['cancelLiveRefresh', 'scheduleLiveRefresh'] },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearError',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ teamId: context.teamId, ...context.query }),
        onDone: { target: 'ready', actions: { type: 'keepFigures', params: ({ event }) => event.output } },
        onError: {
          target: 'failure',
          actions: ['fail', 'notifyFailed', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    ready: {
      on: {
        'orders.open': { actions: { type: 'navigate', params: ordersOf } },
        'stats.live': 'refreshing',
      },
    },
    /** The figures shown stay while the new ones load (no skeleton); a failure keeps them, logged. */
    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'load',
        input: ({ context }) => ({ teamId: context.teamId, ...context.query }),
        onDone: { target: 'ready', actions: { type: 'keepFigures', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'orders.open': { actions: { type: 'navigate', params: ordersOf } },
        'stats.live': { target: 'refreshing', reenter: true },
      },
    },
    failure: {
      on: { 'stats.retry': 'loading' },
    },
  },
});
