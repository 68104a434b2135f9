import { access } from '../auth/access';
import type { OperationHandler } from '../http/operation';
import { editRecords } from '../records/edits';
import { TOURS } from '../records/kinds';
import { moveStatusBatch } from '../records/status-batch';
import { createTour as createTourWithOrders } from '../records/tour-create';

/** Tour writes: create (with its orders), edits and bulk status moves. */
export const createTour: OperationHandler<'createTour'> = async ({ body }, { db, user }) => {
  const team = await access(db, user, { team: body.tour.teamId });
  return createTourWithOrders(db, user, team, body.tour);
};

export const updateTours: OperationHandler<'updateTours'> = async ({ body }, { db, user }) => ({
  tours: await editRecords(db, user, TOURS, body.tours),
});

export const updateTourStatusBatch: OperationHandler<'updateTourStatusBatch'> = async ({ body }, { db, user }) => {
  const { moved, skipped } = await moveStatusBatch(db, user, TOURS, body.tours, body.skipStale);
  return { tours: moved, skipped };
};
