/** Paths the session and the guards send people to (SPEC sections 2 and 9). */
export const PATHS = {
  login: '/auth/login',
  onboarding: '/auth/onboarding',
  callback: '/auth/callback',
  /** Default landing after login. */
  landing: '/orders/new-added',
  /** Where a 401 from any API call ends up. */
  unauthorizedLogin: '/auth/login?unauthorized=1',
  featureToggle: '/setting/feature-toggle',
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
