import type { Db } from '../db/client';
import { countHit } from '../repo/rate-limits';
import { HttpError } from './errors';

/** A limit: at most `limit` attempts per `windowSeconds` for one bucket (an address, an account). */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** 429 TOO_MANY_REQUESTS with the seconds until the window ends (sent as Retry-After). */
export class TooManyRequests extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, 'TOO_MANY_REQUESTS', `Too many attempts: try again in ${retryAfter} seconds`, {
      'Retry-After': String(retryAfter),
    });
  }
}

/** Counts an attempt in `bucket`; throws TooManyRequests past the limit of its window. */
export async function rateLimit(
  db: Db,
  bucket: string,
  { limit, windowSeconds }: Limit,
  now = Date.now(),
): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const hits = await countHit(db, bucket, new Date(start));
  if (hits > limit) throw new TooManyRequests(Math.max(1, Math.ceil((start + windowMs - now) / 1000)));
}
