import { access } from '../auth/access';
import { rangeDays } from '../http/date-range';
import { notFound } from '../http/errors';
import { jsonText, noContent, type OperationHandler, type Success } from '../http/operation';
import { addComment } from '../records/comments';
import * as deletes from '../records/deletes';
import { orderPageJson } from '../records/order-page';
import { timeline } from '../repo/events';
import { countTotal, dailyCounts } from '../repo/order-counts';
import { ordersByIds } from '../repo/orders';

/** Order reads: list, detail, counts; plus comment, delete and restore. */
export const listOrders: OperationHandler<'listOrders'> = async ({ query }, { db, user }) => {
  const json = await orderPageJson(db, user, query);
  if (json === null) return { orders: [], hasMore: false, nextCursor: null };
  return jsonText<Success<'listOrders'>>(json);
};

export const getOrder: OperationHandler<'getOrder'> = async ({ path, query }, { db, user }) => {
  await access(db, user, { order: path.id });
  const [order] = await ordersByIds(db, [path.id]);
  if (!order || (query.ota && order.ota !== query.ota)) throw notFound('Order');
  return { ...order, ...(await timeline(db, { order: path.id })) };
};

/** The longest range count/daily answers for. */
const MAX_DAYS = 1000;

export const countOrdersDaily: OperationHandler<'countOrdersDaily'> = async ({ query }, { db, user }) => {
  const dates = rangeDays(query.startDate, query.endDate, MAX_DAYS);
  const team = await access(db, user, { team: query.teamId });
  return { counts: await dailyCounts(db, team, query, dates) };
};

export const countOrdersTotal: OperationHandler<'countOrdersTotal'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { total: await countTotal(db, team, query) };
};

export const addOrderComment: OperationHandler<'addOrderComment'> = async ({ path, body }, { db, user }) =>
  addComment(db, user, { order: path.id }, body.comment);

export const deleteOrder: OperationHandler<'deleteOrder'> = async ({ path }, { db, user }) => {
  await deletes.deleteOrder(db, user, path.id);
  return noContent();
};

export const restoreOrder: OperationHandler<'restoreOrder'> = async ({ path }, { db, user }) =>
  deletes.restoreOrder(db, user, path.id);
