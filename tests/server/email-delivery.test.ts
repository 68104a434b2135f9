import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { fileTransport, smtpTransport } from '../../server/email/transport';
import { startEmailWorker, type EmailWorkerOptions } from '../../server/email/worker';
import { freePort } from '../../scripts/lib/server-process';
import { checkpoints, messageRows, PNG_LOGO, sendEmail, settled, waitUntil } from './email-helpers';
import { addOrders, bearer, makeWorld, type World } from './fixtures';
import { createTestDb, testConfig, testIdentityKeys } from './helpers';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// The delivery worker against a real SMTP server on loopback: retries, failures, several workers
// on one database, and a restart. The app here only queues (no worker of its own); each test runs
// the workers it needs.
const config = testConfig();
let db: Awaited<ReturnType<typeof createTestDb>>;
let w: World;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDb();
  w = await makeWorld(db.db, config);
  app = await buildApp({ db: db.db, config, identityKeys: await testIdentityKeys() });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const start = new Date('2036-03-01T01:00:00Z');
const FAST: EmailWorkerOptions = { pollMs: 20, backoffMs: 300, maxAttempts: 3, log: { error: () => undefined } };

async function queue(count: number, type = 'CONFIRMATION'): Promise<string[]> {
  const ids = await addOrders(db.db, w.home.id, { count, productId: w.product, start });
  const res = await sendEmail(app, type, { orderIds: ids }, w.member.token);
  expect(res.json().queued).toHaveLength(count);
  return ids;
}

const emailEvents = (ids: string[]) =>
  db.db.query<{ order_id: string }>(
    "SELECT order_id FROM event_logs WHERE order_id = ANY($1::text[]) AND type = 'EMAIL'",
    [ids],
  );

