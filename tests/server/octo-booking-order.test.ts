import { zErrorUnprocessableEntity } from '@octocloud/types';
import { afterAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/email/transport';
import { startEmailWorker } from '../../server/email/worker';
import { messageRows, sendEmail, waitUntil } from './email-helpers';
import { addOrders, addTour } from './fixtures';
import {
  atLocal,
  booking,
  CONTACT,
  departure,
  inboxRows,
  newProduct,
  nextWeekday,
  octoBookingSuite,
  octoError,
  reserveBody,
  vacancies,
} from './octo-booking-helpers';
import { startTimeSchedule } from './octo-fixtures';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';

/**
 * A booking is an order: confirm creates it in the key's team ("Booked by Klook (OCTO)"), an
 * amendment changes it with a diff in its Activity and the inbox, a cancellation cancels it with
 * the reason, and a queued confirmation e-mail that has not gone is withdrawn.
 */
const { s, api } = octoBookingSuite();
const EVERY_DAY = ['08:00', '12:00'];
const schedule = (extra = {}) =>
  startTimeSchedule({
    startTimes: {
      mon: EVERY_DAY,
      tue: EVERY_DAY,
      wed: EVERY_DAY,
      thu: EVERY_DAY,
      fri: EVERY_DAY,
      sat: EVERY_DAY,
      sun: EVERY_DAY,
    },
    ...extra,
  });
const product = (extra = {}) => newProduct(s.t, s.w.home.id, schedule(extra));

const orderIdOf = async (uuid: string) =>
  (await s.t.db.query<{ order_id: string | null }>('SELECT order_id FROM channel_bookings WHERE uuid = $1', [uuid]))[0]
    .order_id;
const getOrder = async (id: string) => {
  const res = await s.req('GET', `/api/v1/orders/${id}`, s.w.admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Reserves and confirms; the booking and its order id. */
async function confirmed(productId: string, availabilityId: string, adults: number, children = 0, extra = {}) {
  const held = booking(await api.reserve(reserveBody(productId, availabilityId, adults, children, extra)));
  const b = booking(await api.confirm(held.uuid, { contact: CONTACT, ...extra }));
  return { b, orderId: (await orderIdOf(b.uuid))! };
}

describe('confirm makes the order', () => {
  it('creates a New Order in the key’s team: OTA, reference, customer, quantities, prices, departure', async () => {
    const id = await product();
    const at = departure(5, '12:00');
    const { b, orderId } = await confirmed(id, at, 2, 1, { resellerReference: 'KLK-778899' });
    expect(orderId).toBeTruthy();
    const order = await getOrder(orderId);
    expect(order).toMatchObject({
      ota: 'KLOOK',
      otaOrderId: 'KLK-778899',
      departureAt: new Date(Date.parse(at)).toISOString(),
      language: 'vi',
      product: { id },
      customer: { name: 'Nguyen Van An', email: 'an.nguyen@example.test' },
      quantity: { total: 3, adult: 2, child: 1 },
      statusV2: 'new',
      tour: null,
    });
    expect(order.displayId).toMatch(new RegExp(`^${s.w.home.code}-\\d{6}$`));
    expect(order.prices).toEqual([
      { type: 'ADULT', amount: 90, currency: 'USD' },
      { type: 'CHILD', amount: 25.5, currency: 'USD' },
      { type: 'TOTAL', amount: 115.5, currency: 'USD' },
    ]);
    expect(order.eventLogs[0]).toMatchObject({
      type: 'CREATE',
      comment: 'Booked by Klook (OCTO)',
      operatedBy: { name: 'Klook (OCTO)' },
    });
    // the order holds the places now (not the hold as well)
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(7);
    expect(b.status).toBe('CONFIRMED');
    // confirming again makes no second order
    booking(await api.confirm(b.uuid));
    const [{ n }] = await s.t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE team_id = $1 AND ota_order_id = 'KLK-778899'",
      [s.w.home.id],
    );
    expect(n).toBe(1);
  });

  it('takes the supplier reference as the OTA order id when the reseller sends none, and the name from first and last', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(5), 1)));
    booking(await api.confirm(held.uuid, { contact: { firstName: 'Le', lastName: 'Minh', locales: [] } }));
    const order = await getOrder((await orderIdOf(held.uuid))!);
    expect(order).toMatchObject({
      otaOrderId: held.supplierReference,
      customer: { name: 'Le Minh', email: '' },
      language: 'en',
    });
  });

  it('refuses a reference another order of the team and OTA has, and keeps the hold', async () => {
    const id = await product();
    const [existing] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2036-01-01T00:00:00Z'),
    });
    const [{ ota_order_id: taken }] = await s.t.db.query<{ ota_order_id: string }>(
      'SELECT ota_order_id FROM orders WHERE id = $1',
      [existing],
    );
    const held = booking(await api.reserve(reserveBody(id, departure(5), 1)));
    const err = octoError(
      await api.confirm(held.uuid, { contact: CONTACT, resellerReference: taken.toLowerCase() }),
      'UNPROCESSABLE_ENTITY',
      zErrorUnprocessableEntity,
    );
    expect(err.errorMessage).toMatch(/already used/);
    expect(booking(await api.get(held.uuid))).toMatchObject({ status: 'ON_HOLD', resellerReference: null });
    expect(await orderIdOf(held.uuid)).toBeNull();
  });
});

