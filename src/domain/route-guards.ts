import { isInvitationPath, normalizePath, PATHS } from './paths';
import { applyRouteRules, ROUTE_RULES, type RouteRules } from './route-rules';

/** What the session says about the visitor, as far as routing cares. */
export type Access =
  | { status: 'pending' }
  /** `signedOut`: a 401 ended the last session; the login page says so (until the next sign-in). */
  | { status: 'anonymous'; signedOut?: boolean }
  /** Signed in, but the account has no team yet: onboarding is the place to be. */
  | { status: 'teamless' }
  /** `platformAdmin`: an ADMIN of the Tech Team (XX), whichever team is selected. */
  | { status: 'member'; platformAdmin: boolean };

export type GuardDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };
export type RouteDecision = GuardDecision | { kind: 'leave'; url: string };

/** Pages a visitor who is not logged in may open. */
const PUBLIC_PATHS: readonly string[] = [PATHS.login, PATHS.onboarding, PATHS.callback];
/** Pages behind the check-admin guard: platform admins only (flags are global, not a team's). */
const ADMIN_PATHS: readonly string[] = [PATHS.featureToggle];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalizePath(pathname));
}

/** Pages for everybody, signed in or not, with a team or not: an invitation link's screen shows
 *  what fits whoever opens it (it is how a person without a team joins one). */
export function isOpenPath(pathname: string): boolean {
  return isInvitationPath(pathname);
}

export function requiresAdmin(pathname: string): boolean {
  return ADMIN_PATHS.includes(normalizePath(pathname));
}

/**
 * The route guards of SPEC section 2.
 * - Not logged in: every page but login, onboarding and callback sends to login (with the
 *   signed-out notice when a 401 ended the session: the same place the session itself goes).
 * - Logged in with a team: login, onboarding and callback send to the landing page, and so do
 *   the check-admin pages for anyone but a platform admin.
 * - Logged in without a team: onboarding stays reachable (it is where a team gets
 *   created), and every other page sends there, since no screen works without a team.
 * - An invitation's screen opens for everybody once the session has settled.
 * - The callback page renders while the session is still settling (it is the
 *   page that completes the sign-in); every other page waits for the session.
 */
export function guardRoute(pathname: string, access: Access): GuardDecision {
  const path = normalizePath(pathname);
  const isPublic = isPublicPath(path);
  if (isOpenPath(path)) return access.status === 'pending' ? { kind: 'wait' } : { kind: 'allow' };
  switch (access.status) {
    case 'pending':
      return path === PATHS.callback ? { kind: 'allow' } : { kind: 'wait' };
    case 'anonymous':
      if (isPublic) return { kind: 'allow' };
      return { kind: 'redirect', to: access.signedOut ? PATHS.unauthorizedLogin : PATHS.login };
    case 'teamless':
      return path === PATHS.onboarding ? { kind: 'allow' } : { kind: 'redirect', to: PATHS.onboarding };
    case 'member':
      if (isPublic) return { kind: 'redirect', to: PATHS.landing };
      if (requiresAdmin(path) && !access.platformAdmin) return { kind: 'redirect', to: PATHS.landing };
      return { kind: 'allow' };
  }
}

/** Route rules first (they redirect before anyone is asked), then the guards. */
export function decideRoute(pathname: string, access: Access, rules: RouteRules = ROUTE_RULES): RouteDecision {
  const rule = applyRouteRules(pathname, rules);
  if (rule.kind === 'redirect') return { kind: 'redirect', to: rule.to };
  if (rule.kind === 'leave') return rule;
  return guardRoute(pathname, access);
}
