import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectClient, createApiClient } from '../../src/api/client';
import { sendEarly, sendSessionCheck, SESSION_CHECK_PATH } from '../../src/api/early-requests';

const ME = { id: 'u1', name: 'Nguyễn Thị Lan', teams: [] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The app's client over a fetch of its own, connected to a session holding `token`. */
function clientWith(token: string) {
  const fetch = vi.fn(async (_request: Request) => json({ ...ME, name: 'fetched by the client' }));
  const onUnauthorized = vi.fn();
  const disconnect = connectClient({ getToken: () => token, onUnauthorized });
  return { api: createApiClient({ baseUrl: 'http://app.test', fetch }), fetch, onUnauthorized, disconnect };
}

/** The entry's fetch (the page's global one). */
function earlyFetch(answer: () => Promise<Response>) {
  const fetch = vi.fn((_path: string, _init: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests the entry sends before the app has loaded', () => {
  it('the first matching call gets the early response, once; the next is sent as usual', async () => {
    const sent = earlyFetch(async () => json(ME));
    sendEarly(SESSION_CHECK_PATH, 'tok-1');
    expect(sent).toHaveBeenCalledWith(SESSION_CHECK_PATH, { headers: { Authorization: 'Bearer tok-1' } });
    const { api, fetch, disconnect } = clientWith('tok-1');
    try {
      expect((await api.GET('/api/v1/users/me')).data).toEqual(ME);
      expect(fetch).not.toHaveBeenCalled();
      expect((await api.GET('/api/v1/users/me')).data).toMatchObject({ name: 'fetched by the client' });
      expect(fetch).toHaveBeenCalledOnce();
    } finally {
      disconnect();
    }
  });

  it('is not used under another token, and a failed one is sent again by the client', async () => {
    earlyFetch(async () => json(ME));
    sendEarly(SESSION_CHECK_PATH, 'old-token');
    const other = clientWith('new-token');
    try {
      expect((await other.api.GET('/api/v1/users/me')).data).toMatchObject({ name: 'fetched by the client' });
    } finally {
      other.disconnect();
    }
    earlyFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    sendEarly(SESSION_CHECK_PATH, 'tok-2');
    const again = clientWith('tok-2');
    try {
      expect((await again.api.GET('/api/v1/users/me')).data).toMatchObject({ name: 'fetched by the client' });
      expect(again.fetch).toHaveBeenCalledOnce();
    } finally {
      again.disconnect();
    }
  });

  it('an early 401 signs the session out like any other', async () => {
    earlyFetch(async () => json({ message: 'Unauthorized' }, 401));
    sendEarly(SESSION_CHECK_PATH, 'revoked');
    const { api, fetch, onUnauthorized, disconnect } = clientWith('revoked');
    try {
      const { error, response } = await api.GET('/api/v1/users/me');
      expect(response.status).toBe(401);
      expect(error).toEqual({ message: 'Unauthorized' });
      expect(onUnauthorized).toHaveBeenCalledOnce();
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      disconnect();
    }
  });

  it("the session's check goes out only with a stored token, and not on the sign-in callback", () => {
    const sent = earlyFetch(async () => json(ME));
    const stored = new Map<string, string>();
    vi.stubGlobal('window', { localStorage: { getItem: (key: string) => stored.get(key) ?? null } });
    sendSessionCheck('/orders');
    expect(sent).not.toHaveBeenCalled();
    stored.set('AUTH', 'tok-3');
    sendSessionCheck('/auth/callback');
    expect(sent).not.toHaveBeenCalled();
    sendSessionCheck('/orders/new-added');
    expect(sent).toHaveBeenCalledExactlyOnceWith('/api/v1/users/me', { headers: { Authorization: 'Bearer tok-3' } });
    // storage that refuses to be read (a private mode): nothing is sent
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
    });
    sendSessionCheck('/orders');
    expect(sent).toHaveBeenCalledOnce();
  });
});
