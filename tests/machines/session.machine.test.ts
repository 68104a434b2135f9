import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { SIGN_IN_FAILED } from '../../src/domain/session-rules';
import { LOGOUT_PATIENCE_MS } from '../../src/machines/session/transitions';
import { selectAccess, selectIsPlatformAdmin, selectNavCounts, selectTeam } from '../../src/machines/session/selectors';
import { effectSpies, fakeSession, stored, team, userWith, type SessionFakes } from './session-fakes';

const teams = [team('vn', 'ADMIN'), team('jp'), team('fr')];

function start(fakes: SessionFakes) {
  const spies = effectSpies();
  const { logic } = fakeSession(fakes, spies);
  const actor = createActor(logic).start();
  return { actor, spies };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('pending'));

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('session start-up', () => {
  it('is logged out without a token, and loads no user', async () => {
    const getMe = vi.fn();
    const { actor } = start({ restoreSession: async () => stored(), getMe });
    const s = await settled(actor);
    expect(s.matches({ loggedOut: 'idle' })).toBe(true);
    expect(selectAccess(s)).toEqual({ status: 'anonymous' });
    expect(getMe).not.toHaveBeenCalled();
  });

  it('loads the user with a token and selects the saved team', async () => {
    const { actor, spies } = start({
      restoreSession: async () => stored({ token: 'tok', teamId: 'jp' }),
      getMe: async () => userWith(teams),
    });
    const s = await settled(actor);
    expect(s.matches({ active: 'ready' })).toBe(true);
    expect(s.context.token).toBe('tok');
    expect(s.context.user?.email).toBe('ana@tourdesk.test');
    expect(selectTeam(s)?.id).toBe('jp');
    expect(selectAccess(s)).toEqual({ status: 'member', platformAdmin: false });
    expect(spies.saveTeamId).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it('knows a platform admin from the user, whichever team is selected; a team ADMIN is not one', async () => {
    const platformAdmin = start({
      restoreSession: async () => stored({ token: 'tok', teamId: 'jp' }),
      getMe: async () => userWith(teams, { isPlatformAdmin: true }),
    });
    const s = await settled(platformAdmin.actor);
    // a MEMBER of the selected team: the platform role does not depend on it
    expect(selectTeam(s)?.role).toBe('MEMBER');
    expect(selectIsPlatformAdmin(s)).toBe(true);
    expect(selectAccess(s)).toEqual({ status: 'member', platformAdmin: true });

    const teamAdmin = start({
      restoreSession: async () => stored({ token: 'tok', teamId: 'vn' }),
      getMe: async () => userWith(teams),
    });
    const t = await settled(teamAdmin.actor);
    expect(selectTeam(t)?.role).toBe('ADMIN');
    expect(selectIsPlatformAdmin(t)).toBe(false);
    expect(selectAccess(t)).toEqual({ status: 'member', platformAdmin: false });
  });

  it('logs an unknown saved team and uses (and saves) the first team', async () => {
    const { actor, spies } = start({
      restoreSession: async () => stored({ token: 'tok', teamId: 'gone' }),
      getMe: async () => userWith(teams),
    });
    const s = await settled(actor);
    expect(selectTeam(s)?.id).toBe('vn');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('gone'));
    expect(spies.saveTeamId).toHaveBeenCalledExactlyOnceWith('vn');
  });

  it('selects and saves team 0 when no team is saved', async () => {
    const { actor, spies } = start({
      restoreSession: async () => stored({ token: 'tok' }),
      getMe: async () => userWith(teams),
    });
    const s = await settled(actor);
    expect(s.context.teamId).toBe('vn');
    expect(spies.saveTeamId).toHaveBeenCalledExactlyOnceWith('vn');
    expect(warn).not.toHaveBeenCalled();
  });

  it("reports 'Teams not found' for a user without teams (onboarding is the place to go)", async () => {
    const { actor } = start({ restoreSession: async () => stored({ token: 'tok' }), getMe: async () => userWith([]) });
    const s = await settled(actor);
    expect(s.matches({ active: 'teamless' })).toBe(true);
    expect(s.context.error).toBe('Teams not found');
    expect(selectAccess(s)).toEqual({ status: 'teamless' });
  });

  it("reports 'User not found' when the user cannot be fetched, and keeps the stored token", async () => {
    const { actor, spies } = start({ restoreSession: async () => stored({ token: 'tok' }), getMe: async () => null });
    const s = await settled(actor);
    expect(s.matches('loggedOut')).toBe(true);
    expect(s.context.error).toBe('User not found');
    expect(s.context.user).toBeNull();
    expect(spies.clearToken).not.toHaveBeenCalled();
  });

  it('treats a throwing user fetch like a missing user', async () => {
    const { actor } = start({ restoreSession: async () => stored({ token: 'tok' }) });
    const s = await settled(actor);
    expect(s.context.error).toBe('User not found');
    expect(error).toHaveBeenCalled();
  });
});

describe('teams', () => {
  const signedIn = () =>
    start({ restoreSession: async () => stored({ token: 'tok', teamId: 'vn' }), getMe: async () => userWith(teams) });

  it('switching team stores the id and fully reloads', async () => {
    const { actor, spies } = signedIn();
    await settled(actor);
    actor.send({ type: 'team.switch', index: 2 });
    expect(spies.saveTeamId).toHaveBeenCalledExactlyOnceWith('fr');
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("refuses an index outside the teams with 'Invalid team index'", async () => {
    const { actor, spies } = signedIn();
    await settled(actor);
    for (const index of [3, -1, 1.5]) actor.send({ type: 'team.switch', index });
    expect(actor.getSnapshot().context.error).toBe('Invalid team index');
    expect(spies.saveTeamId).not.toHaveBeenCalled();
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('settings changes reach the user and the team list at once, without a reload', async () => {
    const { actor, spies } = signedIn();
    await settled(actor);
    actor.send({ type: 'user.patched', name: 'Ana B.' });
    actor.send({ type: 'user.patched', avatarUrl: '/avatars/ana.png' });
    actor.send({ type: 'team.patched', teamId: 'jp', name: 'Japan Tours', avatarUrl: '/logos/jp.png' });
    const { user } = actor.getSnapshot().context;
    expect(user).toMatchObject({ name: 'Ana B.', avatarUrl: '/avatars/ana.png', email: 'ana@tourdesk.test' });
    expect(user?.teams.map((t) => [t.id, t.name, t.avatarUrl])).toEqual([
      ['vn', teams[0].name, teams[0].avatarUrl],
      ['jp', 'Japan Tours', '/logos/jp.png'],
      ['fr', teams[2].name, teams[2].avatarUrl],
    ]);
    expect(selectTeam(actor.getSnapshot())?.id).toBe('vn');
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('a user without teams has no valid index', async () => {
    const { actor, spies } = start({
      restoreSession: async () => stored({ token: 'tok' }),
      getMe: async () => userWith([]),
    });
    await settled(actor);
    actor.send({ type: 'team.switch', index: 0 });
    expect(actor.getSnapshot().context.error).toBe('Invalid team index');
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });
});

describe('navigation totals', () => {
  const TOTALS = { orders: { 'new-added': 3 }, tours: { upcoming: 1 } };

  it('are counted for the selected team once ready, again on request, and end with the session', async () => {
    const loadTotals = vi.fn(async () => TOTALS);
    const { actor } = start({
      restoreSession: async () => stored({ token: 'tok', teamId: 'jp' }),
      getMe: async () => userWith(teams),
      loadTotals,
    });
    const counts = selectNavCounts(await settled(actor));
    if (!counts) throw new Error('no navigation totals while ready');
    await waitFor(counts, (c) => c.matches('ready'));
    expect(loadTotals).toHaveBeenCalledExactlyOnceWith({ teamId: 'jp', timezone: 'Asia/Ho_Chi_Minh', scope: null });
    expect(counts.getSnapshot().context.totals).toEqual(TOTALS);
    counts.send({ type: 'counts.refresh' });
    await waitFor(counts, (c) => c.matches('ready'));
    expect(loadTotals).toHaveBeenCalledTimes(2);
    actor.send({ type: 'session.logout' });
    expect(selectNavCounts(actor.getSnapshot())).toBeUndefined();
  });

  it('are not counted without a team', async () => {
    const loadTotals = vi.fn(async () => TOTALS);
    const { actor } = start({
      restoreSession: async () => stored({ token: 'tok' }),
      getMe: async () => userWith([]),
      loadTotals,
    });
    const s = await settled(actor);
    expect(s.matches({ active: 'teamless' })).toBe(true);
    expect(selectNavCounts(s)).toBeUndefined();
    expect(loadTotals).not.toHaveBeenCalled();
  });
});

describe('logout and 401', () => {
  const signedIn = () =>
    start({ restoreSession: async () => stored({ token: 'tok', teamId: 'vn' }), getMe: async () => userWith(teams) });

  it('logout asks the server with the token still lent, then clears token and user and asks for the account choice', async () => {
    const startSignIn = vi.fn(() => new Promise<void>(() => undefined));
    let answer: () => void = () => undefined;
    const logout = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const spies = effectSpies();
    const { logic } = fakeSession(
      { restoreSession: async () => stored({ token: 'tok' }), getMe: async () => userWith(teams), startSignIn, logout },
      spies,
    );
    const actor = createActor(logic).start();
    await settled(actor);
    actor.send({ type: 'session.logout' });
    // the server is asked while the client still sends the token; nothing forgotten yet
    expect(logout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('tok');
    expect(spies.clearToken).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();
    // other calls answering 401 meanwhile (the token is being revoked) do not send to the signed-out notice
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);

    answer();
    const s = await waitFor(actor, (x) => x.matches({ loggedOut: 'idle' }));
    expect(s.context).toMatchObject({ token: null, user: null, teamId: null, promptLogin: true });
    expect(spies.clearToken).toHaveBeenCalledTimes(1);
    expect(spies.savePromptLogin).toHaveBeenCalledExactlyOnceWith(true);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');

    actor.send({ type: 'session.login' });
    expect(actor.getSnapshot().matches({ loggedOut: 'redirecting' })).toBe(true);
    expect(startSignIn).toHaveBeenCalledWith({ prompt: 'login' });
  });

  it('signs out locally when the server cannot be reached, and logs why', async () => {
    const logout = vi.fn(async () => Promise.reject(new Error('offline')));
    const { actor, spies } = start({
      restoreSession: async () => stored({ token: 'tok', teamId: 'vn' }),
      getMe: async () => userWith(teams),
      logout,
    });
    await settled(actor);
    actor.send({ type: 'session.logout' });
    const s = await waitFor(actor, (x) => x.matches({ loggedOut: 'idle' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(s.context).toMatchObject({ token: null, user: null, promptLogin: true });
    expect(spies.clearToken).toHaveBeenCalledTimes(1);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
    expect(error).toHaveBeenCalledWith('[session]', expect.objectContaining({ message: 'offline' }));
  });

  it('signs out locally when the server does not answer within the patience', async () => {
    vi.useFakeTimers();
    try {
      const logout = vi.fn(() => new Promise<void>(() => undefined));
      const { actor, spies } = start({
        restoreSession: async () => stored({ token: 'tok', teamId: 'vn' }),
        getMe: async () => userWith(teams),
        logout,
      });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: 'ready' })).toBe(true));
      actor.send({ type: 'session.logout' });
      await vi.advanceTimersByTimeAsync(LOGOUT_PATIENCE_MS - 1);
      expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.token).toBeNull();
      expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs in without prompt=login when nothing asked for it', async () => {
    const startSignIn = vi.fn(() => new Promise<void>(() => undefined));
    const { actor } = start({ restoreSession: async () => stored(), startSignIn });
    await settled(actor);
    actor.send({ type: 'session.login' });
    expect(startSignIn).toHaveBeenCalledWith({ prompt: null });
  });

  it('remembers prompt=login across a page load', async () => {
    const startSignIn = vi.fn(() => new Promise<void>(() => undefined));
    const { actor } = start({ restoreSession: async () => stored({ promptLogin: true }), startSignIn });
    await settled(actor);
    actor.send({ type: 'session.login' });
    expect(startSignIn).toHaveBeenCalledWith({ prompt: 'login' });
  });

  it('many 401s at once log out and navigate to the login page exactly once', async () => {
    const { actor, spies } = signedIn();
    await settled(actor);
    for (let i = 0; i < 5; i++) actor.send({ type: 'api.unauthorized' });
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login?unauthorized=1');
    expect(spies.clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.token).toBeNull();
    // kept for the guards and the next page load: the login page says why
    expect(spies.saveUnauthorized).toHaveBeenCalledExactlyOnceWith(true);
    expect(selectAccess(actor.getSnapshot())).toEqual({ status: 'anonymous', signedOut: true });
  });

  it('a 401 while the user loads logs out too', async () => {
    const { actor, spies } = start({
      restoreSession: async () => stored({ token: 'bad' }),
      getMe: () => new Promise(() => undefined),
    });
    await waitFor(actor, (s) => s.matches({ active: 'loading' }));
    actor.send({ type: 'api.unauthorized' });
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login?unauthorized=1');
  });

  it('a failed redirect to the provider is reported', async () => {
    const { actor } = start({
      restoreSession: async () => stored(),
      startSignIn: async () => Promise.reject(new Error('offline')),
    });
    await settled(actor);
    actor.send({ type: 'session.login' });
    const s = await waitFor(actor, (x) => x.matches({ loggedOut: 'idle' }) && x.context.error !== null);
    expect(s.context.error).toBe(SIGN_IN_FAILED);
  });
});

describe('sign-in callback', () => {
  const callback = stored({ callbackUrl: 'http://localhost/auth/callback?code=c&state=s' });

  it('completes the sign-in, stores the token and lands on the new orders', async () => {
    const signInFlow = vi.fn(async () => ({ accessToken: 'fresh' }));
    const { actor, spies } = start({
      restoreSession: async () => callback,
      signInFlow,
      getMe: async () => userWith(teams),
    });
    const s = await settled(actor);
    expect(signInFlow).toHaveBeenCalledWith({ callbackUrl: callback.callbackUrl });
    expect(spies.saveToken).toHaveBeenCalledExactlyOnceWith('fresh');
    expect(spies.savePromptLogin).toHaveBeenCalledWith(false);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/orders/new-added');
    expect(s.matches({ active: 'ready' })).toBe(true);
    expect(s.context.token).toBe('fresh');
  });

  it('a newly registered user without teams ends up teamless (the guards send them to onboarding)', async () => {
    const { actor } = start({
      restoreSession: async () => callback,
      signInFlow: async () => ({ accessToken: 'new' }),
      getMe: async () => userWith([]),
    });
    const s = await settled(actor);
    expect(selectAccess(s)).toEqual({ status: 'teamless' });
  });

  it('a failed sign-in goes back to the login page with an error', async () => {
    const { actor, spies } = start({
      restoreSession: async () => callback,
      signInFlow: async () => ({ accessToken: null }),
    });
    const s = await settled(actor);
    expect(s.matches({ loggedOut: 'idle' })).toBe(true);
    expect(s.context.error).toBe(SIGN_IN_FAILED);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
    expect(spies.saveToken).not.toHaveBeenCalled();
  });
});
