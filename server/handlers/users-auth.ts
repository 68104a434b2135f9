import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { consumeNonce, nonceUsed, type VerifiedIdToken } from '../auth/id-token';
import { issueAccessToken } from '../auth/tokens';
import type { RequestBody } from '../contract';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';

/**
 * signIn and register: exchange an ID token of the configured issuer for the API's own access token.
 * Nothing is recorded for a rejected token (its nonce stays unspent), so the app can answer a 404
 * from signIn by registering with the very same ID token.
 */
interface UserRow {
  id: string;
  email: string;
  name: string;
}

async function verified(req: FastifyRequest, idToken: string): Promise<VerifiedIdToken> {
  const token = await req.server.idTokens.verify(idToken);
  if (await nonceUsed(req.server.db, token.nonce))
    throw new HttpError(401, 'UNAUTHORIZED', 'ID token was already used');
  return token;
}

async function findUser(db: Db, token: VerifiedIdToken): Promise<UserRow | undefined> {
  const bySubject = await db.query<UserRow>('SELECT id, email, name FROM users WHERE issuer = $1 AND subject = $2', [
    token.issuer,
    token.subject,
  ]);
  if (bySubject[0]) return bySubject[0];
  const byEmail = await db.query<UserRow>('SELECT id, email, name FROM users WHERE email = $1', [token.email]);
  return byEmail[0];
}

/** The org's owner, or a member of the team the org created, may sign in "into" the org. */
async function assertOrgAccess(db: Db, userId: string, orgDisplayId: string): Promise<void> {
  const rows = await db.query(
    `SELECT 1 FROM orgs o
       LEFT JOIN memberships m ON m.team_id = o.team_id AND m.user_id = $2
      WHERE o.display_id = $1 AND (o.owner_id = $2 OR m.user_id IS NOT NULL)`,
    [orgDisplayId, userId],
  );
  if (rows.length === 0) throw new HttpError(403, 'FORBIDDEN', 'You are not a member of this organization');
}

export async function signIn(req: FastifyRequest, _reply: FastifyReply) {
  const { idToken, orgDisplayId } = req.body as RequestBody<'signIn'>;
  const { db, config } = req.server;
  const token = await verified(req, idToken);
  const user = await findUser(db, token);
  if (!user) throw new HttpError(404, 'USER_NOT_FOUND', 'No Tourdesk account for this identity yet: register first');
  if (orgDisplayId) await assertOrgAccess(db, user.id, orgDisplayId);
  await consumeNonce(db, token);
  return { accessToken: await issueAccessToken(user, config) };
}

export async function register(req: FastifyRequest, _reply: FastifyReply) {
  const { idToken } = req.body as RequestBody<'register'>;
  const { db, config } = req.server;
  const token = await verified(req, idToken);
  if (await findUser(db, token))
    throw new HttpError(409, 'CONFLICT', 'An account for this identity already exists: sign in');
  const user: UserRow = { id: randomUUID(), email: token.email, name: token.name };
  await db.tx(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO users (id, email, name, issuer, subject) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [user.id, user.email, user.name, token.issuer, token.subject],
    );
    if (inserted.length === 0)
      throw new HttpError(409, 'CONFLICT', 'An account for this identity already exists: sign in');
    await consumeNonce(tx, token);
  });
  return { accessToken: await issueAccessToken(user, config) };
}
