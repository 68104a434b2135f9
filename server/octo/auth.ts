import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOta } from '../../shared/otas';
import { dueForTouch, hashKey } from '../channel/keys';
import { findKey } from '../channel/key-cache';
import { touchKey } from '../repo/channel-keys';
import { OctoError } from './errors';

/**
 * onRequest hook of every /octo operation: the channel API key in `Authorization: Bearer <key>`
 * names the team and the OTA. No key: 401 UNAUTHORIZED; an unknown or revoked key: 403 FORBIDDEN.
 */
export async function authenticateChannel(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) {
    throw new OctoError('UNAUTHORIZED', 'Send the API key in the Authorization header: Bearer <key>');
  }
  const key = await findKey(req.server.db, hashKey(match[1]));
  if (!key || key.revoked || !isOta(key.channel)) {
    throw new OctoError('FORBIDDEN', 'The API key is invalid or has been revoked');
  }
  if (dueForTouch(key.id)) await touchKey(req.server.db, key.id);
  req.channel = { keyId: key.id, keyName: key.name, teamId: key.teamId, channel: key.channel };
}
