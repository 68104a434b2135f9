import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { fetchOrNull, listOrEmpty, logOnly } from './policy';

/** Creating tours from orders, linking orders to tours, and finding a tour to link to. */
type Order = components['schemas']['Order'];
type Tour = components['schemas']['Tour'];

export interface CreateTourInput {
  teamId: string;
  orderIds: string[];
  /** ISO timestamp; the server takes the first order's when absent. */
  departureAt?: string;
  displayName?: string;
  /** The tour's product; the server takes the first order's when absent. */
  productId?: string;
}

/** What a creation answers: the tour's display id and name name it in the toast (absent on failure). */
export interface CreatedTour {
  tourId: string;
  displayId?: string;
  displayName?: string;
}

/** SPEC section 8: a failed creation answers an empty tourId (logged). */
export const createTour = fromPromise<CreatedTour, CreateTourInput>(async ({ input, signal }) => {
  const { teamId, orderIds, departureAt, displayName, productId } = input;
  const created = await fetchOrNull('createTour', () =>
    api.POST('/api/v1/tours', {
      body: {
        tour: {
          teamId,
          orderIds,
          ...(departureAt ? { departureAt } : {}),
          ...(displayName ? { displayName } : {}),
          ...(productId ? { productId } : {}),
        },
      },
      signal,
    }),
  );
  return created ?? { tourId: '' };
});

export interface LinkOrdersInput {
  tourId: string;
  orderIds: string[];
}

/** Link failure is logged only: null. */
export const linkOrders = fromPromise<Tour | null, LinkOrdersInput>(({ input, signal }) =>
  logOnly('linkOrders', () =>
    api.POST('/api/v1/tours/{id}/orders', {
      params: { path: { id: input.tourId } },
      body: { orderIds: input.orderIds },
      signal,
    }),
  ),
);

export interface TourOrdersInput {
  tourId: string;
}

/**
 * The tour's orders as the server now holds them (linking bumps each order's version), so the
 * list rows can be patched with fresh versions; null when it cannot be fetched.
 */
export const tourOrders = fromPromise<Order[] | null, TourOrdersInput>(async ({ input, signal }) => {
  const tour = await fetchOrNull('getTour', () =>
    api.GET('/api/v1/tours/{id}', { params: { path: { id: input.tourId } }, signal }),
  );
  return tour ? tour.orders : null;
});

export interface FindToursInput {
  teamId: string;
  /** An exact display id (`T-000123`), or none for the tours of the date range. */
  displayId?: string;
  startDate?: string;
  endDate?: string;
}

/** Up to this many tours are offered in the link dialogs; typing narrows them. */
export const FIND_TOURS_LIMIT = 200;

/** Tours to link to; list failure: empty. */
export const findTours = fromPromise<Tour[], FindToursInput>(async ({ input, signal }) => {
  const { teamId, displayId, startDate, endDate } = input;
  const page = await listOrEmpty(
    'listTours',
    () =>
      api.GET('/api/v1/tours', {
        params: {
          query: {
            teamId,
            limit: FIND_TOURS_LIMIT,
            orderBy: 'DEPARTURE_AT_ASC',
            ...(displayId ? { displayId } : { startDate, endDate }),
          },
        },
        signal,
      }),
    (data) => ({ items: data.tours, hasMore: data.hasMore, nextCursor: data.nextCursor }),
  );
  return page.items;
});
