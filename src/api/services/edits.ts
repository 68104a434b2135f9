import { fromPromise } from 'xstate';
import { api } from '../client';
import { isApiError } from '../errors';
import type { components } from '../schema';
import { orThrow } from './policy';

export type OrderUpdate = components['schemas']['OrderUpdate'];
export type TourUpdate = components['schemas']['TourUpdate'];
export type Order = components['schemas']['Order'];
export type Tour = components['schemas']['Tour'];

/**
 * An edit's write: saved (the records with their new versions) or stale (409: someone changed the
 * record first, nothing was written). Any other failure is logged and thrown.
 */
export type SaveResult<T> = { status: 'saved'; records: T[] } | { status: 'stale' };

async function saveOrStale<T>(write: () => Promise<T[]>): Promise<SaveResult<T>> {
  try {
    return { status: 'saved', records: await write() };
  } catch (error) {
    if (isApiError(error) && error.status === 409) return { status: 'stale' };
    throw error;
  }
}

export const updateOrders = fromPromise<SaveResult<Order>, { orders: OrderUpdate[] }>(({ input, signal }) =>
  saveOrStale(async () => {
    const data = await orThrow('updateOrders', () =>
      api.PUT('/api/v1/orders/batch', { body: { orders: input.orders }, signal }),
    );
    return data.orders;
  }),
);

export const updateTours = fromPromise<SaveResult<Tour>, { tours: TourUpdate[] }>(({ input, signal }) =>
  saveOrStale(async () => {
    const data = await orThrow('updateTours', () =>
      api.PUT('/api/v1/tours/batch', { body: { tours: input.tours }, signal }),
    );
    return data.tours;
  }),
);
