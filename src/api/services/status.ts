import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { logOnly } from './policy';

export type StatusV2 = components['schemas']['StatusV2'];
export type StatusChange = components['schemas']['StatusChange'];

/** One row to move; `version` (when known) makes the server refuse a move based on a stale row (409). */
export interface StatusItem {
  id: string;
  statusV2: StatusV2;
  version?: number;
}

export interface StatusBatchInput {
  items: StatusItem[];
}

/** SPEC section 8: a failed status change is logged only; null tells the machine to toast it. */
export type StatusBatchOutput = StatusChange[] | null;

/** PUT /api/v2/orders/status/batch: the new status and version of each order. */
export const updateOrderStatusBatch = fromPromise<StatusBatchOutput, StatusBatchInput>(async ({ input, signal }) => {
  const data = await logOnly('updateOrderStatusBatch', () =>
    api.PUT('/api/v2/orders/status/batch', { body: { orders: input.items }, signal }),
  );
  return data?.orders ?? null;
});

/** PUT /api/v2/tours/status/batch: the new status and version of each tour. */
export const updateTourStatusBatch = fromPromise<StatusBatchOutput, StatusBatchInput>(async ({ input, signal }) => {
  const data = await logOnly('updateTourStatusBatch', () =>
    api.PUT('/api/v2/tours/status/batch', { body: { tours: input.items }, signal }),
  );
  return data?.tours ?? null;
});

/** An undo's answer: the rows put back, and the ids left as they are because they changed since. */
export type StatusUndoOutput = { changes: StatusChange[]; skipped: string[] } | null;

/** PUT /api/v2/orders/status/batch with `skipStale`: an order changed since the move is not overwritten. */
export const undoOrderStatusBatch = fromPromise<StatusUndoOutput, StatusBatchInput>(async ({ input, signal }) => {
  const data = await logOnly('undoOrderStatusBatch', () =>
    api.PUT('/api/v2/orders/status/batch', { body: { orders: input.items, skipStale: true }, signal }),
  );
  return data ? { changes: data.orders, skipped: data.skipped } : null;
});

/** PUT /api/v2/tours/status/batch with `skipStale`. */
export const undoTourStatusBatch = fromPromise<StatusUndoOutput, StatusBatchInput>(async ({ input, signal }) => {
  const data = await logOnly('undoTourStatusBatch', () =>
    api.PUT('/api/v2/tours/status/batch', { body: { tours: input.items, skipStale: true }, signal }),
  );
  return data ? { changes: data.tours, skipped: data.skipped } : null;
});
