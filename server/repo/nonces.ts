import type { Db } from '../db/client';

/** The nonces of the ID tokens that have signed somebody in: each signs in once (replay guard). */

export async function nonceExists(db: Db, nonce: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM used_nonces WHERE nonce = $1', [nonce]);
  return rows.length > 0;
}

/** Records the nonce as used until `expiresAt`; false when it was already recorded. */
export async function insertNonce(db: Db, nonce: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO used_nonces (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
    [nonce, expiresAt],
  );
  return rows.length > 0;
}

export async function purgeExpiredNonces(db: Db): Promise<void> {
  await db.query('DELETE FROM used_nonces WHERE expires_at < now()');
}
