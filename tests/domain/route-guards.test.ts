import { describe, expect, it } from 'vitest';
import { PATHS } from '../../src/domain/paths';
import { decideRoute, guardRoute, isPublicPath, requiresAdmin, type Access } from '../../src/domain/route-guards';

const anonymous: Access = { status: 'anonymous' };
const pending: Access = { status: 'pending' };
const teamless: Access = { status: 'teamless' };
/** A platform admin (ADMIN of the Tech Team), and anyone else: an admin of their own team included. */
const platformAdmin: Access = { status: 'member', platformAdmin: true };
const editor: Access = { status: 'member', platformAdmin: false };

describe('route guards', () => {
  it.each(['/orders/new-added', '/tours', '/setting', '/products', '/nowhere'])(
    'sends a visitor who is not logged in from %s to login',
    (path) => {
      expect(guardRoute(path, anonymous)).toEqual({ kind: 'redirect', to: PATHS.login });
    },
  );

  it('sends a visitor signed out by a 401 to the signed-out notice, where the session sends them too', () => {
    const signedOut: Access = { status: 'anonymous', signedOut: true };
    expect(guardRoute('/orders/new-added', signedOut)).toEqual({ kind: 'redirect', to: PATHS.unauthorizedLogin });
    expect(guardRoute(PATHS.login, signedOut)).toEqual({ kind: 'allow' });
  });

  it.each([PATHS.login, PATHS.onboarding, PATHS.callback, '/auth/login/'])(
    'lets a visitor who is not logged in open %s',
    (path) => {
      expect(guardRoute(path, anonymous)).toEqual({ kind: 'allow' });
    },
  );

  it.each([PATHS.login, PATHS.onboarding, PATHS.callback])(
    'sends a logged-in member from %s to the landing page',
    (path) => {
      expect(guardRoute(path, editor)).toEqual({ kind: 'redirect', to: '/orders/new-added' });
    },
  );

  it('keeps onboarding reachable for a logged-in user without a team, and sends them there from elsewhere', () => {
    expect(guardRoute(PATHS.onboarding, teamless)).toEqual({ kind: 'allow' });
    expect(guardRoute(PATHS.login, teamless)).toEqual({ kind: 'redirect', to: PATHS.onboarding });
    expect(guardRoute('/orders/pending', teamless)).toEqual({ kind: 'redirect', to: PATHS.onboarding });
  });

  it('waits for the session before deciding, except on the callback that completes the sign-in', () => {
    expect(guardRoute('/orders', pending)).toEqual({ kind: 'wait' });
    expect(guardRoute(PATHS.login, pending)).toEqual({ kind: 'wait' });
    expect(guardRoute(PATHS.callback, pending)).toEqual({ kind: 'allow' });
  });

  it('check-admin: only a platform admin opens the feature toggles; anyone else lands on the new orders', () => {
    expect(requiresAdmin('/setting/feature-toggle')).toBe(true);
    expect(requiresAdmin('/setting/feature-toggle/')).toBe(true);
    expect(requiresAdmin('/setting')).toBe(false);
    expect(guardRoute('/setting/feature-toggle', platformAdmin)).toEqual({ kind: 'allow' });
    expect(guardRoute('/setting/feature-toggle/', platformAdmin)).toEqual({ kind: 'allow' });
    expect(guardRoute('/setting/feature-toggle', editor)).toEqual({ kind: 'redirect', to: PATHS.landing });
    expect(guardRoute('/setting/feature-toggle/', editor)).toEqual({ kind: 'redirect', to: PATHS.landing });
    // not a member yet: the guards before the check-admin one decide
    expect(guardRoute('/setting/feature-toggle', anonymous)).toEqual({ kind: 'redirect', to: PATHS.login });
    expect(guardRoute('/setting/feature-toggle', teamless)).toEqual({ kind: 'redirect', to: PATHS.onboarding });
    expect(guardRoute('/setting', editor)).toEqual({ kind: 'allow' });
    expect(guardRoute('/orders/pending', platformAdmin)).toEqual({ kind: 'allow' });
  });

  it('knows the public pages', () => {
    expect(isPublicPath('/auth/login')).toBe(true);
    expect(isPublicPath('/auth/other')).toBe(false);
  });

  it('applies the route rules before the guards', () => {
    expect(decideRoute('/', editor)).toEqual({ kind: 'redirect', to: PATHS.landing });
    expect(decideRoute('/', anonymous)).toEqual({ kind: 'redirect', to: PATHS.landing });
    // the inbox is a screen like the others: the guards send a visitor to sign in first
    expect(decideRoute('/orders/inbox', anonymous)).toEqual({ kind: 'redirect', to: PATHS.login });
    expect(decideRoute('/orders/pending', anonymous)).toEqual({ kind: 'redirect', to: PATHS.login });
    expect(decideRoute('/partners', editor, { '/partners': { redirect: 'https://partners.example.com/' } })).toEqual({
      kind: 'leave',
      url: 'https://partners.example.com/',
    });
    expect(decideRoute('/orders', editor)).toEqual({ kind: 'allow' });
  });
});
