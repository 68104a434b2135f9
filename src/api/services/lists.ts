import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { fetchOrNull, orThrow, type Page } from './policy';
import { exactIdSearch, toListQuery, type ListFilters } from '../../domain/list-filters';
import { areaFilters, defaultScope, type CountScope } from '../../domain/nav-scope';
import { ORDER_VIEWS, TOUR_VIEWS, type OrderView, type TourView } from '../../domain/statuses';

/** The order and tour lists: pages, day counts, totals, and the per-view totals of the navigation. */
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

export interface CountsInput {
  teamId: string;
  view: string | null;
  filters: ListFilters;
}

const orderView = (view: string | null): OrderView | undefined =>
  (ORDER_VIEWS as readonly string[]).includes(view ?? '') ? (view as OrderView) : undefined;
const tourView = (view: string | null): TourView | undefined =>
  (TOUR_VIEWS as readonly string[]).includes(view ?? '') ? (view as TourView) : undefined;

/**
 * The listOrders filters of a list in a view: its pages, day counts and total, and the navigation
 * totals, all take them from the one mapping (toListQuery), so they count the same orders.
 */
function orderFilters(teamId: string, view: string | null, filters: ListFilters) {
  const { orderBy: _sort, ...query } = toListQuery(filters, view);
  return { ...query, teamId, view: orderView(view) };
}

/**
 * A page of orders. A failure is logged and thrown: the list shows SPEC section 8's empty result
 * with an error and Retry, never the "No orders" of an empty list.
 */
export const listOrdersPage = fromPromise<Page<ListItem>, PageInput>(async ({ input, signal }) => {
  const data = await orThrow('listOrders', () =>
    api.GET('/api/v1/orders', {
      params: {
        query: {
          ...orderFilters(input.teamId, input.view, input.filters),
          orderBy: input.filters.sort,
          limit: PAGE_SIZE,
          ...(input.cursor ? { cursor: input.cursor } : {}),
        },
      },
      signal,
    }),
  );
  return { items: data.orders, hasMore: data.hasMore, nextCursor: data.nextCursor };
});

/**
 * The listTours/countToursTotal filters of a list in a view: tours have no OTA and no booking
 * date, and are searched by exact display id.
 */
function tourFilters(teamId: string, view: string | null, filters: ListFilters) {
  const { startDate, endDate, statusV2, q } = toListQuery(filters, view);
  const search = q ? Object.values(exactIdSearch(q))[0] : undefined;
  return {
    teamId,
    view: tourView(view),
    ...(startDate && endDate ? { startDate, endDate } : {}),
    ...(statusV2 ? { statusV2 } : {}),
    ...(search ? { displayId: search } : {}),
  };
}

const tourOrder = (sort: ListFilters['sort']) =>
  sort === 'DEPARTURE_AT_DESC' || sort === 'BOOKED_AT_DESC' ? 'DEPARTURE_AT_DESC' : 'DEPARTURE_AT_ASC';

/** A page of tours; a failure is logged and thrown (see listOrdersPage). */
export const listToursPage = fromPromise<Page<ListItem>, PageInput>(async ({ input, signal }) => {
  const data = await orThrow('listTours', () =>
    api.GET('/api/v1/tours', {
      params: {
        query: {
          ...tourFilters(input.teamId, input.view, input.filters),
          orderBy: tourOrder(input.filters.sort),
          limit: PAGE_SIZE,
          ...(input.cursor ? { cursor: input.cursor } : {}),
        },
      },
      signal,
    }),
  );
  return { items: data.tours, hasMore: data.hasMore, nextCursor: data.nextCursor };
});

/** What a list counts: orders per day of its range (for the day headers) and its total (the toolbar). */
export interface ListCounts {
  daily: DailyCount[];
  /** Null when it cannot be counted (a tour search, or the total failed: logged). */
  total: number | null;
}

