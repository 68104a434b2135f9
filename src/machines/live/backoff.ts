/** How long the live machine waits before it reconnects (pure; the waiting itself is the machine's `after`). */

/** What the server's format starts with (`retry: 3000`), used until it has said otherwise. */
export const DEFAULT_RETRY_MS = 3000;
export const MAX_BACKOFF_MS = 30_000;
/** Three heartbeats (15 s each) missed: the connection is dead even if no error says so. */
export const SILENCE_MS = 45_000;

/** The server's hint for the first try after a loss, doubled for each failed try after it, capped. */
export function backoffMs(retry: number | null, attempts: number): number {
  const base = retry ?? DEFAULT_RETRY_MS;
  return Math.min(base * 2 ** Math.max(0, attempts - 1), Math.max(base, MAX_BACKOFF_MS));
}

/** Answers that another try would only repeat: a bad team id, no or a bad token, not a member, no such route. */
export const isFinalStatus = (status: number | null): boolean =>
  status === 400 || status === 401 || status === 403 || status === 404;
