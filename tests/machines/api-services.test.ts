import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { ApiError, isApiError, toApiError } from '../../src/api/errors';
import { fetchOrNull, listOrEmpty, orThrow, tokenOrNull } from '../../src/api/services/policy';
import { apiConnection } from '../../src/machines/session/api-connection';
import { effectSpies, fakeSession, stored, team, userWith } from './session-fakes';

/** A fetch that answers from a table and records what it was asked. */
function fakeFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: Request) => {
    requests.push(input);
    return answer(input);
  });
  return { fetch, requests };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the API client and the session', () => {
  it('sends the session token, and a burst of 401s logs out and navigates exactly once', async () => {
    const { fetch, requests } = fakeFetch(() => json(401, { error: 'UNAUTHORIZED', message: 'expired' }));
    const client = createApiClient({ baseUrl: 'http://test', fetch });
    const spies = effectSpies();
    const { logic } = fakeSession(
      { restoreSession: async () => stored({ token: 'tok-1' }), getMe: async () => userWith([team('vn')]) },
      spies,
    );
    // the real connection between the client and the session
    const session = createActor(logic.provide({ actors: { apiConnection } })).start();
    await waitFor(session, (s) => s.matches({ active: 'ready' }));

    await Promise.all([client.GET('/api/v1/users/me'), client.GET('/api/v1/users/me'), client.GET('/api/v1/users/me')]);
    expect(requests[0].headers.get('Authorization')).toBe('Bearer tok-1');
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login?unauthorized=1');
    expect(session.getSnapshot().matches('loggedOut')).toBe(true);

    // logged out: no token goes out any more
    await client.GET('/api/v1/users/me');
    expect(requests[3].headers.get('Authorization')).toBeNull();

    // once the session is gone, the client is disconnected
    session.stop();
    await client.GET('/api/v1/users/me');
    expect(spies.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('SPEC section 8 policies', () => {
  const ok =
    <T>(data: T) =>
    async () => ({ data, error: undefined, response: new Response(null, { status: 200 }) });
  const fail = (status: number, error: unknown) => async () => ({
    data: undefined,
    error,
    response: new Response(null, { status }),
  });
  const offline = async (): Promise<never> => {
    throw new TypeError('Failed to fetch');
  };

  it('list failures give an empty page', async () => {
    const toPage = (d: { orders: string[]; hasMore: boolean; nextCursor: string | null }) => ({
      items: d.orders,
      hasMore: d.hasMore,
      nextCursor: d.nextCursor,
    });
    await expect(
      listOrEmpty('listOrders', ok({ orders: ['a'], hasMore: true, nextCursor: 'c' }), toPage),
    ).resolves.toEqual({ items: ['a'], hasMore: true, nextCursor: 'c' });
    await expect(listOrEmpty('listOrders', fail(500, { error: 'X', message: 'boom' }), toPage)).resolves.toEqual({
      items: [],
      hasMore: false,
      nextCursor: null,
    });
    await expect(listOrEmpty('listOrders', offline, toPage)).resolves.toEqual({
      items: [],
      hasMore: false,
      nextCursor: null,
    });
  });

  it('fetch failures give null', async () => {
    await expect(fetchOrNull('getMe', ok({ id: 'u' }))).resolves.toEqual({ id: 'u' });
    await expect(fetchOrNull('getMe', fail(404, { error: 'NOT_FOUND', message: 'x' }))).resolves.toBeNull();
    await expect(fetchOrNull('getMe', offline)).resolves.toBeNull();
    expect(console.error).toHaveBeenCalled();
  });

  it('"logged and re-thrown" failures throw a typed ApiError', async () => {
    const thrown = await orThrow('deleteOrder', fail(409, { error: 'CONFLICT', message: 'stale' })).catch(
      (e: unknown) => e,
    );
    expect(isApiError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ status: 409, error: 'CONFLICT', message: 'stale', name: 'ApiError' });
    await expect(orThrow('x', offline)).rejects.toMatchObject({ status: 0, error: 'NETWORK_ERROR' });
    await expect(orThrow('x', ok(7))).resolves.toBe(7);
  });

  it('sign-in/register failures give a null token, telling a missing account apart', async () => {
    await expect(tokenOrNull('signIn', ok({ accessToken: 't' }))).resolves.toEqual({
      accessToken: 't',
      userNotFound: false,
    });
    await expect(
      tokenOrNull('signIn', fail(404, { error: 'USER_NOT_FOUND', message: 'register first' })),
    ).resolves.toEqual({ accessToken: null, userNotFound: true });
    await expect(tokenOrNull('signIn', fail(401, { error: 'UNAUTHORIZED', message: 'bad token' }))).resolves.toEqual({
      accessToken: null,
      userNotFound: false,
    });
    await expect(tokenOrNull('register', offline)).resolves.toEqual({ accessToken: null, userNotFound: false });
  });

  it('does not swallow an abort (a stopped actor is not waiting)', async () => {
    const aborted = async (): Promise<never> => {
      throw new DOMException('stopped', 'AbortError');
    };
    await expect(fetchOrNull('getMe', aborted)).rejects.toThrow('stopped');
  });

  it('turns any failure into an ApiError', () => {
    expect(toApiError(400, { error: 'BAD_REQUEST', message: 'no' })).toMatchObject({
      status: 400,
      error: 'BAD_REQUEST',
      message: 'no',
    });
    expect(toApiError(502, '<html>')).toMatchObject({ status: 502, error: 'HTTP_ERROR' });
    const same = new ApiError(403, 'FORBIDDEN', 'nope');
    expect(toApiError(0, same)).toBe(same);
  });
});
