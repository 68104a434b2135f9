import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpoints, messageRows, PNG_LOGO, sendEmail, settled } from './email-helpers';
import { addOrders, bearer, ensureFlags, useServerSuite } from './fixtures';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// The send operation end to end: the request queues, the app's worker delivers to a real SMTP
// server on loopback, and only then do the checkpoint and the EMAIL event appear.
let receiver: SmtpReceiver;
const s = useServerSuite({
  async app() {
    receiver = await startReceiver();
    return { config: { smtpUrl: receiver.url }, emailWorker: { pollMs: 50, backoffMs: 50, maxAttempts: 3 } };
  },
  async init(t) {
    await t.db.query('UPDATE teams SET avatar_url = $2 WHERE id = $1', [t.world.home.id, PNG_LOGO]);
  },
});
afterAll(() => receiver?.close());

// Tuesday 1 January 2036, 10:00 in Ho Chi Minh City; each next order an hour later
const start = new Date('2036-01-01T03:00:00Z');
const send = (type: string, payload: unknown, token = s.w.member.token, key?: string | null) =>
  sendEmail(s.t.app, type, payload, token, key);
const orders = (count: number, extra: { status?: string; confirmation?: boolean; ota?: string } = {}) =>
  addOrders(s.t.db, s.w.home.id, { count, productId: s.w.product, start, ...extra });
const displayId = async (id: string) =>
  (await s.t.db.query<{ display_id: string }>('SELECT display_id FROM orders WHERE id = $1', [id]))[0].display_id;
const mailTo = (address: string) => receiver.received.filter((r) => r.to.includes(address));

