import { afterAll, describe, expect, it } from 'vitest';
import { sendEmail, settled } from './email-helpers';
import { addOrders, ensureFlags, useServerSuite } from './fixtures';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

// The preview of a customer e-mail: what the send dialog shows must be what the customer gets, so
// each check compares the preview with the message a real SMTP server received for the same order.
let receiver: SmtpReceiver;
const s = useServerSuite({
  async app() {
    receiver = await startReceiver();
    return { config: { smtpUrl: receiver.url }, emailWorker: { pollMs: 50, backoffMs: 50, maxAttempts: 3 } };
  },
});
afterAll(() => receiver?.close());

const start = new Date('2036-01-01T03:00:00Z');
const orders = (count: number, extra: { ota?: string; status?: string; confirmation?: boolean } = {}) =>
  addOrders(s.t.db, s.w.home.id, { count, productId: s.w.product, start, ...extra });
const preview = (type: string, payload: unknown, token = s.w.member.token) =>
  s.req('POST', `/api/v1/orders/email/${type}/preview`, token, payload);
const received = (address: string) => receiver.received.filter((r) => r.to.includes(address));
const setEmail = (id: string, email: string) =>
  s.t.db.query('UPDATE orders SET customer_email = $2 WHERE id = $1', [id, email]);

describe('previewOrderEmail: the message as it goes out, nothing sent', () => {
  it('renders the product’s own template and sends exactly that, with no message queued by the preview', async () => {
    const [id] = await orders(1);
    await setEmail(id, 'lan.preview@example.test');
    const res = await preview('CONFIRMATION', { orderId: id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      orderId: id,
      to: { name: 'Customer 1', email: 'lan.preview@example.test' },
      subject: 'Hi Customer 1',
      refused: null,
    });
    const count = await s.t.db.query('SELECT 1 FROM email_messages WHERE order_id = $1', [id]);
    expect(count).toHaveLength(0);

    expect((await sendEmail(s.t.app, 'CONFIRMATION', { orderIds: [id] }, s.w.member.token)).statusCode).toBe(200);
    await settled(s.t.db, [id]);
    const [got] = received('lan.preview@example.test');
    expect(got.mail.subject).toBe(body.subject);
    expect(got.mail.text?.trim()).toBe(body.text);
  });

  it('renders the built-in template with the typed details, and never names a product without a pack twice', async () => {
    const [id] = await orders(1, { ota: 'VIATOR' });
    await setEmail(id, 'minh.preview@example.test');
    const res = await preview('CONFIRMATION', { orderId: id });
    const body = res.json();
    expect(body.text).toContain(`for Product ${s.w.product} on Tue 1 Jan 2036`);
    expect(body.text).not.toContain(`(Product ${s.w.product})`);

    // a product with a pack of its own shows it once, in brackets
    await s.t.db.query("UPDATE products SET pack = 'Half day' WHERE id = $1 AND team_id = $2", [
      s.w.product,
      s.w.home.id,
    ]);
    try {
      const withPack = (await preview('CONFIRMATION', { orderId: id })).json();
      expect(withPack.text).toContain(`for Product ${s.w.product} (Half day) on`);
    } finally {
      await s.t.db.query('UPDATE products SET pack = NULL WHERE id = $1 AND team_id = $2', [s.w.product, s.w.home.id]);
    }

    const reason = 'The river is too low for boats';
    const cancel = (await preview('CANCELLATION', { orderId: id, cancel: { reason } })).json();
    expect(cancel.text).toContain(`Reason: ${reason}`);
    await sendEmail(s.t.app, 'CANCELLATION', { orderIds: [id], cancel: { reason } }, s.w.member.token);
    await settled(s.t.db, [id]);
    const [got] = received('minh.preview@example.test');
    expect(got.mail.subject).toBe(cancel.subject);
    expect(got.mail.text?.trim()).toBe(cancel.text);
  });

  it('says why a send would leave the order out, in the send’s words', async () => {
    const [done, canceled, noMail] = await orders(3, { confirmation: true });
    await s.t.db.query("UPDATE orders SET status = 'canceled' WHERE id = $1", [canceled]);
    await setEmail(noMail, '');
    const why = async (orderId: string, extra = {}) =>
      (await preview('CONFIRMATION', { orderId, ...extra })).json() as { refused: unknown; subject: unknown };
    expect(await why(done)).toMatchObject({ subject: null, refused: { reason: 'ALREADY_SENT' } });
    expect(await why(done, { sendAgain: true })).toMatchObject({ subject: 'Hi Customer 1', refused: null });
    expect(await why(canceled)).toMatchObject({ refused: { reason: 'CANCELED', message: 'The order is canceled' } });
    expect(await why(noMail, { sendAgain: true })).toMatchObject({ refused: { reason: 'NO_EMAIL' } });
  });

  it('names a template that cannot be rendered instead of failing', async () => {
    const [id] = await orders(1, { ota: 'KKDAY' });
    await s.t.db.query(
      `UPDATE products SET mail_content = mail_content || '{"KKDAY":{"subject":"Hi {{ nobody }}","body":"x"}}'::jsonb
        WHERE id = $1 AND team_id = $2`,
      [s.w.product, s.w.home.id],
    );
    const body = (await preview('CONFIRMATION', { orderId: id })).json();
    expect(body.refused.reason).toBe('TEMPLATE_ERROR');
    expect(body.refused.message).toContain('nobody');
  });

  it('answers 400 to bad input, 401 without a token, 404 outside the caller’s teams, 403 with the flag off', async () => {
    const [id] = await orders(1);
    expect((await preview('CONFIRMATION', {})).statusCode).toBe(400);
    expect((await preview('CONFIRMATION', { orderId: id, extra: 1 })).statusCode).toBe(400);
    expect((await preview('CONFIRMATION', { orderId: id, info: { message: 7 } })).statusCode).toBe(400);
    expect((await preview('POSTCARD', { orderId: id })).statusCode).toBe(400);
    expect((await preview('INFORMATION', { orderId: id, info: { guideId: 'no-such-guide' } })).statusCode).toBe(400);
    expect((await s.req('POST', `/api/v1/orders/email/CONFIRMATION/preview`, '', { orderId: id })).statusCode).toBe(
      401,
    );
    expect((await preview('CONFIRMATION', { orderId: id }, s.w.outsider.token)).statusCode).toBe(404);
    expect((await preview('CONFIRMATION', { orderId: 'no-such-order' })).statusCode).toBe(404);

    await s.t.db.query("UPDATE feature_flags SET teams = '[]'::jsonb WHERE id = 'EMAIL_SENDING_V1'");
    try {
      const off = await preview('CONFIRMATION', { orderId: id });
      expect(off.statusCode).toBe(403);
      expect(off.json().error).toBe('FEATURE_DISABLED');
    } finally {
      await ensureFlags(s.t.db);
    }
  });
});
