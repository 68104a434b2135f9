import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { CookieJar, createTestApp, loginWithOidc, TEST_CLIENT_ID, TEST_ISSUER, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('embedded identity provider', () => {
  it('advertises its endpoints under /oidc', async () => {
    const res = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.issuer).toBe(TEST_ISSUER);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']) {
      expect(new URL(doc[key]).pathname).toMatch(/^\/oidc\//);
    }
    expect(new URL(doc.authorization_endpoint).pathname).toBe('/oidc/auth');
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('serves its public keys only', async () => {
    const res = await t.app.inject({ url: '/oidc/jwks' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k.d).toBeUndefined();
  });

  it('sends OIDC pages with the security headers', async () => {
    const res = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('signs a demo account in with code + PKCE through its own page and issues an ID token', async () => {
    const { idToken, nonce, loginPage } = await loginWithOidc(t.app, 'admin@tourdesk.test');
    expect(loginPage).toContain('<title>Sign in to Tourdesk</title>');
    expect(loginPage).toContain('<label for="email">Email</label>');
    expect(loginPage).toMatch(/<button[^>]*>Continue<\/button>/);
    expect(loginPage).toContain('editor@tourdesk.test');
    expect(loginPage).not.toContain('<script');
    const claims = decodeJwt(idToken);
    expect(claims.iss).toBe(TEST_ISSUER);
    expect(claims.aud).toBe(TEST_CLIENT_ID);
    expect(claims.email).toBe('admin@tourdesk.test');
    expect(claims.name).toBe('Alex Admin');
    expect(claims.nonce).toBe(nonce);
  });

  it('signs in the newcomer, who has no users row yet', async () => {
    const { idToken } = await loginWithOidc(t.app, 'newcomer@tourdesk.test');
    expect(decodeJwt(idToken).email).toBe('newcomer@tourdesk.test');
    const rows = await t.db.query('SELECT 1 FROM users WHERE email = $1', ['newcomer@tourdesk.test']);
    expect(rows).toHaveLength(0);
  });

  it('shows the page again with an error (400) for an unknown e-mail, without saying whether it has an account', async () => {
    const refused = loginWithOidc(t.app, 'nobody@example.com');
    await expect(refused).rejects.toThrow(
      /The demo signs in its demo accounts \(below\), its users and invited addresses only/,
    );
    await expect(refused).rejects.not.toThrow(/No account/);
  });

  it('reuses the session without a page, and prompt=login forces the page again', async () => {
    const jar = new CookieJar();
    const first = await loginWithOidc(t.app, 'member@tourdesk.test', { jar });
    expect(first.loginPage).not.toBe('');
    const again = await loginWithOidc(t.app, 'member@tourdesk.test', { jar });
    expect(again.loginPage).toBe('');
    // Another account in the same browser: the provider ends the old session with an auto-submitted form,
    // whose inline script must be allowed by the page's CSP hash.
    const forced = await loginWithOidc(t.app, 'editor@tourdesk.test', { jar, prompt: 'login' });
    expect(forced.loginPage).toContain('Sign in to Tourdesk');
    expect(decodeJwt(forced.idToken).email).toBe('editor@tourdesk.test');
  });

  it('refuses a redirect URI that is not registered', async () => {
    const res = await t.app.inject({
      url: `/oidc/auth?client_id=${TEST_CLIENT_ID}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('keeps its state in the database', async () => {
    const rows = await t.db.query<{ kind: string }>('SELECT DISTINCT kind FROM oidc_payloads');
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['Session', 'Grant']));
  });

  it('answers an expired or unknown interaction with a page, not a crash', async () => {
    const res = await t.app.inject({ url: '/oidc/interaction/doesnotexist' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Sign-in expired');
  });
});
