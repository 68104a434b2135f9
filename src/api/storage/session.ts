import { fromPromise } from 'xstate';
import { isCallbackPath } from '../../domain/paths';
import { STORAGE_KEYS } from '../../domain/storage-keys';

/**
 * The session's browser storage. The machine reaches it only through named
 * actions and the `restoreSession` actor, which tests replace with `.provide()`.
 * Storage can be unavailable (private modes, blocked cookies): then nothing is kept.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`[session] cannot write ${key} to storage`, error);
  }
}

export const writeToken = (token: string | null): void => write(STORAGE_KEYS.token, token);
export const writeTeamId = (teamId: string): void => write(STORAGE_KEYS.teamId, teamId);
export const writePromptLogin = (on: boolean): void => write(STORAGE_KEYS.promptLogin, on ? '1' : null);
export const writeReturnTo = (path: string | null): void => write(STORAGE_KEYS.returnTo, path);
export const writeUnauthorized = (on: boolean): void => write(STORAGE_KEYS.unauthorized, on ? '1' : null);

/** What the session starts from: stored values, and whether this load is the sign-in callback. */
export interface StoredSession {
  token: string | null;
  teamId: string | null;
  promptLogin: boolean;
  /** The full URL when the page was opened at /auth/callback, else null. */
  callbackUrl: string | null;
  /** Where to go once the sign-in under way is done (else the landing page). */
  returnTo?: string | null;
  /** The last session ended with a 401 (see SessionContext.unauthorized). */
  unauthorized?: boolean;
}

export const restoreSession = fromPromise<StoredSession>(async () => ({
  token: read(STORAGE_KEYS.token) || null,
  teamId: read(STORAGE_KEYS.teamId) || null,
  promptLogin: read(STORAGE_KEYS.promptLogin) === '1',
  callbackUrl: isCallbackPath(window.location.pathname) ? window.location.href : null,
  returnTo: read(STORAGE_KEYS.returnTo) || null,
  unauthorized: read(STORAGE_KEYS.unauthorized) === '1',
}));
