import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { start, type Started } from '../../server/start';
import { TEST_ORIGIN } from './helpers';
import { dropSchema, postgresUrl } from './postgres-only';

const DEMO = { DATA_DIR: ':memory:', PORT: '0', PUBLIC_ORIGIN: TEST_ORIGIN };
const quiet = { staticDir: null, log: () => undefined };
const count = async (db: Db, table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

// On PostgreSQL, two processes have connections of their own: two pools on one fresh schema,
// started at the same moment, race for the migrations, the secrets and the demo data.
const url = postgresUrl();
describe('first start of two instances at once', () => {
  const schema = `t_race_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dbs: Db[] = [];
  const started: Started[] = [];

  afterAll(async () => {
    for (const s of started) await s.close();
    for (const db of dbs) await db.close();
    await dropSchema(url, schema);
  });

  it('both come up on an empty schema: migrated once, seeded once, the same secrets', async () => {
    dbs.push(await openDb({ databaseUrl: url, schema }), await openDb({ databaseUrl: url, schema }));
    started.push(...(await Promise.all(dbs.map((db) => start(DEMO, { ...quiet, db })))));
    expect(started.map((s) => s.seeded).sort()).toEqual([false, true]);
    expect(started[0].config.tokenSecret).toBe(started[1].config.tokenSecret);
    expect(await count(dbs[0], 'teams')).toBe(6);
    expect(await count(dbs[0], 'server_secrets')).toBe(2);
    const [{ n }] = await dbs[0].query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(n).toBeGreaterThan(0);
    for (const s of started) expect((await s.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
