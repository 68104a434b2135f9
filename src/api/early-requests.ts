import { isCallbackPath } from '../domain/paths';
import { STORAGE_KEYS } from '../domain/storage-keys';

/**
 * Requests the entry (main.tsx) sends before the app has loaded, with the stored token: the
 * session's check of the user (`/users/me`) is otherwise sent only once the app's code has been
 * fetched, compiled and run and its first render is done. The API client's middleware (client.ts)
 * hands each one, once, to the first matching call (same path and query, same token), which would
 * have sent it then; a call that comes with another token, or after the early one failed, is sent
 * as usual. Nothing here reads a response: the machines do, as for any call.
 */
const early = new Map<string, Promise<Response | undefined>>();

const keyOf = (path: string, token: string) => `${token} ${path}`;

/** Sends `GET path` (path and query, same origin) with the token now, for a call to take later. */
export function sendEarly(path: string, token: string): void {
  const response = fetch(path, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
  early.set(keyOf(path, token), response);
}

/** The early response to `GET path` with this token, once; undefined when there is none (or it failed). */
export function takeEarly(path: string, token: string | null): Promise<Response | undefined> | undefined {
  if (!token) return undefined;
  const key = keyOf(path, token);
  const response = early.get(key);
  early.delete(key);
  return response;
}

/** The session's check of the stored token's user (session.machine.ts `getMe`). */
export const SESSION_CHECK_PATH = '/api/v1/users/me';

/**
 * Sends the session's check of its user with the stored token, if there is one: not on the sign-in
 * callback, which is about to get a new token. No storage (a private mode): nothing to send.
 */
export function sendSessionCheck(pathname: string): void {
  if (isCallbackPath(pathname)) return;
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return;
  }
  if (token) sendEarly(SESSION_CHECK_PATH, token);
}
