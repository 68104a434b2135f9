import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileTransport, setTransport, type EmailMessage } from '../../server/email/transport';
import { addOrders, bearer, useServerSuite } from './fixtures';

const sent: EmailMessage[] = [];
let failFor: string | null = null;

const s = useServerSuite({
  init: (t) =>
    setTransport(t.app, {
      async send(msg) {
        if (failFor && msg.to === failFor) throw new Error('mailbox unavailable');
        sent.push(msg);
      },
    }),
});

const send = (type: string, payload: unknown, token?: string) =>
  s.req('POST', `/api/v1/orders/email/${type}`, token, payload);
const start = new Date('2036-01-01T03:00:00Z');

describe('sendOrderEmail', () => {
  it('sends a confirmation from the product mail content, records it and sets the checkpoint', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start });
    sent.length = 0;
    const res = await send('CONFIRMATION', { orderIds: [id] }, s.w.member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: [id], failed: [] });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'customer1@example.test', subject: 'Hi Customer 1' });
    expect(sent[0].text).toBe(`See you on 2036-01-01 for Route ${s.w.product}`);
    const order = (
      await s.t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: bearer(s.w.member) })
    ).json();
    expect(order.emailCheckpoints.confirmation).toBe(true);
    expect(order.version).toBe(2);
    expect(order.eventLogs.at(-1)).toMatchObject({ type: 'EMAIL', operatedBy: { id: s.w.member.id } });
    const outbox = await s.t.db.query<{ type: string; recipient: string; sent_at: Date | null }>(
      'SELECT type, recipient, sent_at FROM outbox WHERE order_id = $1',
      [id],
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ type: 'CONFIRMATION', recipient: 'customer1@example.test' });
    expect(outbox[0].sent_at).toBeInstanceOf(Date);
  });

  it('sends information with the given details (flag INFO_SENDING_V1 on for Vietnam)', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start });
    sent.length = 0;
    const res = await send(
      'INFORMATION',
      { orderIds: [id], info: { meetingPoint: 'Hotel lobby', meetingTime: '07:30', message: 'Bring a hat' } },
      s.w.member.token,
    );
    expect(res.json()).toEqual({ sent: [id], failed: [] });
    expect(sent[0].text).toContain('Meeting point: Hotel lobby');
    expect(sent[0].text).toContain('Bring a hat');
    const [row] = await s.t.db.query<{ email_checkpoints: { info: boolean } }>(
      'SELECT email_checkpoints FROM orders WHERE id = $1',
      [id],
    );
    expect(row.email_checkpoints.info).toBe(true);
  });

  it('reports the orders whose message failed and keeps their checkpoint unset', async () => {
    const ids = await addOrders(s.t.db, s.w.home.id, { count: 2, productId: s.w.product, start });
    failFor = 'customer2@example.test';
    try {
      const res = await send('REVIEW', { orderIds: ids }, s.w.member.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().sent).toEqual([ids[0]]);
      expect(res.json().failed).toEqual([{ id: ids[1], reason: 'mailbox unavailable' }]);
    } finally {
      failFor = null;
    }
    const rows = await s.t.db.query<{ id: string; review: boolean }>(
      "SELECT id, (email_checkpoints->>'review')::boolean AS review FROM orders WHERE id = ANY($1::text[]) ORDER BY id",
      [ids],
    );
    expect(rows.map((r) => r.review)).toEqual([true, false]);
  });

  it('is blocked (403 FEATURE_DISABLED) where the flag is off, changing nothing', async () => {
    const [jp] = await addOrders(s.t.db, s.w.japan.id, { count: 1, productId: s.w.product, start });
    sent.length = 0;
    const res = await send('CONFIRMATION', { orderIds: [jp] }, s.w.admin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('FEATURE_DISABLED');
    expect(sent).toHaveLength(0);
    expect(await s.t.db.query('SELECT 1 FROM outbox WHERE order_id = $1', [jp])).toHaveLength(0);
    // Cambodia has e-mail sending but not information sending
    const kh = randomUUID();
    await s.t.db.query(
      `INSERT INTO teams (id, code, name, timezone, continent) VALUES ($1, 'KH', 'Cambodia test', 'Asia/Phnom_Penh', 'Asia')`,
      [kh],
    );
    await s.t.db.query(`INSERT INTO memberships (user_id, team_id, role) VALUES ($1, $2, 'ADMIN')`, [s.w.admin.id, kh]);
    await s.t.db.query(`INSERT INTO products (id, team_id, name, route) VALUES ($1, $2, 'P', 'R')`, [s.w.product, kh]);
    const [khOrder] = await addOrders(s.t.db, kh, { count: 1, productId: s.w.product, start });
    expect((await send('INFORMATION', { orderIds: [khOrder] }, s.w.admin.token)).statusCode).toBe(403);
    expect((await send('CONFIRMATION', { orderIds: [khOrder] }, s.w.admin.token)).statusCode).toBe(200);
  });

  it('answers 404 for a foreign order, 400 for bad input, 401 without a token', async () => {
    const [mine] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start });
    const [foreign] = await addOrders(s.t.db, s.w.other.id, { count: 1, productId: s.w.otherProduct, start });
    sent.length = 0;
    expect((await send('CONFIRMATION', { orderIds: [mine, foreign] }, s.w.member.token)).statusCode).toBe(404);
    expect(sent).toHaveLength(0);
    expect((await send('SPAM', { orderIds: [mine] }, s.w.member.token)).statusCode).toBe(400);
    expect((await send('CONFIRMATION', { orderIds: [] }, s.w.member.token)).statusCode).toBe(400);
    expect(
      (await send('INFORMATION', { orderIds: [mine], info: { guideId: 'nobody' } }, s.w.member.token)).statusCode,
    ).toBe(400);
    expect((await send('CONFIRMATION', { orderIds: [mine] })).statusCode).toBe(401);
  });
});

describe('file transport', () => {
  it('writes each message as an .eml file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      await fileTransport(dir).send({
        id: 'm1',
        from: 'a@example.test',
        to: 'b@example.test',
        subject: 'Hello',
        text: 'Body text',
      });
      expect(await readdir(dir)).toEqual(['m1.eml']);
      const eml = await readFile(join(dir, 'm1.eml'), 'utf8');
      expect(eml).toContain('Subject: Hello');
      expect(eml).toContain('To: b@example.test');
      expect(eml).toContain('Body text');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
