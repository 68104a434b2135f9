import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { insertRequestKey, requestOfKey } from '../repo/outbox';

/**
 * Idempotency of send requests. Inside the request's transaction the key is taken first: a second
 * request with the same key waits on the first one's row (PostgreSQL's unique check) and then reads
 * its answer, so a double click or a retry after a lost answer never queues twice. A request that
 * fails rolls its key back with everything else. The answer is stored with storeAnswer (repo/outbox.ts).
 */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Takes the key for this request; returns the stored answer instead when it was used before. */
export async function takeKey<T>(
  tx: Db,
  key: { teamId: string; key: string; userId: string; hash: string },
): Promise<{ replay: T } | null> {
  if (await insertRequestKey(tx, key)) return null;
  const used = await requestOfKey<T>(tx, key.teamId, key.key);
  if (used.userId !== key.userId || used.hash !== key.hash) {
    throw new HttpError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for another request: make a new key',
    );
  }
  return { replay: used.response };
}
