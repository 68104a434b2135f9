import type { Db } from '../db/client';

/**
 * Fixed-window counters in the database, so that every instance on one PostgreSQL counts the same
 * attempts. One upsert per attempt answers the window's count after it.
 */
export async function countHit(db: Db, bucket: string, windowStart: Date): Promise<number> {
  const [row] = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
     RETURNING hits`,
    [bucket, windowStart.toISOString()],
  );
  return Number(row.hits);
}

/** Forgets windows that ended before `before`. */
export async function purgeRateLimits(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE window_start < $1', [before.toISOString()]);
}
