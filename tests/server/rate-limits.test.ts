import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { CHECK_IN_KEYS_KEPT_MS, purgeStaleRecords, RATE_WINDOWS_KEPT_MS } from '../../server/housekeeping';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import type { EmailTransport } from '../../server/email/transport';
import { countHit } from '../../server/repo/rate-limits';
import { makeWorld, type World } from './fixtures';
import { createTestApp, type TestApp } from './helpers';

/**
 * Rate limits (issue 21): sign-in, register, invitation look-ups and export downloads are counted
 * per client address in the database, so several instances on one database share the count; past
 * the limit the answer is 429 TOO_MANY_REQUESTS with Retry-After, in the contract's error shape.
 * Windows of an hour here, so that a test never straddles two.
 */
const WINDOW = 3600;
const LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  signIn: { limit: 3, windowSeconds: WINDOW },
  download: { limit: 2, windowSeconds: WINDOW },
  invitation: { limit: 2, windowSeconds: WINDOW },
};

let t: TestApp;
let w: World;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ orders: 0, config: { rateLimits: LIMITS } });
  w = await makeWorld(t.db, t.config);
  // another instance of the server on the same database
  second = await buildApp({ db: t.db, config: t.config, identityKeys: t.keys });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const signIn = (app: FastifyInstance, remoteAddress: string, path = 'signin') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/users/${path}/oidc`,
    payload: { idToken: 'not-a-token' },
    remoteAddress,
  });

function expectLimited(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Too many attempts/) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW);
}

describe('rate limits', () => {
  it('answers 429 with Retry-After after the limit of sign-in attempts of one address, and no other', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await signIn(t.app, '198.51.100.1');
      expect(res.statusCode, `attempt ${i + 1}`).not.toBe(429);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expectLimited(await signIn(t.app, '198.51.100.1'));
    // register counts against the same limit of the address
    expectLimited(await signIn(t.app, '198.51.100.1', 'register'));
    // another address is not held back
    expect((await signIn(t.app, '198.51.100.2')).statusCode).not.toBe(429);
  });

  it('shares the count between two instances of the server on one database', async () => {
    const address = '198.51.100.3';
    expect((await signIn(t.app, address)).statusCode).not.toBe(429);
    expect((await signIn(second, address)).statusCode).not.toBe(429);
    expect((await signIn(t.app, address, 'register')).statusCode).not.toBe(429);
    // the fourth attempt, whichever instance it reaches
    expectLimited(await signIn(second, address));
    expectLimited(await signIn(t.app, address));
  });

  it('limits export downloads per address, a valid link included', async () => {
    const made = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/export/csv?teamId=${w.home.id}`,
      headers: { authorization: `Bearer ${w.member.token}` },
    });
    const { presignedUrl } = made.json();
    const download = (remoteAddress: string) => t.app.inject({ method: 'GET', url: presignedUrl, remoteAddress });
    expect((await download('198.51.100.4')).statusCode).toBe(200);
    expect((await download('198.51.100.4')).statusCode).toBe(200);
    expectLimited(await download('198.51.100.4'));
    expect((await download('198.51.100.5')).statusCode).toBe(200);
  });

  it('limits invitation look-ups per address', async () => {
    const lookUp = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/invitations/no-such-invitation-token-0123',
        remoteAddress: '198.51.100.6',
      });
    expect((await lookUp()).statusCode).not.toBe(429);
    expect((await lookUp()).statusCode).not.toBe(429);
    expectLimited(await lookUp());
  });
});

describe('housekeeping', () => {
  const buckets = async () =>
    (await t.db.query<{ bucket: string }>('SELECT bucket FROM rate_limits ORDER BY bucket')).map((r) => r.bucket);
  const revoked = async () =>
    (await t.db.query<{ jti: string }>('SELECT jti FROM revoked_tokens ORDER BY jti')).map((r) => r.jti);
  const checkInKeys = async () =>
    (
      await t.db.query<{ idempotency_key: string }>(
        'SELECT idempotency_key FROM check_in_requests ORDER BY idempotency_key',
      )
    ).map((r) => r.idempotency_key);

  async function oldRows(tag: string) {
    const now = Date.now();
    await countHit(t.db, `${tag}:ended`, new Date(now - RATE_WINDOWS_KEPT_MS - 60_000));
    await countHit(t.db, `${tag}:current`, new Date(now - 60_000));
    await t.db.query(
      `INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, now() - interval '1 minute'), ($2, now() + interval '1 hour')`,
      [`${tag}-expired`, `${tag}-live`],
    );
    const team = (await t.db.query<{ id: string }>('SELECT id FROM teams ORDER BY id LIMIT 1'))[0].id;
    await t.db.query(
      `INSERT INTO check_in_requests (team_id, idempotency_key, order_id, user_id, request_hash, created_at)
       VALUES ($1, $2, 'o1', 'u1', 'h', $4), ($1, $3, 'o1', 'u1', 'h', now() - interval '1 day')`,
      [team, `${tag}-old-key`, `${tag}-recent-key`, new Date(now - CHECK_IN_KEYS_KEPT_MS - 60_000).toISOString()],
    );
  }

  it('forgets ended windows, expired revoked tokens and old check-in keys, keeps the others', async () => {
    await oldRows('purge');
    await purgeStaleRecords(t.db);
    expect(await checkInKeys()).toContain('purge-recent-key');
    expect(await checkInKeys()).not.toContain('purge-old-key');
    expect(await buckets()).toContain('purge:current');
    expect(await buckets()).not.toContain('purge:ended');
    expect(await revoked()).toContain('purge-live');
    expect(await revoked()).not.toContain('purge-expired');
  });

  it("runs beside the e-mail worker's housekeeping, in every process that runs the worker", async () => {
    await oldRows('worker');
    const transport: EmailTransport = { send: async () => undefined, close: () => undefined };
    const app = await buildApp({ db: t.db, config: t.config, identityKeys: t.keys, emailWorker: { transport } });
    await app.ready();
    try {
      await expect.poll(buckets, { timeout: 5000 }).not.toContain('worker:ended');
      await expect.poll(revoked, { timeout: 5000 }).not.toContain('worker-expired');
      await expect.poll(checkInKeys, { timeout: 5000 }).not.toContain('worker-old-key');
      expect(await checkInKeys()).toContain('worker-recent-key');
      expect(await buckets()).toContain('worker:current');
      expect(await revoked()).toContain('worker-live');
    } finally {
      await app.close();
    }
  });
});