describe('the delivery worker', () => {
  it('retries while the mail server is down and delivers once it is back', async () => {
    const port = await freePort();
    const [id] = await queue(1);
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const worker = startEmailWorker(db.db, transport, FAST);
    let receiver: SmtpReceiver | null = null;
    try {
      const [first] = await waitUntil(async () => {
        const rows = await messageRows(db.db, [id]);
        return rows[0].attempts === 1 && rows[0].state === 'queued' && rows;
      });
      expect(first.last_error).toMatch(/ECONNREFUSED/);
      expect(first.next_attempt_at!.getTime()).toBeGreaterThan(Date.now() - 50);
      expect((await checkpoints(db.db, id)).confirmation).toBe(false);
      receiver = await startReceiver({ port });
      const [row] = await settled(db.db, [id]);
      expect(row).toMatchObject({ state: 'sent', attempts: 2 });
      expect(receiver.received).toHaveLength(1);
      expect((await checkpoints(db.db, id)).confirmation).toBe(true);
    } finally {
      await worker.stop();
      transport.close();
      await receiver?.close();
    }
  });

  it('waits twice as long before each retry, then gives up: failed with the reason, no checkpoint, no event', async () => {
    const port = await freePort();
    const [id] = await queue(1, 'REVIEW');
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const worker = startEmailWorker(db.db, transport, { ...FAST, backoffMs: 400 });
    try {
      // when each attempt is claimed: about 400 ms, then about 800 ms apart (each +-20%)
      const claimedAt: number[] = [];
      await waitUntil(async () => {
        const [m] = await messageRows(db.db, [id]);
        if (m.attempts > claimedAt.length) claimedAt.push(Date.now());
        return m.state === 'failed';
      });
      expect(claimedAt).toHaveLength(3);
      const [first, second] = [claimedAt[1] - claimedAt[0], claimedAt[2] - claimedAt[1]];
      expect(first).toBeGreaterThan(250);
      expect(second).toBeGreaterThan(first + 100);
      const [row] = await messageRows(db.db, [id]);
      expect(row).toMatchObject({ state: 'failed', attempts: 3, next_attempt_at: null });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      expect((await checkpoints(db.db, id)).review).toBe(false);
      expect(await emailEvents([id])).toEqual([]);
      const listed = (
        await app.inject({ method: 'GET', url: `/api/v1/orders/${id}/emails`, headers: bearer(w.member) })
      ).json().emails[0];
      expect(listed).toMatchObject({ state: 'failed', attempts: 3, nextAttemptAt: null, sentAt: null });
      expect(listed.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await worker.stop();
      transport.close();
    }
  });

  it('fails at once when the server refuses the recipient (5xx)', async () => {
    const receiver = await startReceiver({ refuse: (a) => a === 'customer1@example.test' });
    const transport = smtpTransport(receiver.url);
    const ids = await queue(2);
    const worker = startEmailWorker(db.db, transport, FAST);
    try {
      const rows = await settled(db.db, ids);
      expect(rows.map((r) => [r.state, r.attempts])).toEqual([
        ['failed', 1],
        ['sent', 1],
      ]);
      expect(rows[0].last_error).toMatch(/^550 .*Mailbox unavailable/);
      expect(receiver.received.map((r) => r.to)).toEqual([['customer2@example.test']]);
      expect((await emailEvents(ids)).map((e) => e.order_id)).toEqual([ids[1]]);
    } finally {
      await worker.stop();
      transport.close();
      await receiver.close();
    }
  });

  it('never delivers a message twice with two workers claiming from one database', async () => {
    const receiver = await startReceiver();
    const transports = [smtpTransport(receiver.url), smtpTransport(receiver.url)];
    const ids = await queue(120);
    const options = { ...FAST, batchSize: 7 };
    const workers = transports.map((t) => startEmailWorker(db.db, t, options));
    try {
      const rows = await settled(db.db, ids);
      expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
      await receiver.waitFor(120);
      // anything delivered twice would arrive shortly after
      await new Promise((r) => setTimeout(r, 300));
      const messageIds = receiver.received.map((r) => r.mail.messageId);
      expect(messageIds).toHaveLength(120);
      expect(new Set(messageIds).size).toBe(120);
      expect(new Set(rows.map((r) => `<${r.id}@tourdesk>`))).toEqual(new Set(messageIds));
      expect(await emailEvents(ids)).toHaveLength(120);
    } finally {
      await Promise.all(workers.map((x) => x.stop()));
      transports.forEach((t) => t.close());
      await receiver.close();
    }
  });

  it('stops promptly when idle', async () => {
    const worker = startEmailWorker(db.db, fileTransport(null), { pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('a restart', () => {
  it('delivers what was queued, takes over the claims of a dead process once their lease ran out, none twice', async () => {
    const ids = await queue(4);
    // a process died while sending two of them: one lease has run out, the other has not
    const rows = await messageRows(db.db, ids);
    await db.db.query(
      `UPDATE email_messages SET state = 'sending', attempts = 1, claim_token = 'dead',
              next_attempt_at = CASE WHEN id = $1 THEN now() - interval '1 second' ELSE now() + interval '1 hour' END
        WHERE id = ANY($2::text[])`,
      [rows[0].id, [rows[0].id, rows[1].id]],
    );
    await app.close();
    const receiver = await startReceiver();
    app = await buildApp({
      db: db.db,
      config: { ...config, smtpUrl: receiver.url },
      identityKeys: await testIdentityKeys(),
      emailWorker: FAST,
    });
    await app.ready();
    try {
      await receiver.waitFor(3);
      await waitUntil(async () => (await messageRows(db.db, ids)).filter((r) => r.state === 'sent').length === 3);
      const after = await messageRows(db.db, ids);
      expect(after.map((r) => [r.state, r.attempts])).toEqual([
        ['sent', 2],
        ['sending', 1],
        ['sent', 1],
        ['sent', 1],
      ]);
      // the lease runs out: now it is taken over
      await db.db.query('UPDATE email_messages SET next_attempt_at = now() WHERE id = $1', [rows[1].id]);
      app.emailWorker?.wake();
      await settled(db.db, ids);
      await new Promise((r) => setTimeout(r, 200));
      const received = receiver.received.map((r) => r.mail.messageId);
      expect(received.sort()).toEqual(rows.map((r) => `<${r.id}@tourdesk>`).sort());
    } finally {
      await app.close();
      await receiver.close();
      app = await buildApp({ db: db.db, config, identityKeys: await testIdentityKeys() });
      await app.ready();
    }
  });
});

describe('the file outbox', () => {
  it('writes each message as an .eml file with its text, its HTML and the team logo', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      await fileTransport(dir).send({
        id: 'm1',
        from: 'Team <team@example.test>',
        to: 'guest@example.test',
        subject: 'Hello',
        text: 'Body text',
        html: '<p>Body <b>HTML</b></p><img src="cid:team-logo@tourdesk">',
        logo: PNG_LOGO,
      });
      expect(await readdir(dir)).toEqual(['m1.eml']);
      const mail = await simpleParser(await readFile(join(dir, 'm1.eml')), { keepCidLinks: true });
      expect(mail.subject).toBe('Hello');
      expect(mail.messageId).toBe('<m1@tourdesk>');
      expect(mail.text?.trim()).toBe('Body text');
      expect(mail.html).toContain('<p>Body <b>HTML</b></p>');
      expect(mail.attachments.map((a) => a.cid)).toEqual(['team-logo@tourdesk']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
