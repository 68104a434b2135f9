import type { Db } from './db/client';
import { purgeCheckInKeys } from './repo/check-ins';
import { purgeRateLimits } from './repo/rate-limits';
import { purgeRevokedTokens } from './repo/revoked-tokens';

/** The longest rate-limit window kept (config.rateLimits' windows are minutes long). */
export const RATE_WINDOWS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * How long a check-in's idempotency key and answer are kept: a phone's queue of check-ins is sent
 * again when it is back online, within the tour's day in practice; a month covers a phone left
 * offline for long. A replay after that applies again (the last check-in sent wins anyway).
 */
export const CHECK_IN_KEYS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Forgets what nobody needs any more: rate-limit windows that ended long ago, revoked tokens past
 * their expiry, and old check-in keys. Run regularly by every process (beside the e-mail worker's
 * own housekeeping), so the tables stay small whichever instances run.
 */
export async function purgeStaleRecords(db: Db, now = Date.now()): Promise<void> {
  await purgeRateLimits(db, new Date(now - RATE_WINDOWS_KEPT_MS));
  await purgeRevokedTokens(db);
  await purgeCheckInKeys(db, new Date(now - CHECK_IN_KEYS_KEPT_MS));
}
