import { normalizePath } from './paths';

/** Where PATHS.login, PATHS.callback and PATHS.onboarding live: the pages outside a session. */
const AUTH_PREFIX = '/auth/';

/**
 * Whether the way from one page to another is held for the operator's answer while a draft is
 * unsaved. A search or filter change on the same page keeps the draft, so it goes on; so does the
 * way to the sign-in pages, taken when the session has ended (signed out, or a 401): nothing could
 * be saved any more, and holding it would leave a signed-out operator on a dead page.
 */
export function holdsNavigation(unsaved: boolean, from: string, to: string): boolean {
  if (!unsaved) return false;
  const target = normalizePath(to);
  if (target.startsWith(AUTH_PREFIX)) return false;
  return normalizePath(from) !== target;
}
