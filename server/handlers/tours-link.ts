import { access } from '../auth/access';
import type { OperationHandler } from '../http/operation';
import * as links from '../records/tour-links';

/** Linking orders to a tour and unlinking one: the tour after the change. */
export const linkOrders: OperationHandler<'linkOrders'> = async ({ path, body }, { db, user }) => {
  const team = await access(db, user, { tour: path.id });
  return links.linkOrders(db, user, team.teamId, path.id, body.orderIds);
};

export const unlinkOrder: OperationHandler<'unlinkOrder'> = async ({ path }, { db, user }) => {
  const team = await access(db, user, { tour: path.id });
  return links.unlinkOrder(db, user, team.teamId, path.id, path.orderId);
};
