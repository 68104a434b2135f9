import { access } from '../auth/access';
import type { OperationHandler } from '../http/operation';
import { importOrders } from '../records/order-import';

/** Import of OTA orders into a team. */
export const createOrders: OperationHandler<'createOrders'> = async ({ body }, { db, user }) => {
  const team = await access(db, user, { team: body.teamId });
  return { orders: await importOrders(db, user, team, body.ota, body.orders) };
};
