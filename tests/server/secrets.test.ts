import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../server/auth/tokens';
import type { Db } from '../../server/db/client';
import { generateIdentityKeys } from '../../server/identity/keys';
import { seed } from '../../server/seed/index';
import { start, type Started } from '../../server/start';
import { createTestDb, loginWithOidc, TEST_ORIGIN } from './helpers';

// Every instance on one database signs with the same secrets: the access-token secret (tokens,
// export links) and the embedded identity provider's keys come from the database when the
// configuration does not give them, created race-free by whichever instance starts first.
const DEMO = { DATA_DIR: ':memory:', PORT: '0', PUBLIC_ORIGIN: TEST_ORIGIN };
const quiet = { staticDir: null, log: () => undefined };

/** A Fastify-like target whose every request goes to the next instance in turn, as a round-robin would. */
function roundRobin(apps: FastifyInstance[]): FastifyInstance {
  let next = 0;
  return { inject: (opts: never) => apps[next++ % apps.length].inject(opts) } as unknown as FastifyInstance;
}

const count = async (db: Db, table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

describe('two instances on one database', () => {
  let database: Awaited<ReturnType<typeof createTestDb>>;
  let a: Started;
  let b: Started;

  beforeAll(async () => {
    database = await createTestDb();
    [a, b] = await Promise.all([
      start(DEMO, { ...quiet, db: database.db }),
      start(DEMO, { ...quiet, db: database.db }),
    ]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('seed the demo once and keep one token secret and one set of identity keys', async () => {
    expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
    expect(await count(database.db, 'teams')).toBe(6);
    expect(a.config.tokenSecret).toBe(b.config.tokenSecret);
    const jwks = async (s: Started) => (await s.app.inject({ url: '/oidc/jwks' })).json();
    expect(await jwks(a)).toEqual(await jwks(b));
    expect(await count(database.db, 'server_secrets')).toBe(2);
  });

  it('continue a sign-in begun on the other instance, and accept each other’s tokens and export links', async () => {
    // every step of the authorization code flow lands on the other instance than the one before
    const login = await loginWithOidc(roundRobin([a.app, b.app]), 'admin@tourdesk.test');
    const signIn = await a.app.inject({
      method: 'POST',
      url: '/api/v1/users/signin/oidc',
      payload: { idToken: login.idToken },
    });
    expect(signIn.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${signIn.json().accessToken}` };

    const me = await b.app.inject({ url: '/api/v1/users/me', headers: bearer });
    expect(me.statusCode).toBe(200);
    const teamId: string = me.json().teams[0].id;

    const made = await b.app.inject({
      url: `/api/v1/orders/export/csv?teamId=${teamId}&startDate=2020-01-01&endDate=2040-12-31`,
      headers: bearer,
    });
    expect(made.statusCode).toBe(200);
    const file = await a.app.inject({ url: made.json().presignedUrl });
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\n')[0]).toContain('Order ID');
  });
});

describe('an install from before shared secrets', () => {
  let database: Awaited<ReturnType<typeof createTestDb>>;
  let dir: string;
  const fileSecret = `file-secret-${randomUUID()}-kept-by-an-older-install`;

  beforeAll(async () => {
    database = await createTestDb();
    // the older install's data (so this start has none to write)
    await seed(database.db, { orders: 0, issuer: `${TEST_ORIGIN}/oidc` });
    dir = mkdtempSync(join(tmpdir(), 'tourdesk-legacy-'));
    writeFileSync(join(dir, 'token-secret'), fileSecret + '\n');
    writeFileSync(join(dir, 'identity-keys.json'), JSON.stringify(await generateIdentityKeys()));
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports DATA_DIR’s secrets once, so tokens issued before the upgrade still work; then reads the database only', async () => {
    const env = { ...DEMO, DATA_DIR: dir };
    const first = await start(env, { ...quiet, db: database.db });
    const [admin] = await database.db.query<{ id: string; email: string; name: string }>(
      "SELECT id, email, name FROM users WHERE email = 'admin@tourdesk.test'",
    );
    try {
      expect(first.config.tokenSecret).toBe(fileSecret);
      const before = await issueAccessToken(admin, { tokenSecret: fileSecret });
      const me = await first.app.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${before}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await first.close();
    }
    // the files change (or go): the database's secrets stay
    const oldJwks = await database.db.query<{ value: unknown }>(
      "SELECT value FROM server_secrets WHERE name = 'identity_keys'",
    );
    writeFileSync(join(dir, 'token-secret'), `another-${fileSecret}\n`);
    writeFileSync(join(dir, 'identity-keys.json'), 'not even json');
    const second = await start(env, { ...quiet, db: database.db });
    try {
      expect(second.config.tokenSecret).toBe(fileSecret);
      const now = await database.db.query<{ value: unknown }>(
        "SELECT value FROM server_secrets WHERE name = 'identity_keys'",
      );
      expect(now).toEqual(oldJwks);
    } finally {
      await second.close();
    }
  });
});

describe('configuration wins over the database', () => {
  it('uses TOKEN_SECRET and IDENTITY_KEYS as given, and refuses IDENTITY_KEYS that are not keys with a clear message', async () => {
    const database = await createTestDb();
    try {
      const keys = await generateIdentityKeys();
      const secret = 'y'.repeat(40);
      const env = {
        ...DEMO,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:25',
        TOKEN_SECRET: secret,
        IDENTITY_KEYS: JSON.stringify(keys),
      };
      const started = await start(env, { ...quiet, db: database.db });
      try {
        expect(started.config.tokenSecret).toBe(secret);
        const { keys: served } = (await started.app.inject({ url: '/oidc/jwks' })).json();
        expect(served.map((k: { kid: string }) => k.kid)).toEqual([keys.signing[0].kid]);
        expect(await count(database.db, 'server_secrets')).toBe(0);
      } finally {
        await started.close();
      }
      await expect(start({ ...env, IDENTITY_KEYS: '{"signing":[]}' }, { ...quiet, db: database.db })).rejects.toThrow(
        /IDENTITY_KEYS must be \{ "signing": \[private RSA JWKs\]/,
      );
    } finally {
      await database.drop();
    }
  });
});
