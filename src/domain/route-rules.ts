import { normalizePath, PATHS } from './paths';

/**
 * Route rules: a redirect table applied before any screen loads. A target
 * that is an absolute URL leaves the app (a full navigation elsewhere).
 */
export interface RouteRule {
  redirect: string;
}

export type RouteRules = Readonly<Record<string, RouteRule>>;

/** `/` has no screen of its own (DESIGN: choices made). */
export const ROUTE_RULES: RouteRules = {
  '/': { redirect: PATHS.landing },
  '/auth': { redirect: PATHS.login },
};

export type RuleDecision = { kind: 'none' } | { kind: 'redirect'; to: string } | { kind: 'leave'; url: string };

export function isAbsoluteUrl(target: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(target) || target.startsWith('//');
}

export function applyRouteRules(pathname: string, rules: RouteRules = ROUTE_RULES): RuleDecision {
  const rule = rules[normalizePath(pathname)];
  if (!rule) return { kind: 'none' };
  return isAbsoluteUrl(rule.redirect) ? { kind: 'leave', url: rule.redirect } : { kind: 'redirect', to: rule.redirect };
}
