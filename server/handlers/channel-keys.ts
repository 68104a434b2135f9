import { access } from '../auth/access';
import { createKey, listKeys, revokeChannelKey as revoke } from '../channel/key-admin';
import type { OperationHandler } from '../http/operation';

/** A team's channel API keys (ADMIN, by the role matrix). Team access comes first, so a MEMBER
 *  learns nothing about which key ids exist. */

export const listChannelKeys: OperationHandler<'listChannelKeys'> = async ({ query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return { keys: await listKeys(db, team.teamId) };
};

export const createChannelKey: OperationHandler<'createChannelKey'> = async ({ body }, { db, user }) => {
  const team = await access(db, user, { team: body.teamId });
  return createKey(db, team.teamId, user.userId, { channel: body.channel, name: body.name });
};

export const revokeChannelKey: OperationHandler<'revokeChannelKey'> = async ({ path, query }, { db, user }) => {
  const team = await access(db, user, { team: query.teamId });
  return revoke(db, team.teamId, path.id, user.userId);
};
