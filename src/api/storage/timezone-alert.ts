import { fromPromise } from 'xstate';

/**
 * What the timezone alert needs from the browser: its timezone, the time, and whether the alert
 * was already shown for this login. A login is its access token; only a hash of it is kept, in
 * local storage, so other tabs of the same login stay quiet too. Reached only through the
 * `readTimezoneAlert` actor and the `rememberTimezoneAlert` action (tests provide their own).
 */
export const TIMEZONE_ALERT_KEY = 'timezoneAlertShown';

export interface TimezoneAlertEnv {
  browserTimezone: string;
  /** When it was read (ms): the alert shows the team's time at that moment. */
  now: number;
  shownForThisLogin: boolean;
}

/** FNV-1a: a short, stable fingerprint of the token, which itself is not stored twice. */
export function loginFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

function read(): string | null {
  try {
    return window.localStorage.getItem(TIMEZONE_ALERT_KEY);
  } catch {
    return null;
  }
}

export const readTimezoneAlert = fromPromise<TimezoneAlertEnv, { token: string }>(async ({ input }) => ({
  browserTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC',
  now: Date.now(),
  shownForThisLogin: read() === loginFingerprint(input.token),
}));

export function rememberTimezoneAlert(token: string): void {
  try {
    window.localStorage.setItem(TIMEZONE_ALERT_KEY, loginFingerprint(token));
  } catch (error) {
    console.warn('[global-dialogs] cannot remember the timezone alert', error);
  }
}
