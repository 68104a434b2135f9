import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from '../../server/auth/tokens';
import { appIdToken, createTestApp, loginWithOidc, signIdToken, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
});
afterAll(async () => {
  await t?.close();
});

const signIn = (idToken: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/signin/oidc', payload: { idToken, ...extra } });
const register = (idToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/register/oidc', payload: { idToken } });
const userCount = async (email: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]))[0].n;

describe('signIn and register', () => {
  it('exchanges an ID token from the embedded provider for an access token', async () => {
    const { idToken } = await loginWithOidc(t.app, 'admin@tourdesk.test');
    const res = await signIn(idToken);
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    const auth = await verifyAccessToken(accessToken, t.config);
    expect(auth.email).toBe('admin@tourdesk.test');
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('admin@tourdesk.test');
  });

  it('answers 404 USER_NOT_FOUND for an unknown user, then register creates it with the same token', async () => {
    const { idToken } = await loginWithOidc(t.app, 'newcomer@tourdesk.test');
    const miss = await signIn(idToken);
    expect(miss.statusCode).toBe(404);
    expect(miss.json().error).toBe('USER_NOT_FOUND');
    expect(await userCount('newcomer@tourdesk.test')).toBe(0);

    const created = await register(idToken);
    expect(created.statusCode).toBe(200);
    expect(typeof created.json().accessToken).toBe('string');
    const [row] = await t.db.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE email = $1', [
      'newcomer@tourdesk.test',
    ]);
    expect(row).toEqual({ name: 'Nina Newcomer', email: 'newcomer@tourdesk.test' });

    // That token is spent; a fresh sign-in works, a second registration conflicts.
    expect((await signIn(idToken)).statusCode).toBe(401);
    const next = await loginWithOidc(t.app, 'newcomer@tourdesk.test');
    expect((await register(next.idToken)).statusCode).toBe(409);
    expect((await signIn(next.idToken)).statusCode).toBe(200);
    expect(await userCount('newcomer@tourdesk.test')).toBe(1);
  });

  it('stores the e-mail in lower case', async () => {
    const res = await register(await appIdToken(t, 'Mixed.Case@Example.com'));
    expect(res.statusCode).toBe(200);
    expect(await userCount('mixed.case@example.com')).toBe(1);
  });

  it('rejects a replayed ID token (nonce already used) with 401 and creates nothing', async () => {
    const first = await appIdToken(t, 'replay-a@example.com', { nonce: 'nonce-replayed' });
    expect((await register(first)).statusCode).toBe(200);
    const replay = await appIdToken(t, 'replay-b@example.com', { nonce: 'nonce-replayed' });
    const res = await register(replay);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('UNAUTHORIZED');
    expect(await userCount('replay-b@example.com')).toBe(0);
  });

  const bad: [string, () => Promise<string>][] = [
    ['expired', () => signIdToken({ email: 'bad@example.com' }, { keys: t.keys, expiresIn: -120 })],
    [
      'for another audience',
      () => signIdToken({ email: 'bad@example.com' }, { keys: t.keys, audience: 'someone-else' }),
    ],
    [
      'from another issuer',
      () => signIdToken({ email: 'bad@example.com' }, { keys: t.keys, issuer: 'https://issuer.example' }),
    ],
    ['signed with a foreign key', () => signIdToken({ email: 'bad@example.com' })],
    ['without a nonce', () => signIdToken({ email: 'bad@example.com', nonce: undefined }, { keys: t.keys })],
    ['without an e-mail', () => signIdToken({ sub: 'x' }, { keys: t.keys })],
    [
      'with an unverified e-mail',
      () => signIdToken({ email: 'bad@example.com', email_verified: false }, { keys: t.keys }),
    ],
    ['that is not a JWT', async () => 'not-a-token'],
  ];
  for (const [label, make] of bad) {
    it(`rejects an ID token ${label} with 401 and records nothing`, async () => {
      const token = await make();
      for (const res of [await register(token), await signIn(token)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      }
      expect(await userCount('bad@example.com')).toBe(0);
    });
  }

  it('does not spend the nonce of a rejected request', async () => {
    const token = await appIdToken(t, 'late@example.com', { nonce: 'nonce-kept' });
    expect((await signIn(token)).statusCode).toBe(404);
    expect((await signIn(token, { orgDisplayId: 'tourdesk-vn' })).statusCode).toBe(404);
    expect((await register(token)).statusCode).toBe(200);
  });

  it('checks orgDisplayId: member of its team 200, others 403', async () => {
    const admin = await appIdToken(t, 'admin@tourdesk.test');
    expect((await signIn(admin, { orgDisplayId: 'tourdesk-vn' })).statusCode).toBe(200);
    // the identity registered above (accounts are found by issuer and subject)
    const outsider = await appIdToken(t, 'mixed.case@example.com', { sub: 'Mixed.Case@Example.com' });
    const res = await signIn(outsider, { orgDisplayId: 'tourdesk-vn' });
    expect(res.statusCode).toBe(403);
    expect((await signIn(await appIdToken(t, 'admin@tourdesk.test'), { orgDisplayId: 'no-such-org' })).statusCode).toBe(
      403,
    );
  });

  it('validates the body (400, never 500)', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/users/signin/oidc', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('idToken');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register/oidc',
      payload: { idToken: 'x', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('admin');
  });
});

describe('access tokens', () => {
  const me = (authorization?: string) =>
    t.app.inject({ url: '/api/v1/users/me', headers: authorization ? { authorization } : {} });

  it('answers 401 without, with a garbage, an expired or a foreign-secret token', async () => {
    const user = { id: 'user-admin', email: 'admin@tourdesk.test', name: 'Alex Admin' };
    const expired = await issueAccessToken(user, t.config, -60);
    const foreign = await issueAccessToken(user, { tokenSecret: 'another-secret-that-is-long-enough-xxxxxxxx' });
    for (const header of [
      undefined,
      'Bearer',
      'Bearer garbage',
      `Bearer ${expired}`,
      `Bearer ${foreign}`,
      'Basic abc',
    ]) {
      const res = await me(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json().error).toBe('UNAUTHORIZED');
    }
    expect((await me(`Bearer ${await t.tokenFor('admin@tourdesk.test')}`)).statusCode).toBe(200);
  });

  it('lives at most 12 hours', async () => {
    const token = await issueAccessToken({ id: 'u', email: 'e@x', name: 'n' }, t.config, 7 * 24 * 3600);
    const [, payload] = token.split('.');
    const { exp, iat } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(exp - iat).toBeLessThanOrEqual(12 * 3600);
  });
});