/**
 * Orders per day of the filtered range, by departure day: the headers' days. Without a range
 * (none chosen, or set aside by a search) or on the booking date basis there is nothing to ask
 * (the headers count the loaded rows). A failure is thrown (logged): the list machine shows
 * 'Failed to fetch order counts'.
 */
async function dailyCounts(input: CountsInput, signal: AbortSignal): Promise<DailyCount[]> {
  const { startDate, endDate, ...query } = orderFilters(input.teamId, input.view, input.filters);
  if (!startDate || !endDate || query.dateBasis) return [];
  const data = await orThrow('countOrdersDaily', () =>
    api.GET('/api/v1/orders/count/daily', { params: { query: { ...query, startDate, endDate } }, signal }),
  );
  return data.counts;
}

/** An orders list's day counts and total, asked together. */
export const countOrders = fromPromise<ListCounts, CountsInput>(async ({ input, signal }) => {
  const [daily, total] = await Promise.all([
    dailyCounts(input, signal),
    countOrdersTotal(input.teamId, input.view, input.filters, signal),
  ]);
  return { daily, total };
});

/**
 * A tours list's total (tours have no day-count endpoint: their headers count the loaded rows).
 * countToursTotal knows no search: a search (an exact display id) is counted by its loaded rows.
 */
export const countTours = fromPromise<ListCounts, CountsInput>(async ({ input, signal }) => {
  if (input.filters.search.trim()) return { daily: [], total: null };
  return { daily: [], total: await countToursTotal(input.teamId, input.view, input.filters, signal) };
});

/** Totals of the navigation: one per view, and `all` for the area itself. */
export type ViewTotals = Record<string, number | null>;
export interface NavTotals {
  orders: ViewTotals;
  tours: ViewTotals;
}

export interface NavTotalsInput {
  teamId: string | null;
  /** The team's timezone: without a scope, the totals count the default month. */
  timezone: string;
  /** The list on screen, whose range and filters the totals count; null before any list was shown. */
  scope: CountScope | null;
}

function warnNoTeam(what: string): number {
  console.warn(`[lists] ${what}: no team id, showing 0`);
  return 0;
}

/** Number of orders in a view (all orders when null) under the filters; null when it cannot be fetched. */
export async function countOrdersTotal(
  teamId: string | null,
  view: string | null,
  filters: ListFilters,
  signal?: AbortSignal,
): Promise<number | null> {
  if (!teamId) return warnNoTeam('countOrdersTotal');
  const query = orderFilters(teamId, view, filters);
  const data = await fetchOrNull('countOrdersTotal', () =>
    api.GET('/api/v1/orders/count/total', { params: { query }, signal }),
  );
  return data?.total ?? null;
}

/** Number of tours in a view (all tours when null) under the filters' range; null when it cannot be fetched. */
export async function countToursTotal(
  teamId: string | null,
  view: string | null,
  filters: ListFilters,
  signal?: AbortSignal,
): Promise<number | null> {
  if (!teamId) return warnNoTeam('countToursTotal');
  const { displayId: _search, ...query } = tourFilters(teamId, view, filters);
  const data = await fetchOrNull('countToursTotal', () =>
    api.GET('/api/v1/tours/count/total', { params: { query }, signal }),
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
 * Every total of the navigation under the scope of the list on screen (the default month before
 * one was shown): the orders' together, then the tours'. Not all twelve at once: starting a
 * request costs the main thread a few milliseconds, and a refresh starts in the same task as the
 * change that asked for it (a bulk move of a thousand rows, say).
 */
export const countNavTotals = fromPromise<NavTotals, NavTotalsInput>(async ({ input, signal }) => {
  const scope = input.scope ?? defaultScope(input.timezone, Date.now());
  const orderFilters = areaFilters(scope, 'orders');
  const tourFilters = areaFilters(scope, 'tours');
  const orders = await totals(ORDER_VIEWS, (view) => countOrdersTotal(input.teamId, view, orderFilters, signal));
  const tours = await totals(TOUR_VIEWS, (view) => countToursTotal(input.teamId, view, tourFilters, signal));
  return { orders, tours };
});
