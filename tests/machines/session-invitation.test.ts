import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PATHS } from '../../src/domain/paths';
import { decideRoute } from '../../src/domain/route-guards';
import { selectAccess, selectTeam } from '../../src/machines/session/selectors';
import { effectSpies, fakeSession, stored, team, userWith, type SessionFakes } from './session-fakes';

/**
 * What the session does for an invitation: it remembers where the next sign-in comes back to (the
 * invitation's screen, to accept), loads the user's teams again once they joined one, with that
 * team selected, and loads them again when their own role changed. The route guards open an
 * invitation's screen to everybody.
 */
function start(fakes: SessionFakes) {
  const spies = effectSpies();
  const { logic } = fakeSession(fakes, spies);
  const actor = createActor(logic).start();
  return { actor, spies };
}
const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('pending'));
const BACK = '/invitations/tok_0123456789abcdefghij?accept=1';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the way back to an invitation', () => {
  it('is kept (and stored) before the sign-in, and followed once signed in, then forgotten', async () => {
    const startSignIn = vi.fn(async () => undefined);
    const first = start({ restoreSession: async () => stored(), startSignIn });
    await settled(first.actor);
    first.actor.send({ type: 'session.returnTo', path: BACK });
    first.actor.send({ type: 'session.login' });
    expect(first.spies.saveReturnTo).toHaveBeenCalledWith(BACK);
    expect(startSignIn).toHaveBeenCalled();

    // the provider sends the browser back: a new page load at /auth/callback, teamless so far
    const back = start({
      restoreSession: async () => stored({ callbackUrl: 'http://localhost/auth/callback?code=c', returnTo: BACK }),
      signInFlow: async () => ({ accessToken: 'fresh' }),
      getMe: async () => userWith([]),
    });
    const s = await waitFor(back.actor, (x) => x.matches({ active: 'teamless' }));
    expect(back.spies.navigate).toHaveBeenCalledWith(BACK);
    expect(back.spies.navigate).not.toHaveBeenCalledWith(PATHS.landing);
    expect(back.spies.saveReturnTo).toHaveBeenLastCalledWith(null);
    expect(s.context.returnTo).toBeNull();
    // a teamless person is not sent to onboarding from an invitation's screen
    expect(decideRoute('/invitations/tok_0123456789abcdefghij', selectAccess(s))).toEqual({ kind: 'allow' });
    expect(decideRoute('/orders/new-added', selectAccess(s))).toEqual({ kind: 'redirect', to: PATHS.onboarding });
  });

  it('is a path of this app only', async () => {
    const { actor, spies } = start({ restoreSession: async () => stored() });
    await settled(actor);
    for (const path of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)'])
      actor.send({ type: 'session.returnTo', path });
    expect(spies.saveReturnTo).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('without one, a sign-in lands on the landing page as before', async () => {
    const { actor, spies } = start({
      restoreSession: async () => stored({ callbackUrl: 'http://localhost/auth/callback?code=c' }),
      signInFlow: async () => ({ accessToken: 'fresh' }),
      getMe: async () => userWith([team('vn')]),
    });
    await waitFor(actor, (x) => x.matches({ active: 'ready' }));
    expect(spies.navigate).toHaveBeenCalledWith(PATHS.landing);
  });
});

describe('joining a team', () => {
  it('loads the teams again with the joined team selected and saved, from teamless or from another team', async () => {
    for (const before of [[], [team('vn', 'ADMIN')]]) {
      let teams = before;
      const { actor, spies } = start({
        restoreSession: async () => stored({ token: 'tok' }),
        getMe: async () => userWith(teams),
        loadTotals: async () => ({}) as never,
      });
      await settled(actor);
      teams = [...before, team('kh')];
      actor.send({ type: 'team.joined', teamId: 'kh' });
      expect(selectAccess(actor.getSnapshot())).toEqual({ status: 'pending' });
      const s = await waitFor(
        actor,
        (x) => x.matches({ active: 'ready' }) && x.context.user?.teams.length === teams.length,
      );
      expect(selectTeam(s)?.id).toBe('kh');
      expect(spies.saveTeamId).toHaveBeenCalledWith('kh');
    }
  });

  it('a refresh (one’s own role changed) loads the teams again and keeps the selected team', async () => {
    let role: 'ADMIN' | 'MEMBER' = 'ADMIN';
    const { actor } = start({
      restoreSession: async () => stored({ token: 'tok', teamId: 'jp' }),
      getMe: async () => userWith([team('vn', 'ADMIN'), team('jp', role)]),
      loadTotals: async () => ({}) as never,
    });
    await settled(actor);
    role = 'MEMBER';
    actor.send({ type: 'session.refresh' });
    const s = await waitFor(actor, (x) => x.matches({ active: 'ready' }) && selectTeam(x)?.role === 'MEMBER');
    expect(selectTeam(s)?.id).toBe('jp');
  });
});