describe('sendOrderEmail: queued at once, delivered by the worker', () => {
  it('delivers a confirmation as text and HTML, then sets the checkpoint and the EMAIL event', async () => {
    const [id] = await orders(1);
    await s.t.db.query("UPDATE orders SET customer_email = 'ana@example.test' WHERE id = $1", [id]);
    const res = await send('CONFIRMATION', { orderIds: [id] });
    expect(res.statusCode).toBe(200);
    const { queued, refused, emailType } = res.json();
    expect(emailType).toBe('CONFIRMATION');
    expect(refused).toEqual([]);
    expect(queued).toEqual([{ orderId: id, displayId: await displayId(id), messageId: expect.any(String) }]);

    const [row] = await settled(s.t.db, [id]);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
    const [got] = mailTo('ana@example.test');
    expect(got.mail.messageId).toBe(`<${queued[0].messageId}@tourdesk>`);
    expect(got.mail.subject).toBe('Hi Customer 1');
    expect(got.mail.text?.trim()).toBe(`See you on Tue 1 Jan 2036 for Route ${s.w.product}`);
    const html = String(got.mail.html);
    expect(html).toContain(`See you on Tue 1 Jan 2036 for Route ${s.w.product}`);
    expect(html).toMatch(/Home [0-9a-f]{8}<\/span>/); // the team name above the body
    expect(html).toContain('src="cid:team-logo@tourdesk"');
    expect(got.mail.attachments).toHaveLength(1);
    expect(got.mail.attachments[0]).toMatchObject({ cid: 'team-logo@tourdesk', contentType: 'image/png' });

    expect((await checkpoints(s.t.db, id)).confirmation).toBe(true);
    const order = (await s.req('GET', `/api/v1/orders/${id}`, s.w.member.token)).json();
    expect(order.emailCheckpoints.confirmation).toBe(true);
    expect(order.eventLogs.at(-1)).toMatchObject({
      type: 'EMAIL',
      comment: 'Confirmation e-mail sent to ana@example.test',
      operatedBy: { id: s.w.member.id, name: s.w.member.name },
    });
  });

  it('lists the order’s messages with their state for the side panel', async () => {
    const [id] = await orders(1);
    const queued = (await send('CONFIRMATION', { orderIds: [id] })).json().queued[0].messageId;
    await settled(s.t.db, [id]);
    const review = (await send('REVIEW', { orderIds: [id] })).json().queued[0].messageId;
    await settled(s.t.db, [id]);
    const res = await s.req('GET', `/api/v1/orders/${id}/emails`, s.w.member.token);
    expect(res.statusCode).toBe(200);
    const { emails } = res.json();
    expect(emails.map((e: { id: string }) => e.id)).toEqual([review, queued]);
    expect(emails[1]).toMatchObject({
      orderId: id,
      type: 'CONFIRMATION',
      to: 'customer1@example.test',
      subject: 'Hi Customer 1',
      state: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      createdBy: { id: s.w.member.id, name: s.w.member.name },
    });
    expect(emails[1].text).toContain('See you on');
    expect(Date.parse(emails[1].sentAt)).toBeGreaterThanOrEqual(Date.parse(emails[1].createdAt));
    expect((await checkpoints(s.t.db, id)).review).toBe(true);

    const [foreign] = await addOrders(s.t.db, s.w.other.id, { count: 1, productId: s.w.otherProduct, start });
    expect((await s.req('GET', `/api/v1/orders/${foreign}/emails`, s.w.member.token)).statusCode).toBe(404);
    expect((await s.req('GET', `/api/v1/orders/${id}/emails`)).statusCode).toBe(401);
  });

  it('sends information with its details and the guide, skipping the details not given', async () => {
    const [a, b] = await orders(2);
    const addGuide = (teamId: string) =>
      s.t.db.query<{ id: string; name: string; phone: string }>(
        "INSERT INTO guides (id, team_id, name, email, phone, location) VALUES ($1, $2, 'Linh Tran', 'linh@guides.test', '+84 90 000 111', 'Hanoi') RETURNING id, name, phone",
        [randomUUID(), teamId],
      );
    const [guide] = await addGuide(s.w.home.id);
    // another team's guide is unknown here: its contact never reaches this team's customers
    const [theirs] = await addGuide(s.w.other.id);
    const refused = await send('INFORMATION', { orderIds: [a], info: { message: 'x', guideId: theirs.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`Unknown guide ${theirs.id}`);
    const full = await send('INFORMATION', {
      orderIds: [a],
      info: { meetingPoint: 'Hotel lobby', meetingTime: '09:30', message: 'Bring a hat', guideId: guide.id },
    });
    expect(full.json().queued).toHaveLength(1);
    await send('INFORMATION', { orderIds: [b], info: { meetingPoint: 'Opera House' } });
    await settled(s.t.db, [a, b]);
    const text = mailTo('customer1@example.test').at(-1)!.mail.text!;
    expect(text).toContain('Here are the details of your tour Product');
    expect(text).toContain('on Tue 1 Jan 2036 at 10:00.');
    expect(text).toContain('Meeting point: Hotel lobby\nMeeting time: 09:30\nYour guide: Linh Tran (+84 90 000 111)');
    expect(text).toContain('Bring a hat');
    const other = mailTo('customer2@example.test').at(-1)!.mail.text!;
    expect(other).toContain('on Tue 1 Jan 2036 at 11:00.\n\nMeeting point: Opera House\n\nBest regards');
    expect(other).not.toMatch(/Meeting time|Your guide/);
    expect((await checkpoints(s.t.db, a)).info).toBe(true);
  });

  it('sends a cancellation with its reason, and an inquiry with its text', async () => {
    const [a] = await orders(1, { status: 'canceled' });
    await send('CANCELLATION', { orderIds: [a], cancel: { reason: 'The boat is under repair.' } });
    await settled(s.t.db, [a]);
    const mail = mailTo('customer1@example.test').at(-1)!.mail;
    expect(mail.subject).toMatch(/^Booking canceled: Product P-[0-9a-f]{8} on Tue 1 Jan 2036$/);
    expect(mail.text).toContain('Reason: The boat is under repair.');
    const inquiry = await send('INQUIRY', { orderIds: [a], info: { message: 'Would you like a refund?' } });
    expect(inquiry.json().queued).toHaveLength(1);
    expect((await send('INQUIRY', { orderIds: [a] })).statusCode).toBe(400);
  });
});

describe('sendOrderEmail: who is left out and why', () => {
  it('refuses per order, in request order, and queues the rest', async () => {
    const [ok, noEmail, canceled] = await orders(3);
    const [confirmed] = await orders(1, { confirmation: true });
    await s.t.db.query("UPDATE orders SET customer_email = '' WHERE id = $1", [noEmail]);
    await s.t.db.query("UPDATE orders SET status = 'canceled' WHERE id = $1", [canceled]);
    const ids = [confirmed, noEmail, ok, canceled];
    const res = await send('CONFIRMATION', { orderIds: ids });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.queued.map((q: { orderId: string }) => q.orderId)).toEqual([ok]);
    expect(body.refused).toEqual([
      {
        orderId: confirmed,
        displayId: await displayId(confirmed),
        reason: 'ALREADY_SENT',
        message: 'Already confirmed',
      },
      {
        orderId: noEmail,
        displayId: await displayId(noEmail),
        reason: 'NO_EMAIL',
        message: 'The order has no customer e-mail address',
      },
      { orderId: canceled, displayId: await displayId(canceled), reason: 'CANCELED', message: 'The order is canceled' },
    ]);
    expect((await messageRows(s.t.db, ids)).map((r) => r.order_id)).toEqual([ok]);

    // "send again" ticked: the confirmed order gets another one
    const again = (await send('CONFIRMATION', { orderIds: [confirmed], sendAgain: true })).json();
    expect(again.queued.map((q: { orderId: string }) => q.orderId)).toEqual([confirmed]);
    await settled(s.t.db, [ok, confirmed]);
  });

  it('refuses a second e-mail of a type while one is queued, and a second cancellation once sent', async () => {
    const [id] = await orders(1);
    // a cancellation queued for tomorrow
    await s.t.db.query(
      `INSERT INTO email_messages (id, team_id, order_id, type, recipient, subject, text_body, created_by, created_by_name, next_attempt_at)
       VALUES ($1, $2, $3, 'CANCELLATION', 'x@example.test', 's', 't', $4, 'M', now() + interval '1 day')`,
      [randomUUID(), s.w.home.id, id, s.w.member.id],
    );
    const res = (await send('CANCELLATION', { orderIds: [id], sendAgain: true })).json();
    expect(res.refused).toMatchObject([{ orderId: id, reason: 'ALREADY_QUEUED' }]);
    await s.t.db.query("UPDATE email_messages SET state = 'sent', next_attempt_at = NULL WHERE order_id = $1", [id]);
    expect((await send('CANCELLATION', { orderIds: [id] })).json().refused).toMatchObject([
      { orderId: id, reason: 'ALREADY_SENT' },
    ]);
    expect((await send('CANCELLATION', { orderIds: [id], sendAgain: true })).json().queued).toHaveLength(1);
    await settled(s.t.db, [id]);
  });

  it('refuses an order whose product template cannot be rendered, naming the variable', async () => {
    const product = `BAD-${randomUUID().slice(0, 8)}`;
    await s.t.db.query(
      `INSERT INTO products (id, team_id, name, route, mail_content) VALUES ($1, $2, 'Old', 'R', $3)`,
      [product, s.w.home.id, JSON.stringify({ KLOOK: { subject: 'Hi', body: 'Departs on {{departureAt}}.' } })],
    );
    const [bad] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: product, start });
    const [fine] = await orders(1);
    const res = (await send('CONFIRMATION', { orderIds: [bad, fine] })).json();
    expect(res.queued.map((q: { orderId: string }) => q.orderId)).toEqual([fine]);
    expect(res.refused).toMatchObject([{ orderId: bad, reason: 'TEMPLATE_ERROR' }]);
    expect(res.refused[0].message).toContain('departureAt');
    await settled(s.t.db, [fine]);
  });
});

