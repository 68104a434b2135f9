import type { Db } from '../db/client';
import { purgeRateLimits } from '../repo/rate-limits';
import { purgeRevokedTokens } from '../repo/revoked-tokens';

/** The longest rate-limit window kept (config.rateLimits' windows are minutes long). */
export const RATE_WINDOWS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets what the closed doors no longer need: rate-limit windows that ended long ago and revoked
 * tokens past their expiry. Run regularly by every process (beside the e-mail worker's own
 * housekeeping), so the tables stay small whichever instances run.
 */
export async function purgeExpiredAccessRecords(db: Db, now = Date.now()): Promise<void> {
  await purgeRateLimits(db, new Date(now - RATE_WINDOWS_KEPT_MS));
  await purgeRevokedTokens(db);
}
