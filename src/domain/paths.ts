/** Paths the session and the guards send people to (SPEC sections 2 and 9). */
export const PATHS = {
  login: '/auth/login',
  onboarding: '/auth/onboarding',
  callback: '/auth/callback',
  /** The channel inbox: what came from the OTAs and needs a person. */
  inbox: '/orders/inbox',
  /** Default landing after login. */
  landing: '/orders/new-added',
  /** Where onboarding ends: the first day's next steps (connect a channel, invite, import). */
  firstDay: '/welcome',
  /** Where a 401 from any API call ends up. */
  unauthorizedLogin: '/auth/login?unauthorized=1',
  /** The settings dialog, as a route (`?page=member` opens it on that page). */
  settings: '/setting',
  featureToggle: '/setting/feature-toggle',
  /** An invitation link's screen: `/invitations/<token>`. */
  invitations: '/invitations',
} as const;

/** `/orders/` and `/orders` are the same place: drop trailing slashes (but keep `/`). */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isCallbackPath(pathname: string): boolean {
  return normalizePath(pathname) === PATHS.callback;
}

/** `/auth/login?unauthorized=1`: the visitor was signed out by a 401. */
export function wasSignedOut(search: string): boolean {
  return new URLSearchParams(search).get('unauthorized') === '1';
}

/** The screen of an invitation link; `accept`: accept at once when the invited person is signed in
 *  (the way back from "Sign in to accept"). */
export function invitationPath(token: string, accept = false): string {
  return `${PATHS.invitations}/${encodeURIComponent(token)}${accept ? '?accept=1' : ''}`;
}

export function isInvitationPath(pathname: string): boolean {
  return normalizePath(pathname).startsWith(`${PATHS.invitations}/`);
}

/** A path of this app to come back to after signing in (never another site: no `//`, no
 *  backslash, no whitespace or control character that a browser would drop or turn into `/`). */
export function isReturnPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\])[^\s\u0000-\u001f\\]*$/.test(path);
}
