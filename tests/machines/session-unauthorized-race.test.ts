// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { restoreSession, writeToken, writeUnauthorized } from '../../src/api/storage/session';
import type { User } from '../../src/api/services/users';
import { PATHS } from '../../src/domain/paths';
import { decideRouteFor, type SettledDecision } from '../../src/machines/session/route-access';
import { fakeSession, stored, team, userWith } from './session-fakes';

/**
 * Issue 24, point 14: a 401 sends the session to the login page with the signed-out notice, while
 * the route guard of the page being loaded decides where an anonymous visitor goes. The browser
 * keeps whichever navigation lands last; both orders are played here, step by step, and must
 * end on the notice. Then the same with a page load that races the sign-out of the page before.
 */

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  window.localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

/** The page's URL as the router keeps it: each navigation that lands replaces it. */
function fakeLocation(start: string) {
  const landed: string[] = [start];
  return { land: (to: string) => landed.push(to), current: () => landed[landed.length - 1], landed };
}

/** A page load at `/orders/new-added` with a token the server no longer accepts; getMe waits for the test. */
async function loadingWithExpiredToken() {
  let answerMe: (user: User | null) => void = () => undefined;
  const { logic, spies } = fakeSession({
    restoreSession: async () => stored({ token: 'expired', teamId: 'vn' }),
    getMe: () => new Promise<User | null>((resolve) => (answerMe = resolve)),
  });
  const session = createActor(logic).start();
  await waitFor(session, (s) => s.matches({ active: 'loading' }));
  // the root loader of the page load: it waits for the session to settle
  const guard = decideRouteFor(session, '/orders/new-added');
  return { session, spies, guard, answerMe: (user: User | null) => answerMe(user) };
}

const target = (decision: SettledDecision) => (decision.kind === 'redirect' ? decision.to : null);

describe('a 401 during a page load: the session navigates, the route guard redirects', () => {
  it("the session's navigation first, the guard's redirect last: the notice", async () => {
    const page = fakeLocation('/orders/new-added');
    const { session, spies, guard } = await loadingWithExpiredToken();
    // getMe answers 401: the client reports it before the call's result comes back
    session.send({ type: 'api.unauthorized' });
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith(PATHS.unauthorizedLogin);
    page.land(spies.navigate.mock.calls[0][0]);
    const decision = await guard;
    page.land(target(decision) ?? page.current());
    expect(decision).toEqual({ kind: 'redirect', to: PATHS.unauthorizedLogin });
    expect(page.current()).toBe('/auth/login?unauthorized=1');
  });

  it("the guard's redirect first, the session's navigation last: the notice", async () => {
    const page = fakeLocation('/orders/new-added');
    const { session, spies, guard } = await loadingWithExpiredToken();
    session.send({ type: 'api.unauthorized' });
    const decision = await guard;
    page.land(target(decision) ?? page.current());
    page.land(spies.navigate.mock.calls[0][0]);
    expect(page.landed).toEqual(['/orders/new-added', PATHS.unauthorizedLogin, PATHS.unauthorizedLogin]);
    // and the guard of the page it lands on lets it stay there
    await expect(decideRouteFor(session, '/auth/login')).resolves.toEqual({ kind: 'allow' });
  });

  it('a user that cannot be loaded (no 401) goes to the plain login page, with its error', async () => {
    const { session, spies, guard, answerMe } = await loadingWithExpiredToken();
    answerMe(null);
    await expect(guard).resolves.toEqual({ kind: 'redirect', to: PATHS.login });
    expect(spies.navigate).not.toHaveBeenCalled();
    expect(session.getSnapshot().context.error).toBe('User not found');
  });
});

describe('a page load racing the sign-out of the page before (a reload while a call answers 401)', () => {
  /** The session with browser storage as it is: the real restore and the real write of the notice. */
  function withStorage(getMe: () => Promise<User | null> = () => new Promise(() => undefined)) {
    const { logic, spies } = fakeSession({ getMe, startSignIn: () => new Promise(() => undefined) });
    const real = logic.provide({
      actors: { restoreSession },
      actions: {
        saveUnauthorized: (_, { on }) => writeUnauthorized(on),
        clearToken: () => writeToken(null),
      },
    });
    return { session: createActor(real).start(), spies };
  }

  it('the page that is left signs out; the page loaded meanwhile (no token left) shows the notice', async () => {
    writeToken('expired');
    const before = withStorage();
    await waitFor(before.session, (s) => s.matches({ active: 'loading' }));
    before.session.send({ type: 'api.unauthorized' });
    before.session.stop();
    // the reload had asked for the page it was on: its guard sends to the notice all the same
    const after = withStorage();
    await expect(decideRouteFor(after.session, '/orders/new-added')).resolves.toEqual({
      kind: 'redirect',
      to: PATHS.unauthorizedLogin,
    });
    expect(after.spies.navigate).not.toHaveBeenCalled();
  });

  it('the next sign-in ends the notice: afterwards the guards send to the plain login page', async () => {
    writeUnauthorized(true);
    const { session } = withStorage();
    await expect(decideRouteFor(session, '/products')).resolves.toEqual({
      kind: 'redirect',
      to: PATHS.unauthorizedLogin,
    });
    session.send({ type: 'session.login' });
    session.stop();
    const next = withStorage();
    await expect(decideRouteFor(next.session, '/products')).resolves.toEqual({ kind: 'redirect', to: PATHS.login });
  });

  it('a sign-in that completes ends the notice too', async () => {
    writeUnauthorized(true);
    const { logic } = fakeSession({
      restoreSession: async () => stored({ unauthorized: true, callbackUrl: 'http://localhost/auth/callback?code=c' }),
      signInFlow: async () => ({ accessToken: 'fresh' }),
      getMe: async () => userWith([team('vn')]),
    });
    const session = createActor(logic.provide({ actions: { saveUnauthorized: (_, { on }) => writeUnauthorized(on) } }));
    session.start();
    await waitFor(session, (s) => s.matches({ active: 'ready' }));
    expect(session.getSnapshot().context.unauthorized).toBe(false);
    expect(window.localStorage.getItem('unauthorized')).toBeNull();
  });
});
