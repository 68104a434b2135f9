import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { RouteHandlerMethod } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { HttpError } from '../../server/http/errors';
import { contractOperations, loadContract } from '../../server/openapi-routes';
import { createTestApp, createTestDb, testConfig, testIdentityKeys, type TestApp } from './helpers';

/** Stub handlers for every operation: echo what they got, or fail on request (x-fail query). */
function stubHandlers(): Record<string, RouteHandlerMethod> {
  const ops = contractOperations(loadContract());
  return Object.fromEntries(
    ops.map((op) => [
      op.operationId,
      async (req) => {
        const fail = req.headers['x-fail'];
        if (fail === 'http') throw new HttpError(409, 'CONFLICT', 'Stale version');
        if (fail === 'crash') throw new Error('secret internal detail');
        if (fail === 'db') await req.server.db.query("SELECT 'not-a-date'::timestamptz");
        return {
          operationId: op.operationId,
          query: req.query,
          params: req.params,
          body: req.body ?? null,
          auth: req.auth,
        };
      },
    ]),
  );
}

let t: TestApp;
let token: string;
let dist: string;
const INDEX_HTML = '<!doctype html><title>Tourdesk</title><div id="root"></div>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tourdesk-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // the build's compressed copies (vite.config.ts's precompress), as `vite build` writes them
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX_HTML));
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  t = await createTestApp({ orders: false, handlers: stubHandlers(), staticDir: dist });
  token = await (async () => {
    const { issueAccessToken } = await import('../../server/auth/tokens');
    return issueAccessToken({ id: 'u1', email: 'u1@example.com', name: 'U One' }, t.config);
  })();
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${token}` });

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  };

  it('are on API responses, errors, static files, the SPA fallback and OIDC pages', async () => {
    for (const url of [
      '/api/health',
      '/api/v1/users/me',
      '/api/nope',
      '/',
      '/orders/new-added',
      '/assets/index-abc123.js',
      '/oidc/.well-known/openid-configuration',
      '/oidc/interaction/nope',
    ]) {
      const res = await t.app.inject({ url });
      expectHeaders(res.headers);
    }
  });
});

describe('static web app', () => {
  it('serves index.html for app routes (200) and files as they are', async () => {
    for (const url of ['/', '/orders/new-added', '/no/such/page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Disallow');
  });

  it('caches hashed assets for long and index.html not at all', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await t.app.inject({ url: '/orders' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy a browser accepts, and the file itself to one that accepts none', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    // an app route's page (the SPA fallback) too
    const page = await t.app.inject({ url: '/orders/new-added', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-type']).toContain('text/html');
    expect(gunzipSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    expect((await t.app.inject({ url: '/assets/index-gone.js' })).statusCode).toBe(404);
  });
});

describe('contract routes', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'No route GET /api/v1/nothing-here' });
    expect((await t.app.inject({ method: 'POST', url: '/orders' })).statusCode).toBe(404);
  });

  it('requires a bearer token where the contract says so, before validating', async () => {
    const res = await t.app.inject({ url: '/api/v1/orders?limit=9999' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('UNAUTHORIZED');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('passes validated, coerced input and req.auth to the handler', async () => {
    const res = await t.app.inject({ url: '/api/v1/orders?teamId=t1&limit=20&page=2', headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      operationId: 'listOrders',
      query: { teamId: 't1', limit: 20, page: 2 },
      auth: { userId: 'u1', email: 'u1@example.com', name: 'U One' },
    });
    const byId = await t.app.inject({ url: '/api/v1/orders/abc', headers: auth() });
    expect(byId.json()).toMatchObject({ operationId: 'getOrder', params: { id: 'abc' } });
  });

  const badRequests = [
    { url: '/api/v1/orders', why: 'teamId' },
    { url: '/api/v1/orders?teamId=t1&limit=0', why: 'limit' },
    { url: '/api/v1/orders?teamId=t1&page=abc', why: 'page' },
    { url: '/api/v1/orders?teamId=t1&ota=EXPEDIA', why: 'ota' },
    { url: '/api/v1/orders?teamId=t1&startDate=yesterday', why: 'startDate' },
    { url: '/api/v1/orders/export/csv?teamId=t1&orderBy=RANDOM', why: 'orderBy' },
  ];
  for (const { url, why } of badRequests) {
    it(`answers 400 naming ${why} for ${url}`, async () => {
      const res = await t.app.inject({ url, headers: auth() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('BAD_REQUEST');
      expect(res.json().message).toContain(why);
    });
  }

  it('answers 400 for bad bodies: missing, wrong type, unknown property, bad JSON, empty', async () => {
    const put = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v2/orders/status/batch',
        payload: payload as string,
        headers: { ...auth(), ...headers },
      });
    const cases = [
      await put({}),
      await put({ orders: 'all' }),
      await put({ orders: [{ id: 'a', statusV2: 'lost' }] }),
      await put({ orders: [{ id: 'a', statusV2: 'new' }], hack: true }),
      await put('{"orders": [', { 'content-type': 'application/json' }),
      await put('', { 'content-type': 'application/json' }),
      await put('orders=1', { 'content-type': 'text/plain' }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message: expect.any(String) });
    }
    expect(cases[3].json().message).toContain('hack');
    expect((await put({ orders: [{ id: 'a', statusV2: 'new' }] })).statusCode).toBe(200);
  });

  it('answers 413 for a body over 1 MB and 415 for an unknown content type', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/o1/comments',
      headers: auth(),
      payload: { comment: 'x'.repeat(1_100_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('PAYLOAD_TOO_LARGE');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/o1/comments',
      headers: { ...auth(), 'content-type': 'application/xml' },
      payload: '<comment/>',
    });
    expect(xml.statusCode).toBe(415);
  });

  it('turns HttpError into its status, database input errors into 400, and the rest into a bare 500', async () => {
    const http = await t.app.inject({ url: '/api/health', headers: { 'x-fail': 'http' } });
    expect(http.statusCode).toBe(409);
    expect(http.json()).toEqual({ error: 'CONFLICT', message: 'Stale version' });
    const db = await t.app.inject({ url: '/api/health', headers: { 'x-fail': 'db' } });
    expect(db.statusCode).toBe(400);
    const crash = await t.app.inject({ url: '/api/health', headers: { 'x-fail': 'crash' } });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ error: 'INTERNAL', message: 'Internal server error' });
  });
});

describe('start-up', () => {
  it('fails naming the contract operations that have no handler', async () => {
    const { db, drop } = await createTestDb();
    try {
      const handlers = stubHandlers();
      delete handlers.listOrders;
      delete handlers.getHealth;
      await expect(
        buildApp({ db, config: testConfig(), identityKeys: await testIdentityKeys(), handlers }),
      ).rejects.toThrow('No handler for contract operations: listOrders, getHealth');
    } finally {
      await drop();
    }
  });

  it('builds with the real handlers of server/handlers', async () => {
    const real = await createTestApp({ orders: false });
    try {
      expect((await real.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });
});
