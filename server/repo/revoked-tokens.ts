import type { Db } from '../db/client';

/** Access tokens ended by a logout, by id (jti), kept until they would have expired anyway. */

/** Records the token as revoked until `expiresAt` (unix seconds); revoking it again changes nothing. */
export async function revokeToken(db: Db, jti: string, expiresAt: number): Promise<void> {
  await db.query(
    'INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING',
    [jti, expiresAt],
  );
}

/** True when the token was revoked: one primary-key lookup (it runs on every signed-in request). */
export async function isRevoked(db: Db, jti: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM revoked_tokens WHERE jti = $1', [jti], 'revoked_token');
  return rows.length > 0;
}

/** Forgets revoked tokens that have expired: no signature check would accept them any more. */
export async function purgeRevokedTokens(db: Db): Promise<void> {
  await db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
}
