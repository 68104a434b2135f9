import { access } from '../auth/access';
import { noContent, type OperationHandler } from '../http/operation';
import { addComment } from '../records/comments';
import * as deletes from '../records/deletes';
import { timeline } from '../repo/events';
import { ordersOfTour } from '../repo/orders';
import * as tours from '../repo/tours';

/** Tour reads: list, detail, count; plus comment, delete and restore. */
export const listTours: OperationHandler<'listTours'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  const page = await tours.listTours(db, team, query, query);
  return { tours: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
};

export const getTour: OperationHandler<'getTour'> = async ({ path }, { db, user }) => {
  await access(db, user, { tour: path.id });
  const tour = await tours.tourById(db, path.id);
  return { ...tour, orders: await ordersOfTour(db, path.id), ...(await timeline(db, { tour: path.id })) };
};

export const countToursTotal: OperationHandler<'countToursTotal'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { total: await tours.countTours(db, team, query) };
};

/** Deletes a tour (restorable); its orders are unlinked (kept), each with an UNLINK event. */
export const deleteTour: OperationHandler<'deleteTour'> = async ({ path }, { db, user }) => {
  await deletes.deleteTour(db, user, path.id);
  return noContent();
};

export const restoreTour: OperationHandler<'restoreTour'> = async ({ path }, { db, user }) =>
  deletes.restoreTour(db, user, path.id);

export const addTourComment: OperationHandler<'addTourComment'> = async ({ path, body }, { db, user }) =>
  addComment(db, user, { tour: path.id }, body.comment);
