import { access } from '../auth/access';
import { noContent, type OperationHandler } from '../http/operation';
import { addComment } from '../records/comments';
import { deleteTourKeepingOrders } from '../records/tour-links';
import { timeline } from '../repo/events';
import { ordersOfTour } from '../repo/orders';
import * as tours from '../repo/tours';

/** Tour reads: list, detail, count; plus comment and delete. */
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

export const addTourComment: OperationHandler<'addTourComment'> = async ({ path, body }, { db, user }) =>
  addComment(db, user, { tour: path.id }, body.comment);

/** Deletes a tour; its orders are unlinked (kept), each with an UNLINK event. */
export const deleteTour: OperationHandler<'deleteTour'> = async ({ path }, { db, user }) => {
  const team = await access(db, user, { tour: path.id });
  await deleteTourKeepingOrders(db, user, team.teamId, path.id);
  return noContent();
};
