import type { OperationHandler } from '../http/operation';
import { editRecords } from '../records/edits';
import { ORDERS } from '../records/kinds';
import { moveStatusBatch } from '../records/status-batch';

/** Order writes: edits and bulk status moves, all-or-nothing with optimistic versions. */
export const updateOrders: OperationHandler<'updateOrders'> = async ({ body }, { db, user }) => ({
  orders: await editRecords(db, user, ORDERS, body.orders),
});

export const updateOrderStatusBatch: OperationHandler<'updateOrderStatusBatch'> = async ({ body }, { db, user }) => {
  const { moved, skipped } = await moveStatusBatch(db, user, ORDERS, body.orders, body.skipStale);
  return { orders: moved, skipped };
};
