import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createTestApp, loginWithOidc, TEST_CLIENT_ID, type TestApp } from './helpers';

// The Vite dev server (http://localhost:5173) is a browser origin of the app under `npm run dev`
// only, which sets DEV_ORIGIN. Any other start (npm start, whatever NODE_ENV says) neither sends
// the browser back there after sign-in nor lets the sign-in page post to it.
const VITE = 'http://localhost:5173';
const PKCE = 'code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256';
const authorize = (redirectUri: string) =>
  `/oidc/auth?client_id=${TEST_CLIENT_ID}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(redirectUri)}&${PKCE}`;
const formAction = (csp: unknown) => /form-action ([^;]*)/.exec(String(csp))?.[1];

describe('a start without DEV_ORIGIN (npm start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const started = loadConfig({ DATA_DIR: ':memory:' });
    expect(started.devOrigin).toBeNull();
    expect(loadConfig({ DATA_DIR: ':memory:', NODE_ENV: 'development' }).devOrigin).toBeNull();
    t = await createTestApp({ orders: false, config: { devOrigin: started.devOrigin } });
  });
  afterAll(() => t?.close());

  it("refuses the dev server's redirect URI and keeps it out of the CSP", async () => {
    const res = await t.app.inject({ url: authorize(`${VITE}/auth/callback`) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('redirect_uri');
    expect(formAction(res.headers['content-security-policy'])).toBe("'self'");
    expect(String((await t.app.inject({ url: '/api/health' })).headers['content-security-policy'])).not.toContain(
      '5173',
    );
  });

  it('still signs in through its own origin', async () => {
    const { idToken } = await loginWithOidc(t.app, 'admin@tourdesk.test');
    expect(idToken.split('.')).toHaveLength(3);
  });
});

describe('npm run dev (DEV_ORIGIN set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dev = loadConfig({ DATA_DIR: ':memory:', DEV_ORIGIN: VITE });
    expect(dev.devOrigin).toBe(VITE);
    t = await createTestApp({ orders: false, config: { devOrigin: dev.devOrigin } });
  });
  afterAll(() => t?.close());

  it("signs in back to the dev server and names it in the CSP's form-action", async () => {
    const { idToken } = await loginWithOidc(t.app, 'admin@tourdesk.test', { redirectUri: `${VITE}/auth/callback` });
    expect(idToken.split('.')).toHaveLength(3);
    const res = await t.app.inject({ url: '/api/health' });
    expect(formAction(res.headers['content-security-policy'])).toBe(`'self' ${VITE}`);
  });
});