describe('an amendment changes the order', () => {
  it('records the diff (Sat 12:00 -> Sun 08:00, adults 2 -> 3) in the Activity and the inbox; the tour link stays', async () => {
    const id = await product();
    const sat = nextWeekday(6);
    const sun = new Date(Date.parse(`${sat}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const [from, to] = [atLocal(sat, '12:00'), atLocal(sun, '08:00')];
    const { b, orderId } = await confirmed(id, from, 2, 0, { resellerReference: `KL-AM-${id}` });
    const tour = await addTour(s.t.db, s.w.home.id, new Date(Date.parse(from)), 'grouped', id);
    await s.t.db.query('UPDATE orders SET tour_id = $2 WHERE id = $1', [orderId, tour]);

    const amended = booking(
      await api.amend(b.uuid, {
        availabilityId: to,
        unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }],
      }),
    );
    expect(amended).toMatchObject({ status: 'CONFIRMED', availabilityId: to });
    const order = await getOrder(orderId);
    expect(order).toMatchObject({
      departureAt: new Date(Date.parse(to)).toISOString(),
      quantity: { adult: 3, child: 0, total: 3 },
    });
    expect(order.tour).toMatchObject({ id: tour });
    const edit = order.eventLogs.at(-1);
    expect(edit).toMatchObject({ type: 'EDIT', operatedBy: { name: 'Klook (OCTO)' } });
    expect(edit.comment).toMatch(/^Changed by Klook \(OCTO\): departureAt, adults, prices$/);
    const diff = [
      {
        field: 'departureAt',
        from: new Date(Date.parse(from)).toISOString(),
        to: new Date(Date.parse(to)).toISOString(),
      },
      { field: 'adults', from: 2, to: 3 },
      {
        field: 'prices',
        from: [
          { type: 'ADULT', amount: 90, currency: 'USD' },
          { type: 'TOTAL', amount: 90, currency: 'USD' },
        ],
        to: [
          { type: 'ADULT', amount: 135, currency: 'USD' },
          { type: 'TOTAL', amount: 135, currency: 'USD' },
        ],
      },
    ];
    const byField = (list: { field: string }[]) => [...list].sort((x, y) => x.field.localeCompare(y.field));
    expect(byField(edit.changes)).toEqual(byField(diff));
    const [item] = await inboxRows(s.t, s.w.home.id);
    expect(item).toMatchObject({
      kind: 'AMENDMENT',
      source: 'OCTO',
      channel: 'KLOOK',
      order_id: orderId,
      booking_uuid: b.uuid,
      reference: `KL-AM-${id}`,
      changes: diff,
    });
    // the tour shows its order as it is now
    const tourRes = await s.req('GET', `/api/v1/tours/${tour}`, s.w.admin.token);
    expect(tourRes.json().orders).toMatchObject([{ id: orderId, quantity: { adult: 3 } }]);
    // places moved with the order
    expect(await vacancies(s.t, s.w.home.id, id, from)).toBe(10);
    expect(await vacancies(s.t, s.w.home.id, id, to)).toBe(7);
  });

  it("refuses a move onto a full departure and changes nothing; a change of notes alone is the order's notes", async () => {
    const id = await product();
    const [a, full] = [departure(5), departure(6)];
    const { b, orderId } = await confirmed(id, a, 2);
    booking(await api.reserve(reserveBody(id, full, 9)));
    const err = octoError(await api.amend(b.uuid, { availabilityId: full }), 'UNPROCESSABLE_ENTITY');
    expect(err.errorMessage).toMatch(/1 place is left, 2 asked for/);
    const before = await getOrder(orderId);
    expect(before.departureAt).toBe(new Date(Date.parse(a)).toISOString());
    const inboxBefore = (await inboxRows(s.t, s.w.home.id)).length;
    // the booking's notes are the order's (issue 25): one change, in the order and in the inbox
    booking(await api.amend(b.uuid, { notes: 'Pick up at the hotel' }));
    const noted = await getOrder(orderId);
    expect(noted.version).toBe(before.version + 1);
    expect(noted.notes).toBe('Pick up at the hotel');
    expect(noted.departureAt).toBe(before.departureAt);
    const inbox = await inboxRows(s.t, s.w.home.id);
    expect(inbox).toHaveLength(inboxBefore + 1);
    expect(inbox[0].changes).toEqual([{ field: 'notes', from: before.notes, to: 'Pick up at the hotel' }]);
    // the same departure with more people counts its own places: 8 left + its 2 = 10
    booking(await api.amend(b.uuid, { unitItems: Array.from({ length: 10 }, () => ({ unitId: 'adult' })) }));
    expect((await getOrder(orderId)).quantity.total).toBe(10);
  });

  it('refuses an amendment past the cancellation cut-off', async () => {
    const id = await product({ cancellationCutoffMinutes: 43200 });
    const { b } = await confirmed(id, departure(5), 2);
    const err = octoError(await api.amend(b.uuid, { unitItems: [{ unitId: 'adult' }] }), 'UNPROCESSABLE_ENTITY');
    expect(err.errorMessage).toMatch(/cancellation cut-off/);
  });
});

describe('a cancellation cancels the order', () => {
  it('moves the order to Canceled with the reason in its Activity, frees the places, and tells the inbox', async () => {
    const id = await product();
    const at = departure(5);
    const { b, orderId } = await confirmed(id, at, 3, 0, { resellerReference: `KL-CX-${id}` });
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(7);
    const cancelled = booking(await api.cancel(b.uuid, { reason: 'Weather warning' }));
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      cancellation: { refund: 'FULL', reason: 'Weather warning' },
    });
    const order = await getOrder(orderId);
    expect(order.statusV2).toBe('canceled');
    const [status, comment] = order.eventLogs.slice(-2);
    expect(status).toMatchObject({
      type: 'STATUS',
      comment: 'New Order → Canceled',
      operatedBy: { name: 'Klook (OCTO)' },
    });
    expect(comment).toMatchObject({ type: 'COMMENT', comment: 'Cancelled by Klook (OCTO): Weather warning' });
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(10);
    const [item] = await inboxRows(s.t, s.w.home.id);
    expect(item).toMatchObject({
      kind: 'CANCELLATION',
      order_id: orderId,
      booking_uuid: b.uuid,
      reference: `KL-CX-${id}`,
      reason: 'Weather warning',
    });
    // again: unchanged, nothing more in the Activity or the inbox
    expect(booking(await api.cancel(b.uuid, { reason: 'twice' }))).toEqual(cancelled);
    expect((await getOrder(orderId)).eventLogs).toHaveLength(order.eventLogs.length);
    expect((await inboxRows(s.t, s.w.home.id))[0]).toEqual(item);
  });

  it('cancelling a hold writes no inbox item', async () => {
    const id = await product();
    const before = (await inboxRows(s.t, s.w.home.id)).length;
    const held = booking(await api.reserve(reserveBody(id, departure(5), 1)));
    booking(await api.cancel(held.uuid));
    expect(await inboxRows(s.t, s.w.home.id)).toHaveLength(before);
  });
});

describe('the outbox looks at the order before it sends', () => {
  let receiver: SmtpReceiver | undefined;
  afterAll(() => receiver?.close());

  it('withdraws a queued confirmation of an order the channel cancelled; a cancellation notice still goes', async () => {
    const id = await product();
    const { b, orderId } = await confirmed(id, departure(5), 2);
    const queuedRes = await sendEmail(s.t.app, 'CONFIRMATION', { orderIds: [orderId] }, s.w.member.token);
    expect(queuedRes.json().queued).toHaveLength(1);
    booking(await api.cancel(b.uuid, { reason: 'Guest ill' }));
    const notice = await sendEmail(s.t.app, 'CANCELLATION', { orderIds: [orderId] }, s.w.member.token);
    expect(notice.json().queued).toHaveLength(1);

    receiver = await startReceiver();
    const transport = smtpTransport(receiver.url);
    const worker = startEmailWorker(s.t.db, transport, { pollMs: 20, log: { error: () => undefined } });
    try {
      const rows = await waitUntil(async () => {
        const r = await messageRows(s.t.db, [orderId]);
        return r.every((m) => m.state !== 'queued' && m.state !== 'sending') && r;
      });
      expect(rows.map((r) => [r.type, r.state])).toEqual([
        ['CONFIRMATION', 'withdrawn'],
        ['CANCELLATION', 'sent'],
      ]);
      expect(rows[0].last_error).toMatch(/cancelled before the message went out/);
      await receiver.waitFor(1);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].mail.subject).toMatch(/cancel/i);
    } finally {
      await worker.stop();
      transport.close();
    }
    const order = await getOrder(orderId);
    expect(order.emailCheckpoints.confirmation).toBe(false);
    const emails = await s.req('GET', `/api/v1/orders/${orderId}/emails`, s.w.admin.token);
    expect(emails.json().emails.map((m: { type: string; state: string }) => [m.type, m.state])).toContainEqual([
      'CONFIRMATION',
      'withdrawn',
    ]);
  });
});
