import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { fetchOrNull, listOrEmpty, orThrow, type Page } from './policy';
import { toListQuery, type ListFilters } from '../../domain/list-filters';
import { ORDER_VIEWS, TOUR_VIEWS, type OrderView, type TourView } from '../../domain/statuses';

/** The order and tour lists: pages, day counts and the per-view totals of the navigation. */
type Order = components['schemas']['Order'];
type Tour = components['schemas']['Tour'];
export type DailyCount = components['schemas']['DailyCount'];
/** Both lists' pages have one type, so one list machine takes either service. */
export type ListItem = Order | Tour;

/** The contract's largest page: a quarter of the round trips of its default 50 on a long scroll. */
export const PAGE_SIZE = 200;

export interface PageInput {
  teamId: string;
  /** The view of the path, null for all orders or tours. */
  view: string | null;
  filters: ListFilters;
  /** Null for page 1. */
  cursor: string | null;
}

export interface DailyCountsInput {
  teamId: string;
  view: string | null;
  filters: ListFilters;
}

const orderView = (view: string | null): OrderView | undefined =>
  (ORDER_VIEWS as readonly string[]).includes(view ?? '') ? (view as OrderView) : undefined;
const tourView = (view: string | null): TourView | undefined =>
  (TOUR_VIEWS as readonly string[]).includes(view ?? '') ? (view as TourView) : undefined;

/** A page of orders; a failure is an empty last page (SPEC section 8). */
export const listOrdersPage = fromPromise<Page<ListItem>, PageInput>(({ input, signal }) =>
  listOrEmpty(
    'listOrders',
    () =>
      api.GET('/api/v1/orders', {
        params: {
          query: {
            ...toListQuery(input.filters),
            teamId: input.teamId,
            view: orderView(input.view),
            limit: PAGE_SIZE,
            ...(input.cursor ? { cursor: input.cursor } : {}),
          },
        },
        signal,
      }),
    (data): Page<ListItem> => ({ items: data.orders, hasMore: data.hasMore, nextCursor: data.nextCursor }),
  ),
);

/** The query of listTours: tours have no OTA, no OTA order id and no booking-date sort. */
function tourQuery(filters: ListFilters) {
  const { startDate, endDate, statusV2, displayId, otaOrderId, orderBy } = toListQuery(filters);
  const search = displayId ?? otaOrderId;
  return {
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(statusV2 ? { statusV2 } : {}),
    ...(search ? { displayId: search } : {}),
    orderBy: orderBy === 'DEPARTURE_AT_DESC' || orderBy === 'BOOKED_AT_DESC' ? 'DEPARTURE_AT_DESC' : 'DEPARTURE_AT_ASC',
  } as const;
}

/** A page of tours; a failure is an empty last page (SPEC section 8). */
export const listToursPage = fromPromise<Page<ListItem>, PageInput>(({ input, signal }) =>
  listOrEmpty(
    'listTours',
    () =>
      api.GET('/api/v1/tours', {
        params: {
          query: {
            ...tourQuery(input.filters),
            teamId: input.teamId,
            view: tourView(input.view),
            limit: PAGE_SIZE,
            ...(input.cursor ? { cursor: input.cursor } : {}),
          },
        },
        signal,
      }),
    (data): Page<ListItem> => ({ items: data.tours, hasMore: data.hasMore, nextCursor: data.nextCursor }),
  ),
);

/**
 * Orders per day of the filtered range. The endpoint needs a range and knows no search, so
 * without a range or with a search there is nothing to ask (the headers count the loaded rows).
 * A failure is thrown (logged): the list machine shows 'Failed to fetch order counts'.
 */
export const countOrdersDaily = fromPromise<DailyCount[], DailyCountsInput>(async ({ input, signal }) => {
  const { startDate, endDate, ota, statusV2, otaOrderId, displayId } = toListQuery(input.filters);
  if (!startDate || !endDate || otaOrderId || displayId) return [];
  const data = await orThrow('countOrdersDaily', () =>
    api.GET('/api/v1/orders/count/daily', {
      params: {
        query: {
          teamId: input.teamId,
          startDate,
          endDate,
          view: orderView(input.view),
          ...(ota ? { ota } : {}),
          ...(statusV2 ? { statusV2 } : {}),
        },
      },
      signal,
    }),
  );
  return data.counts;
});

/** Tours have no day-count endpoint: their headers count the loaded rows. */
export const noDailyCounts = fromPromise<DailyCount[], DailyCountsInput>(async () => []);

/** Totals of the navigation: one per view, and `all` for the area itself. */
export type ViewTotals = Record<string, number | null>;
export interface NavTotals {
  orders: ViewTotals;
  tours: ViewTotals;
}

function warnNoTeam(what: string): number {
  console.warn(`[lists] ${what}: no team id, showing 0`);
  return 0;
}

/** Number of orders in a view (all orders when null); null when it cannot be fetched. */
export async function countOrdersTotal(teamId: string | null, view: string | null, signal?: AbortSignal) {
  if (!teamId) return warnNoTeam('countOrdersTotal');
  const data = await fetchOrNull('countOrdersTotal', () =>
    api.GET('/api/v1/orders/count/total', { params: { query: { teamId, view: orderView(view) } }, signal }),
  );
  return data?.total ?? null;
}

/** Number of tours in a view (all tours when null); null when it cannot be fetched. */
export async function countToursTotal(teamId: string | null, view: string | null, signal?: AbortSignal) {
  if (!teamId) return warnNoTeam('countToursTotal');
  const data = await fetchOrNull('countToursTotal', () =>
    api.GET('/api/v1/tours/count/total', { params: { query: { teamId, view: tourView(view) } }, signal }),
  );
  return data?.total ?? null;
}

async function totals(
  views: readonly string[],
  count: (view: string | null) => Promise<number | null>,
): Promise<ViewTotals> {
  const all = [null, ...views];
  const values = await Promise.all(all.map(count));
  return Object.fromEntries(all.map((view, i) => [view ?? 'all', values[i]]));
}

/**
 * Every total of the navigation: the orders' together, then the tours'. Not all twelve at once:
 * starting a request costs the main thread a few milliseconds, and a refresh starts in the same
 * task as the change that asked for it (a bulk move of a thousand rows, say).
 */
export const countNavTotals = fromPromise<NavTotals, { teamId: string | null }>(async ({ input, signal }) => {
  const orders = await totals(ORDER_VIEWS, (view) => countOrdersTotal(input.teamId, view, signal));
  const tours = await totals(TOUR_VIEWS, (view) => countToursTotal(input.teamId, view, signal));
  return { orders, tours };
});
