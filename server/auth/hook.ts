import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { isRevoked } from '../repo/revoked-tokens';
import { InvalidAccessToken, verifyAccessToken } from './tokens';

/**
 * onRequest hook of every operation with bearer security: verifies the access token, refuses one a
 * logout revoked (asked of the database every time, so a logout on any instance counts at once), and
 * sets req.auth, or answers 401 UNAUTHORIZED before the request is even parsed.
 */
export async function authenticate(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new HttpError(401, 'UNAUTHORIZED', 'A bearer access token is required');
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
