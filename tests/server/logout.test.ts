import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../server/auth/tokens';
import { CookieJar, createTestApp, loginWithOidc, type TestApp } from './helpers';

/**
 * Logout on the server (issue 21): the access token of the request is revoked (a later call with it
 * is 401, on any instance: the revocation is in the database), another token of the same user still
 * works, and the embedded provider's session of this browser is deleted, so the next sign-in asks
 * again.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
const logout = (token?: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/logout',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cookie ? { cookie } : {}) },
  });
const sessionIdOf = (jar: CookieJar) => /(?:^|;\s*)_session=([^;]+)/.exec(jar.header())?.[1];
const providerSessions = async (id: string) =>
  (await t.db.query("SELECT 1 FROM oidc_payloads WHERE kind = 'Session' AND id = $1", [id])).length;

/** A browser that signed in: the provider's session cookie and the API token its ID token bought. */
async function signedInBrowser(email: string) {
  const jar = new CookieJar();
  const { idToken } = await loginWithOidc(t.app, email, { jar });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/signin/oidc', payload: { idToken } });
  expect(res.statusCode).toBe(200);
  return { jar, token: res.json().accessToken as string };
}

describe('logout', () => {
  it('revokes the access token: a later call with it is 401, another token of the same user still works', async () => {
    const token = await t.tokenFor('admin@tourdesk.test');
    const other = await t.tokenFor('admin@tourdesk.test');
    expect(decodeJwt(token).jti).not.toBe(decodeJwt(other).jti);
    expect((await me(token)).statusCode).toBe(200);

    const res = await logout(token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.stringContaining('logout') });
    expect((await me(other)).statusCode).toBe(200);
    // logging out twice: the token is already over
    expect((await logout(token)).statusCode).toBe(401);
    // kept until the token would have expired anyway
    const [row] = await t.db.query<{ expires_at: Date }>('SELECT expires_at FROM revoked_tokens WHERE jti = $1', [
      decodeJwt(token).jti,
    ]);
    expect(row.expires_at.getTime()).toBe(decodeJwt(token).exp! * 1000);
  });

  it('is refused without a token, and a token without an id (from before logout existed) is refused', async () => {
    expect((await logout()).statusCode).toBe(401);
    const { SignJWT } = await import('jose');
    const old = await new SignJWT({ email: 'admin@tourdesk.test', name: 'Alex Admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u')
      .setIssuer('tourdesk-api')
      .setAudience('tourdesk-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.tokenSecret));
    expect((await me(old)).statusCode).toBe(401);
  });

  it("ends the embedded provider's session of this browser: its row is deleted, the next sign-in asks again", async () => {
    const browser = await signedInBrowser('member@tourdesk.test');
    const sessionId = sessionIdOf(browser.jar);
    expect(sessionId).toBeTruthy();
    expect(await providerSessions(sessionId!)).toBe(1);
    // before the logout the provider signs this browser in again without asking
    expect((await loginWithOidc(t.app, 'member@tourdesk.test', { jar: browser.jar })).loginPage).toBe('');

    // another browser of the same person keeps its session
    const elsewhere = await signedInBrowser('member@tourdesk.test');
    const elsewhereId = sessionIdOf(elsewhere.jar)!;
    expect(elsewhereId).not.toBe(sessionId);

    const res = await logout(browser.token, browser.jar.header());
    expect(res.statusCode).toBe(204);
    expect(await providerSessions(sessionId!)).toBe(0);
    expect((await me(browser.token)).statusCode).toBe(401);
    const again = await loginWithOidc(t.app, 'member@tourdesk.test', { jar: browser.jar });
    expect(again.loginPage).toContain('Sign in to Tourdesk');

    expect(await providerSessions(elsewhereId)).toBe(1);
    expect((await me(elsewhere.token)).statusCode).toBe(200);
  });

  it('counts on every instance at once: the revocation is in the database, not in a cache', async () => {
    const { buildApp } = await import('../../server/app');
    const second = await buildApp({ db: t.db, config: t.config, identityKeys: t.keys });
    await second.ready();
    try {
      const [user] = await t.db.query<{ id: string; email: string; name: string }>(
        'SELECT id, email, name FROM users WHERE email = $1',
        ['editor@tourdesk.test'],
      );
      const token = await issueAccessToken(user, t.config);
      const onSecond = () =>
        second.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
      // the second instance has verified (and cached) the token before the logout
      expect((await onSecond()).statusCode).toBe(200);
      expect((await logout(token)).statusCode).toBe(204);
      expect((await onSecond()).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