describe('sendOrderEmail: idempotency', () => {
  it('answers a repeated request with the first answer and queues nothing more', async () => {
    const ids = await orders(2);
    const key = randomUUID();
    const first = await send('CONFIRMATION', { orderIds: ids }, s.w.member.token, key);
    await settled(s.t.db, ids);
    const again = await send('CONFIRMATION', { orderIds: ids }, s.w.member.token, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()).toEqual(first.json());
    expect(await messageRows(s.t.db, ids)).toHaveLength(2);
    for (const { messageId } of first.json().queued) {
      expect(receiver.received.filter((r) => r.mail.messageId === `<${messageId}@tourdesk>`)).toHaveLength(1);
    }
    const events = await s.t.db.query("SELECT 1 FROM event_logs WHERE order_id = ANY($1::text[]) AND type = 'EMAIL'", [
      ids,
    ]);
    expect(events).toHaveLength(2);
  });

  it('queues once for a double click (two requests with one key at the same time)', async () => {
    const [id] = await orders(1);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      send('REVIEW', { orderIds: [id] }, s.w.member.token, key),
      send('REVIEW', { orderIds: [id] }, s.w.member.token, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().queued).toHaveLength(1);
    expect(await messageRows(s.t.db, [id])).toHaveLength(1);
    await settled(s.t.db, [id]);
  });

  it('answers 409 when a key is used again for another request, 400 without a usable key', async () => {
    const [x, y] = await orders(2);
    const key = randomUUID();
    expect((await send('REVIEW', { orderIds: [x] }, s.w.member.token, key)).statusCode).toBe(200);
    const reused = await send('REVIEW', { orderIds: [y] }, s.w.member.token, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await messageRows(s.t.db, [y])).toHaveLength(0);
    const byOther = await send('REVIEW', { orderIds: [x] }, s.w.editor.token, key);
    expect(byOther.statusCode).toBe(409);
    const missing = await send('REVIEW', { orderIds: [y] }, s.w.member.token, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('idempotency-key');
    expect((await send('REVIEW', { orderIds: [y] }, s.w.member.token, 'short')).statusCode).toBe(400);
    await settled(s.t.db, [x]);
  });
});

describe('sendOrderEmail: refused as a whole, nothing queued', () => {
  it('answers 404 when an order is another team’s, 400 for orders of two teams, 401 without a token', async () => {
    const [mine] = await orders(1);
    const [foreign] = await addOrders(s.t.db, s.w.other.id, { count: 1, productId: s.w.otherProduct, start });
    const res = await send('CONFIRMATION', { orderIds: [mine, foreign] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NOT_FOUND');
    const [jp] = await addOrders(s.t.db, s.w.japan.id, { count: 1, productId: s.w.product, start });
    expect((await send('CONFIRMATION', { orderIds: [mine, jp] }, s.w.admin.token)).statusCode).toBe(400);
    expect((await send('CONFIRMATION', { orderIds: [mine] }, '')).statusCode).toBe(401);
    expect((await send('SPAM', { orderIds: [mine] })).statusCode).toBe(400);
    expect((await send('CONFIRMATION', { orderIds: [mine, mine] })).statusCode).toBe(400);
    expect((await send('INFORMATION', { orderIds: [mine], info: { guideId: 'nobody' } })).statusCode).toBe(400);
    expect(await messageRows(s.t.db, [mine, foreign, jp])).toHaveLength(0);
  });

  it('answers 403 FEATURE_DISABLED where the flag is off, and keeps no answer under the key', async () => {
    const [jp] = await addOrders(s.t.db, s.w.japan.id, { count: 1, productId: s.w.product, start });
    const key = randomUUID();
    const res = await send('CONFIRMATION', { orderIds: [jp] }, s.w.admin.token, key);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'FEATURE_DISABLED' });
    expect(await messageRows(s.t.db, [jp])).toHaveLength(0);
    expect(await s.t.db.query('SELECT 1 FROM email_requests WHERE idempotency_key = $1', [key])).toHaveLength(0);
    // information needs INFO_SENDING_V1 too: on for Vietnam only among the world's teams
    await s.t.db.query(`UPDATE feature_flags SET teams = '["VN"]' WHERE id = 'EMAIL_SENDING_V1'`);
    await s.t.db.query(`UPDATE feature_flags SET teams = '[]' WHERE id = 'INFO_SENDING_V1'`);
    try {
      const [vn] = await orders(1);
      const info = await send('INFORMATION', { orderIds: [vn] });
      expect(info.statusCode).toBe(403);
      expect(info.json().message).toContain('Information e-mails are not enabled');
    } finally {
      await ensureFlags(s.t.db);
    }
  });

  it('lets a bearer of another team see nothing of this team’s messages', async () => {
    const [id] = await orders(1);
    await send('REVIEW', { orderIds: [id] });
    await settled(s.t.db, [id]);
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${id}/emails`,
      headers: bearer(s.w.outsider),
    });
    expect(res.statusCode).toBe(404);
  });
});
