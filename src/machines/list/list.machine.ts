import { assign, emit, enqueueActions, sendParent, setup, stateIn } from 'xstate';
import {
  countOrders,
  countTours,
  listOrdersPage,
  listToursPage,
  type CountsInput,
  type ListCounts,
  type PageInput,
} from '../../api/services/lists';
import type { Page } from '../../api/services/policy';
import { nextDateGroups, NO_GROUPS } from '../../domain/date-groups';
import type { ListFilters } from '../../domain/list-filters';
import { appendPage, applyPatch, removeItems } from './items';
import { isNearBottom, SCROLL_THROTTLE_MS, type ScrollMetrics } from './scroll';
import type { ListContext, ListEvent, ListInput, ListItem, ListReport, PatchRow } from './types';
import type { NotifyEvent } from '../notify';

/**
 * One list of orders or tours: page 1, then the next page near the bottom (scroll throttled here),
 * a failed page shown as such until `list.retry`, the day counts of its headers and its total, the
 * date-grouped rows the view shows, and the patches its screen sends to keep it true. Each change
 * of its rows is reported to the screen (`list.changed`). Orders and tours differ only by the
 * services they provide (`listMachines`).
 */
export type { ListContext, ListEvent, ListInput } from './types';

export type ListTag = 'loading' | 'loadingMore' | 'failed' | 'countsLoading';

export const COUNTS_FAILED = 'Failed to fetch order counts';
/** How long the day counts wait after a patch for more before they are asked again. */
export const COUNTS_SETTLE_MS = 250;
export const LIST_FAILED = 'Failed to load the list';

