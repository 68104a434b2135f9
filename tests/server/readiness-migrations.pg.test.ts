import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { MIGRATIONS_DIR } from '../../server/db/migrate';
import { start, type Started } from '../../server/start';
import { freePort } from '../../scripts/lib/server-process';
import { waitUntil } from './email-helpers';
import { TEST_ORIGIN } from './helpers';
import { dropSchema, postgresUrl } from './postgres-only';

const SECRET = 'readiness-test-secret-'.padEnd(40, 'x');
const env = (port: number) => ({
  NODE_ENV: 'production',
  DATA_DIR: ':memory:',
  TOKEN_SECRET: SECRET,
  SMTP_URL: 'smtp://127.0.0.1:25',
  PORT: String(port),
  PUBLIC_ORIGIN: TEST_ORIGIN,
});
const quiet = { staticDir: null, log: () => undefined };

// Migrations of another process hold the migration lock: this one answers on its port meanwhile,
// live and not ready, naming the migrations it waits for. (PostgreSQL: the lock is taken from a
// connection of its own.)
const url = postgresUrl();
describe('readiness while migrations run', () => {
  const schema = `t_ready_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let db: Db;
  let holder: pg.Client;
  let started: Started | undefined;

  afterAll(async () => {
    await started?.close();
    await db?.close();
    await holder?.end();
    await dropSchema(url, schema);
  });

  it('answers live 200 and ready 503 naming the pending migrations, then ready 200', async () => {
    db = await openDb({ databaseUrl: url, schema });
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(7261001)'); // server/db/migrate.ts's lock
    const port = await freePort();
    const starting = start(env(port), { ...quiet, db });
    const base = `http://127.0.0.1:${port}`;
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const waiting = await waitUntil(async () => {
      const res = await fetch(`${base}/api/health/ready`).catch(() => null);
      const body = res ? ((await res.json()) as { message?: string }) : null;
      return res?.status === 503 && body?.message?.startsWith('Migrations') && body;
    });
    expect(waiting).toEqual({ error: 'UNAVAILABLE', message: `Migrations not applied yet: ${files.join(', ')}` });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    const other = await fetch(`${base}/api/v1/users/me`);
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('1');

    await holder.query('SELECT pg_advisory_unlock(7261001)');
    started = await starting;
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
