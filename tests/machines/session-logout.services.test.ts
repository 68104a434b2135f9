import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { answerWith, json, requests, resetClient } from './fake-client';
import { effectSpies, fakeSession, stored, team, userWith } from './session-fakes';

/**
 * Logout through the real service, the real client and the real connection between client and
 * session: the server is asked with the session's token, then the session ends whatever it answers.
 */
vi.mock('../../src/api/client', async (importOriginal) =>
  (await import('./fake-client')).clientOver(await importOriginal()),
);
const { logout } = await import('../../src/api/services/users');
const { apiConnection } = await import('../../src/machines/session/api-connection');

beforeEach(() => {
  resetClient();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

async function signedIn() {
  const spies = effectSpies();
  const { logic } = fakeSession(
    { restoreSession: async () => stored({ token: 'tok-1' }), getMe: async () => userWith([team('vn')]) },
    spies,
  );
  const session = createActor(logic.provide({ actors: { apiConnection, logout } })).start();
  await waitFor(session, (s) => s.matches({ active: 'ready' }));
  return { session, spies };
}

const loggedOut = (session: Awaited<ReturnType<typeof signedIn>>['session']) =>
  waitFor(session, (s) => s.matches({ loggedOut: 'idle' }));

describe('logout, through the API', () => {
  it('POSTs /users/logout with the bearer token, then forgets the session', async () => {
    answerWith(() => new Response(null, { status: 204 }));
    const { session, spies } = await signedIn();
    session.send({ type: 'session.logout' });
    const s = await loggedOut(session);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v1/users/logout');
    expect(request.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(s.context.token).toBeNull();
    expect(spies.clearToken).toHaveBeenCalledTimes(1);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
  });

  it('still signs out when the server fails, or answers 401 for a token that is already over', async () => {
    for (const failure of [
      () => json(503, { error: 'UNAVAILABLE', message: 'down' }),
      () => json(401, { error: 'UNAUTHORIZED', message: 'revoked' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      resetClient();
      answerWith(failure);
      const { session, spies } = await signedIn();
      session.send({ type: 'session.logout' });
      const s = await loggedOut(session);
      expect(requests).toHaveLength(1);
      expect(s.context.token).toBeNull();
      // a deliberate logout goes to the plain login page, never to the "signed out" notice of a 401
      expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
      expect(console.error).toHaveBeenCalled();
      session.stop();
    }
  });
});