const pageInput = (context: ListContext, cursor: string | null): PageInput => ({
  teamId: context.teamId,
  view: context.view,
  filters: context.filters,
  cursor,
});

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    input: {} as ListInput,
    events: {} as ListEvent,
    tags: {} as ListTag,
    emitted: {} as NotifyEvent,
  },
  actors: { loadPage: listOrdersPage, loadCounts: countOrders },
  delays: { scrollThrottle: SCROLL_THROTTLE_MS, countsSettle: COUNTS_SETTLE_MS },
  guards: {
    hasMore: ({ context }) => context.hasMore && context.nextCursor !== null,
    scrollPending: ({ context }) => context.scrollPending,
    firstPageFailed: stateIn({ paging: 'failed' }),
  },
  actions: {
    setFilters: assign((_, params: { filters: ListFilters }) => ({ filters: params.filters, total: null })),
    clearItems: assign({ items: [], hasMore: false, nextCursor: null, error: null }),
    setFirstPage: assign((_, page: Page<ListItem>) => ({
      items: appendPage([], page.items),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
      error: null,
    })),
    appendPage: assign(({ context }, page: Page<ListItem>) => ({
      items: appendPage(context.items, page.items),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
      error: null,
    })),
    /** A failed first page: SPEC section 8's empty result, with the error shown and Retry. */
    failPage: assign({ hasMore: false, nextCursor: null, error: LIST_FAILED }),
    /** A failed next page keeps the rows and the cursor: Retry asks for it again. */
    failMore: assign({ error: LIST_FAILED }),
    patchRows: assign(({ context }, params: { rows: PatchRow[]; insert?: boolean }) => ({
      items: applyPatch(context.items, params.rows, { ...context, now: new Date() }, params.insert),
    })),
    removeRows: assign(({ context }, params: { ids: string[] }) => ({ items: removeItems(context.items, params.ids) })),
    setCounts: assign((_, params: ListCounts) => ({ dailyCounts: params.daily, total: params.total })),
    /** The rows the view shows follow the items, the day counts, the zone and the sort. */
    regroup: assign(({ context }) => ({
      groups: nextDateGroups(context.groups, context.items, {
        timezone: context.timezone,
        sort: context.filters.sort,
        dailyCounts: context.dailyCounts,
      }),
    })),
    report: sendParent(({ context }): ListReport => ({
      type: 'list.changed',
      items: context.items,
      rows: context.groups.rows,
    })),
    notifyCountsFailed: emit({ type: 'notify', kind: 'error', message: COUNTS_FAILED } as const),
    setScroll: assign((_, params: ScrollMetrics) => ({ scroll: params })),
    markScrollPending: assign({ scrollPending: true }),
    clearScrollPending: assign({ scrollPending: false }),
    /** Near the bottom: ask the paging region for the next page. */
    loadMoreIfNearBottom: enqueueActions(({ context, enqueue }) => {
      if (isNearBottom(context.scroll)) enqueue.raise({ type: 'list.loadMore' });
    }),
  },
}).createMachine({
  id: 'list',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    items: [],
    groups: NO_GROUPS,
    hasMore: false,
    nextCursor: null,
    dailyCounts: [],
    total: null,
    error: null,
    scroll: null,
    scrollPending: false,
  }),
  states: {
    paging: {
      initial: 'loading',
      on: {
        // a region's transition to its child re-enters it: the page in flight is stopped, never lands
        'list.filters': {
          target: '.loading',
          actions: [
            'clearItems',
            { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) },
            'regroup',
            'report',
          ],
        },
        'list.refresh': { target: '.loading' },
        'list.patch': {
          actions: [{ type: 'patchRows', params: ({ event }) => event }, 'regroup', 'report'],
        },
        'list.remove': {
          actions: [{ type: 'removeRows', params: ({ event }) => ({ ids: event.ids }) }, 'regroup', 'report'],
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadFirstPage',
            src: 'loadPage',
            input: ({ context }) => pageInput(context, null),
            onDone: {
              target: 'idle',
              actions: [{ type: 'setFirstPage', params: ({ event }) => event.output }, 'regroup', 'report'],
            },
            onError: { target: 'failed', actions: ['clearItems', 'failPage', 'regroup', 'report'] },
          },
        },
        idle: {
          on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
        },
        failed: {
          tags: ['failed'],
          on: { 'list.retry': 'loading' },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            id: 'loadNextPage',
            src: 'loadPage',
            input: ({ context }) => pageInput(context, context.nextCursor),
            onDone: {
              target: 'idle',
              actions: [{ type: 'appendPage', params: ({ event }) => event.output }, 'regroup', 'report'],
            },
            onError: { target: 'moreFailed', actions: 'failMore' },
          },
        },
        // scrolling does not ask again (a failing server is not hammered): Retry does
        moreFailed: {
          tags: ['failed'],
          on: { 'list.retry': 'loadingMore' },
        },
      },
    },
    counts: {
      initial: 'fetching',
      on: {
        'list.filters': { target: '.fetching' },
        'list.refresh': { target: '.fetching' },
        // the first page failed: the counts (and their toast) likely did too
        'list.retry': { guard: 'firstPageFailed', target: '.fetching' },
      },
      states: {
        fetching: {
          tags: ['countsLoading'],
          initial: 'current',
          states: { current: {}, stale: {} },
          on: {
            // a change while the counts are on their way: asked again once they land
            'list.patch': '.stale',
            'list.remove': '.stale',
          },
          invoke: {
            id: 'loadCounts',
            src: 'loadCounts',
            input: ({ context }): CountsInput => ({
              teamId: context.teamId,
              view: context.view,
              filters: context.filters,
            }),
            onDone: [
              {
                guard: stateIn({ counts: { fetching: 'stale' } }),
                target: 'settling',
                actions: [{ type: 'setCounts', params: ({ event }) => event.output }, 'regroup', 'report'],
              },
              {
                target: 'ready',
                actions: [{ type: 'setCounts', params: ({ event }) => event.output }, 'regroup', 'report'],
              },
            ],
            onError: {
              target: 'ready',
              actions: [
                { type: 'setCounts', params: { daily: [], total: null } },
                'regroup',
                'report',
                'notifyCountsFailed',
              ],
            },
          },
        },
        // a row that moved or left changes its day's count and the total: a burst of changes (a
        // colleague's bulk move, a channel's bookings) asks once per settle, not once per row
        ready: { on: { 'list.patch': 'settling', 'list.remove': 'settling' } },
        settling: { after: { countsSettle: 'fetching' } },
      },
    },
    scroll: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'list.scrolled': {
              target: 'cooling',
              actions: [{ type: 'setScroll', params: ({ event }) => metricsOf(event) }, 'loadMoreIfNearBottom'],
            },
          },
        },
        // throttled: the latest position is kept and handled once the 300 ms are over
        cooling: {
          on: {
            'list.scrolled': {
              actions: [{ type: 'setScroll', params: ({ event }) => metricsOf(event) }, 'markScrollPending'],
            },
          },
          after: {
            scrollThrottle: [
              {
                guard: 'scrollPending',
                target: 'cooling',
                reenter: true,
                actions: ['clearScrollPending', 'loadMoreIfNearBottom'],
              },
              { target: 'ready' },
            ],
          },
        },
      },
    },
  },
});

function metricsOf(event: ScrollMetrics): ScrollMetrics {
  return { offset: event.offset, viewportHeight: event.viewportHeight, contentHeight: event.contentHeight };
}

/** The list of each kind: the same machine with its kind's services. */
export const listMachines = {
  orders: listMachine,
  tours: listMachine.provide({ actors: { loadPage: listToursPage, loadCounts: countTours } }),
} as const;
