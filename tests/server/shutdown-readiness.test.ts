import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { start, type Started } from '../../server/start';
import { sendEmail, waitUntil } from './email-helpers';
import { addOrders, makeWorld } from './fixtures';
import { createTestDb, TEST_ORIGIN } from './helpers';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// What an orchestrator sees of a server that starts or stops: live all along, ready only once
// migrated, 503 "Shutting down" from the moment it is told to stop; e-mail outcomes recorded as
// they happen, not once a claim is through.
const SECRET = 'readiness-test-secret-'.padEnd(40, 'x');
const env = (smtpUrl: string) => ({
  NODE_ENV: 'production',
  DATA_DIR: ':memory:',
  TOKEN_SECRET: SECRET,
  SMTP_URL: smtpUrl,
  PORT: '0',
  PUBLIC_ORIGIN: TEST_ORIGIN,
});
const quiet = { staticDir: null, log: () => undefined };

describe('a server told to stop while it delivers e-mail', () => {
  let smtp: SmtpReceiver;
  let database: Awaited<ReturnType<typeof createTestDb>>;
  let started: Started;

  beforeAll(async () => {
    smtp = await startReceiver({ delayMs: 100 });
    database = await createTestDb();
    started = await start(env(smtp.url), { ...quiet, db: database.db });
  });
  afterAll(async () => {
    await started?.close();
    await database?.drop();
    await smtp?.close();
  });

  const count = async (db: Db, ids: string[]) =>
    Object.fromEntries(
      (
        await db.query<{ state: string; n: number }>(
          'SELECT state, count(*)::int AS n FROM email_messages WHERE order_id = ANY($1::text[]) GROUP BY state',
          [ids],
        )
      ).map((r) => [r.state, r.n]),
    ) as Record<string, number>;

  it('records each message sent while the rest of the claim is still out, turns not ready at once, then finishes', async () => {
    const w = await makeWorld(database.db, { tokenSecret: SECRET });
    const ids = await addOrders(database.db, w.home.id, {
      count: 30,
      productId: w.product,
      start: new Date('2036-06-01T08:00:00Z'),
    });
    expect((await sendEmail(started.app, 'CONFIRMATION', { orderIds: ids }, w.member.token)).statusCode).toBe(200);

    // mid-claim: some are recorded sent while others are still being delivered
    const mid = await waitUntil(async () => {
      const c = await count(database.db, ids);
      return (c.sent ?? 0) >= 3 && (c.sending ?? 0) > 0 && c;
    });
    expect(mid.sent).toBeLessThan(30);

    const base = `http://127.0.0.1:${started.port}`;
    // the drain window is wide enough for the two probes below on a busy machine
    const closing = started.close({ drainMs: 1500 });
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: 'UNAVAILABLE', message: 'Shutting down' });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    await closing;
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();

    const after = await count(database.db, ids);
    expect(after).toEqual({ sent: 30 });
    expect(smtp.received).toHaveLength(30);
  });
});
