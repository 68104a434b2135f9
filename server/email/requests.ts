import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';

/**
 * Idempotency of send requests. Inside the request's transaction the key is taken first: a second
 * request with the same key waits on the first one's row (PostgreSQL's unique check) and then reads
 * its answer, so a double click or a retry after a lost answer never queues twice. A request that
 * fails rolls its key back with everything else.
 */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Takes the key for this request; returns the stored answer instead when it was used before. */
export async function takeKey<T>(
  tx: Db,
  key: { teamId: string; key: string; userId: string; hash: string },
): Promise<{ replay: T } | null> {
  const taken = await tx.query(
    `INSERT INTO email_requests (team_id, idempotency_key, user_id, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (team_id, idempotency_key) DO NOTHING RETURNING 1`,
    [key.teamId, key.key, key.userId, key.hash],
  );
  if (taken.length > 0) return null;
  const [row] = await tx.query<{ user_id: string; request_hash: string; response: T }>(
    'SELECT user_id, request_hash, response FROM email_requests WHERE team_id = $1 AND idempotency_key = $2',
    [key.teamId, key.key],
  );
  if (row.user_id !== key.userId || row.request_hash !== key.hash) {
    throw new HttpError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for another request: make a new key',
    );
  }
  return { replay: row.response };
}

export async function storeAnswer(tx: Db, teamId: string, key: string, response: unknown): Promise<void> {
  await tx.query('UPDATE email_requests SET response = $3 WHERE team_id = $1 AND idempotency_key = $2', [
    teamId,
    key,
    JSON.stringify(response),
  ]);
}
