import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * Health for an orchestrator and a load balancer (live: the process; ready: the database answers
 * and has every migration), request ids that follow a request, and one access line per request.
 */
let t: TestApp;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({
    orders: false,
    logger: { level: 'info', stream: { write: (line) => void lines.push(JSON.parse(line)) } },
  });
});
afterAll(() => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('health', () => {
  it('live answers without asking the database', async () => {
    const res = await t.app.inject({ url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('ready answers 200 once every migration is applied, 503 naming the ones that are not', async () => {
    expect((await t.app.inject({ url: '/api/health/ready' })).json()).toEqual({ status: 'ready' });
    const [last] = await t.db.query<{ name: string }>('SELECT max(name) AS name FROM schema_migrations');
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last.name]);
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'UNAVAILABLE', message: `Migrations not applied yet: ${last.name}` });
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last.name]);
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('request ids and the access log', () => {
  it('keeps a sane X-Request-Id, replaces any other, and answers it', async () => {
    const kept = await t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'bad id\u0007' } });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
    const fresh = await t.app.inject({ url: '/api/health/live' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    // on errors too
    const missing = await t.app.inject({ url: '/api/v1/nothing-here', headers: { 'x-request-id': 'trace-1' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('trace-1');
  });

  it('writes one JSON line per request: id, method, path without its query, operation, status, duration', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/v1/orders?teamId=x&q=secret', headers: { 'x-request-id': 'trace-2' } });
    const mine = lines.filter((l) => l.reqId === 'trace-2');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      path: '/api/v1/orders',
      operationId: 'listOrders',
      status: 401,
    });
    expect(typeof mine[0].ms).toBe('number');
    expect(JSON.stringify(mine[0])).not.toContain('secret');
  });
});
