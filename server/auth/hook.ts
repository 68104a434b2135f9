import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOta } from '../../shared/otas';
import type { OperationId } from '../../shared/permissions';
import { dueForTouch, hashKey, looksLikeKey } from '../channel/keys';
import { HttpError } from '../http/errors';
import { findKey } from '../channel/key-cache';
import { touchKey } from '../repo/channel-keys';
import { isRevoked } from '../repo/revoked-tokens';
import { InvalidAccessToken, verifyAccessToken } from './tokens';

/** The operations a channel may call with its API key instead of a person's token. */
const CHANNEL_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>(['createOrders']);

/**
 * onRequest hook of every operation with bearer security: verifies the access token, refuses one a
 * logout revoked (asked of the database every time, so a logout on any instance counts at once), and
 * sets req.auth, or answers 401 UNAUTHORIZED before the request is even parsed. On the operations a
 * channel may call, a channel API key (`tdk_...`) is taken instead and sets req.channel; anywhere
 * else a key is just a token that is not valid (401).
 */
export async function authenticate(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new HttpError(401, 'UNAUTHORIZED', 'A bearer access token is required');
  const operationId = (req.routeOptions.config as { operationId?: OperationId }).operationId;
  if (looksLikeKey(match[1]) && operationId && CHANNEL_OPERATIONS.has(operationId)) {
    await authenticateChannel(req, match[1]);
    return;
  }
  let auth;
  try {
    auth = await verifyAccessToken(match[1], req.server.config);
  } catch (err) {
    if (err instanceof InvalidAccessToken) throw new HttpError(401, 'UNAUTHORIZED', err.message);
    throw err;
  }
  if (auth.token && (await isRevoked(req.server.db, auth.token.id))) {
    throw new HttpError(401, 'UNAUTHORIZED', 'This access token was ended by a logout: sign in again');
  }
  req.auth = auth;
}

/** A channel key: its team and OTA (whether they may write where the request says is the handler's call). */
async function authenticateChannel(req: FastifyRequest, secret: string): Promise<void> {
  const key = await findKey(req.server.db, hashKey(secret));
  if (!key || key.revoked || !isOta(key.channel)) {
    throw new HttpError(401, 'UNAUTHORIZED', 'The API key is invalid or has been revoked');
  }
  if (dueForTouch(key.id)) await touchKey(req.server.db, key.id);
  req.channel = { keyId: key.id, keyName: key.name, teamId: key.teamId, channel: key.channel };
}
