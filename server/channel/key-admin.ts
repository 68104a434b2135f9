import { randomUUID } from 'node:crypto';
import type { Schemas } from '../../shared/contract';
import type { Ota } from '../../shared/otas';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import { forgetKey } from './key-cache';
import { insertKey, keysOfTeam, revokeKey, type ChannelKeyRow } from '../repo/channel-keys';
import { hashKey, keyPrefix, newKeySecret } from './keys';

/**
 * What a team's ADMIN does with channel API keys (the caller's access is checked by the handler):
 * create one (the secret is in this answer only; the database keeps its hash and first
 * characters), list them, revoke one.
 */
export const NAME_MAX = 100;

export const channelKeyView = (k: ChannelKeyRow): Schemas['ChannelKey'] => ({
  id: k.id,
  channel: k.channel,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.createdAt.toISOString(),
  createdBy: k.createdById && k.createdByName !== null ? { id: k.createdById, name: k.createdByName } : null,
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export async function listKeys(db: Db, teamId: string): Promise<Schemas['ChannelKey'][]> {
  return (await keysOfTeam(db, teamId)).map(channelKeyView);
}

export async function createKey(
  db: Db,
  teamId: string,
  createdById: string,
  input: { channel: Ota; name: string },
): Promise<{ key: Schemas['ChannelKey']; secret: string }> {
  const name = input.name.trim();
  if (!name) throw badRequest('Give the key a name');
  if (name.length > NAME_MAX) throw badRequest(`A key's name has at most ${NAME_MAX} characters`);
  const secret = newKeySecret();
  const row = await insertKey(db, {
    id: randomUUID(),
    teamId,
    channel: input.channel,
    name,
    prefix: keyPrefix(secret),
    keyHash: hashKey(secret),
    createdById,
  });
  return { key: channelKeyView(row), secret };
}

/** Revokes a key of the team (again: the key as it is); 404 for a key of no such team. */
export async function revokeChannelKey(
  db: Db,
  teamId: string,
  id: string,
  byId: string,
): Promise<Schemas['ChannelKey']> {
  const row = await revokeKey(db, teamId, id, byId);
  if (!row) throw notFound('API key');
  forgetKey(row.id);
  return channelKeyView(row);
}
