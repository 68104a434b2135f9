import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/tokens';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { teamId } from '../../server/seed/base';
import { seed } from '../../server/seed/index';
import { testConfig, testIdentityKeys } from './helpers';
import { dropSchema, postgresUrl } from './postgres-only';
import { parsePrometheusText, sampleValue } from './prometheus-text';

/**
 * A stalled PostgreSQL gives quick error answers, not hung requests: a statement past
 * DB_STATEMENT_TIMEOUT_MS and a wait for a connection past DB_POOL_WAIT_TIMEOUT_MS answer
 * 503 UNAVAILABLE (with Retry-After), and the server answers normally again once the database does.
 * PostgreSQL only (the embedded database has neither a pool nor concurrent sessions).
 */
const url = postgresUrl();
const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
const LIMIT_MS = 400;

let db: Db;
let app: FastifyInstance;
let token: string;
const ordersUrl = `/api/v1/orders?teamId=${teamId('VN')}`;

describe('database timeouts', () => {
  beforeAll(async () => {
    db = await openDb({
      databaseUrl: url,
      schema,
      timeouts: { statementMs: LIMIT_MS, poolWaitMs: LIMIT_MS, poolMax: 2 },
    });
    await migrate(db);
    await seed(db, { orders: 20 });
    const config = testConfig();
    app = await buildApp({ db, config, identityKeys: await testIdentityKeys() });
    await app.ready();
    const [admin] = await db.query<{ id: string; email: string; name: string }>(
      "SELECT id, email, name FROM users WHERE email = 'admin@tourdesk.test'",
    );
    token = await issueAccessToken(admin, config);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await dropSchema(url, schema);
  });

  const listOrders = async () => {
    const began = Date.now();
    const res = await app.inject({ url: ordersUrl, headers: { authorization: `Bearer ${token}` } });
    return { res, ms: Date.now() - began };
  };

  it('a statement past the statement timeout answers 503, not a hang', async () => {
    expect((await listOrders()).res.statusCode).toBe(200);
    // another session holds the orders: the list's statement waits for it
    const blocker = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
      const { res, ms } = await listOrders();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        error: 'UNAVAILABLE',
        message: 'The database is not answering right now; try again shortly',
      });
      expect(res.headers['retry-after']).toBe('1');
      expect(ms).toBeGreaterThanOrEqual(LIMIT_MS - 50);
      expect(ms).toBeLessThan(LIMIT_MS + 3_000);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect((await listOrders()).res.statusCode).toBe(200);
  });

  it('a wait for a connection past the pool timeout answers 503, and /metrics counts it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // both connections of the pool busy (e.g. long transactions)
    const holders = [db.tx(() => gate), db.tx(() => gate)];
    try {
      await new Promise((r) => setTimeout(r, 50));
      const { res, ms } = await listOrders();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ error: 'UNAVAILABLE' });
      expect(ms).toBeLessThan(LIMIT_MS + 3_000);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await listOrders()).res.statusCode).toBe(200);

    const metrics = parsePrometheusText((await app.inject({ url: '/metrics' })).body);
    expect(sampleValue(metrics, 'tourdesk_db_pool_wait_failures_total')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(metrics, 'tourdesk_db_pool_acquired_total')).toBeGreaterThan(0);
    expect(sampleValue(metrics, 'tourdesk_db_pool_waiting')).toBe(0);
    expect(sampleValue(metrics, 'tourdesk_database_up')).toBe(1);
  });
});
