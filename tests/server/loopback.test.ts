import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from './helpers';

// PUBLIC_ORIGIN is http://localhost:3000 here. The app opened as http://127.0.0.1:3000 (or [::1])
// would sign in with a redirect URI the identity provider does not know: pages are sent to the
// configured origin first, API calls are answered under either name.
let t: TestApp;
let remote: TestApp;

beforeAll(async () => {
  t = await createTestApp({ orders: false });
  remote = await createTestApp({ orders: false, config: { publicOrigin: 'https://tourdesk.example.com' } });
});
afterAll(async () => {
  await t?.close();
  await remote?.close();
});

describe('the other loopback name', () => {
  it('sends pages and sign-in routes to the configured origin, path and query kept', async () => {
    for (const host of ['127.0.0.1:3000', '[::1]:3000', '127.0.0.1']) {
      for (const url of ['/', '/auth/login?unauthorized=1', '/orders/new-added']) {
        const res = await t.app.inject({ url, headers: { host } });
        expect(res.statusCode, `${host}${url}`).toBe(307);
        expect(res.headers.location).toBe(`${TEST_ORIGIN}${url}`);
        expect(res.headers['content-security-policy']).toBeDefined();
      }
    }
  });

  it('answers API and identity calls under either name, and pages under the configured one', async () => {
    expect((await t.app.inject({ url: '/api/health', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
    const discovery = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(discovery.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/orders', headers: { host: '127.0.0.1:3000' } });
    expect(post.statusCode).toBe(404);
    const own = await t.app.inject({ url: '/orders/new-added', headers: { host: 'localhost:3000' } });
    expect(own.statusCode).not.toBe(307);
  });

  it('redirects nothing when the configured origin is not a loopback name', async () => {
    const res = await remote.app.inject({ url: '/orders/new-added', headers: { host: '127.0.0.1:3000' } });
    expect(res.statusCode).not.toBe(307);
    expect(res.headers.location).toBeUndefined();
  });
});
