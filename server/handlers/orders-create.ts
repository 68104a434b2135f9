import { access } from '../auth/access';
import { channelOperator } from '../channel/keys';
import { forbidden } from '../http/errors';
import type { OperationHandler } from '../http/operation';
import { importOrders } from '../records/order-import';
import { teamOfImport } from '../repo/order-import';

/**
 * Import of OTA orders into a team: by an EDITOR's token, or by the team's channel key for its own
 * OTA (anything else is 403). One result per order, never a whole-batch failure for one order.
 */
export const createOrders: OperationHandler<'createOrders'> = async ({ body }, call) => {
  // `call.user` is read only for a person: it answers 401 when a channel key called
  const { db, channel } = call;
  if (channel) {
    if (channel.teamId !== body.teamId) throw forbidden('This API key belongs to another team');
    if (channel.channel !== body.ota) throw forbidden(`This API key imports ${channel.channel} orders only`);
    const team = await teamOfImport(db, channel.teamId);
    if (!team) throw forbidden('This API key belongs to another team');
    const importer = { by: channelOperator(channel, 'API'), channel };
    return importOrders(db, importer, { teamId: channel.teamId, code: team.code }, body.ota, body.orders);
  }
  const user = call.user;
  const team = await access(db, user, { team: body.teamId });
  return importOrders(db, { by: user, channel: null }, team, body.ota, body.orders);
};
