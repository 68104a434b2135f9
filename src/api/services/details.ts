import { fromPromise } from 'xstate';
import { api } from '../client';
import { isApiError } from '../errors';
import type { components } from '../schema';
import { logOnly, orThrow } from './policy';

export type OrderDetail = components['schemas']['OrderDetail'];
export type TourDetail = components['schemas']['TourDetail'];
export type EventLog = components['schemas']['EventLog'];
export type Tour = components['schemas']['Tour'];

/** A detail fetch: the record, `notFound` (404: the id no longer exists), or null on any other failure. */
export type Loaded<T> = { found: true; record: T } | { found: false } | null;

async function loaded<T>(fetch: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { found: true, record: await fetch() };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return error.status === 404 ? { found: false } : null;
  }
}

export const fetchOrder = (id: string, signal?: AbortSignal) =>
  loaded(() => orThrow('getOrder', () => api.GET('/api/v1/orders/{id}', { params: { path: { id } }, signal })));

export const fetchTour = (id: string, signal?: AbortSignal) =>
  loaded(() => orThrow('getTour', () => api.GET('/api/v1/tours/{id}', { params: { path: { id } }, signal })));

export const getOrder = fromPromise<Loaded<OrderDetail>, { id: string }>(({ input, signal }) =>
  fetchOrder(input.id, signal),
);

export const getTour = fromPromise<Loaded<TourDetail>, { id: string }>(({ input, signal }) =>
  fetchTour(input.id, signal),
);

/** The panel's record, of the kind each panel provides (`loadRecord`). */
export type DetailRecord = OrderDetail | TourDetail;
export const loadOrderRecord = fromPromise<Loaded<DetailRecord>, { id: string }>(({ input, signal }) =>
  fetchOrder(input.id, signal),
);
export const loadTourRecord = fromPromise<Loaded<DetailRecord>, { id: string }>(({ input, signal }) =>
  fetchTour(input.id, signal),
);

export interface CommentInput {
  id: string;
  text: string;
}

/** Comment failure: logged and re-thrown. Answers the new event log entry. */
export const addOrderComment = fromPromise<EventLog, CommentInput>(({ input, signal }) =>
  orThrow('addOrderComment', () =>
    api.POST('/api/v1/orders/{id}/comments', {
      params: { path: { id: input.id } },
      body: { comment: input.text },
      signal,
    }),
  ),
);
export const addTourComment = fromPromise<EventLog, CommentInput>(({ input, signal }) =>
  orThrow('addTourComment', () =>
    api.POST('/api/v1/tours/{id}/comments', {
      params: { path: { id: input.id } },
      body: { comment: input.text },
      signal,
    }),
  ),
);

/** Unlink failure: logged only (null). Answers the tour after the change. */
export const unlinkOrder = fromPromise<Tour | null, { tourId: string; orderId: string }>(({ input, signal }) =>
  logOnly('unlinkOrder', () =>
    api.DELETE('/api/v1/tours/{id}/orders/{orderId}', {
      params: { path: { id: input.tourId, orderId: input.orderId } },
      signal,
    }),
  ),
);

/** Delete failure: logged and re-thrown. */
export const deleteOrder = fromPromise<void, { id: string }>(async ({ input, signal }) => {
  await orThrow('deleteOrder', () => api.DELETE('/api/v1/orders/{id}', { params: { path: { id: input.id } }, signal }));
});
export const deleteTour = fromPromise<void, { id: string }>(async ({ input, signal }) => {
  await orThrow('deleteTour', () => api.DELETE('/api/v1/tours/{id}', { params: { path: { id: input.id } }, signal }));
});
