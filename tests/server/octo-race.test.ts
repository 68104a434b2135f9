import { zBaseError } from '@octocloud/types';
import { describe, expect, it } from 'vitest';
import { booking, departure, newProduct, octoBookingSuite, reserveBody, vacancies } from './octo-booking-helpers';
import { startTimeSchedule } from './octo-fixtures';

/**
 * Never oversell: concurrent reserves and amendments for the last places of a departure (on
 * PostgreSQL the app's pool runs them side by side), places back when holds expire or are
 * cancelled, and one hold for one uuid however often it is sent.
 */
const { s, api } = octoBookingSuite();
const product = () => newProduct(s.t, s.w.home.id, startTimeSchedule({ capacity: 10 }));

/** Sends them all at once; the bookings answered and the error codes. */
async function race(bodies: Record<string, unknown>[]) {
  const answers = await Promise.all(bodies.map((b) => api.reserve(b)));
  const held = answers.filter((r) => r.statusCode === 200).map((r) => booking(r));
  const refused = answers.filter((r) => r.statusCode !== 200).map((r) => zBaseError.parse(r.json()));
  return { held, refused };
}

const liveHolds = async (productId: string) =>
  (
    await s.t.db.query<{ n: number }>(
      `SELECT COALESCE(sum(pax), 0)::int AS n FROM channel_bookings
        WHERE product_id = $1 AND status = 'ON_HOLD' AND utc_expires_at > now()`,
      [productId],
    )
  )[0].n;

describe('the last 5 places', () => {
  it('50 concurrent reserves of one place give exactly 5 holds; they come back when the holds expire, and when cancelled', async () => {
    const id = await product();
    const at = departure(6);
    booking(await api.reserve(reserveBody(id, at, 5)));
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(5);

    const first = await race(Array.from({ length: 50 }, () => reserveBody(id, at, 1)));
    expect(first.held).toHaveLength(5);
    expect(first.held.every((b) => b.status === 'ON_HOLD')).toBe(true);
    expect(first.refused).toHaveLength(45);
    expect(first.refused.every((e) => e.error === 'UNPROCESSABLE_ENTITY')).toBe(true);
    expect(new Set(first.refused.map((e) => e.errorMessage))).toEqual(new Set([`The departure ${at} is sold out`]));
    expect(await liveHolds(id)).toBe(10);
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(0);

    // their time runs out: the places are back at once, before any sweeper
    await s.t.db.query(
      `UPDATE channel_bookings SET utc_expires_at = now() - interval '1 second' WHERE uuid = ANY($1::text[])`,
      [first.held.map((b) => b.uuid)],
    );
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(5);
    const second = await race(Array.from({ length: 50 }, () => reserveBody(id, at, 1)));
    expect(second.held).toHaveLength(5);
    expect(second.refused).toHaveLength(45);
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(0);

    // cancelled (some confirmed first): the places are back
    await Promise.all(second.held.slice(0, 2).map((b) => api.confirm(b.uuid)));
    const cancelled = await Promise.all(second.held.map((b) => api.cancel(b.uuid)));
    expect(cancelled.map((r) => booking(r).status)).toEqual(Array(5).fill('CANCELLED'));
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(5);
    const third = await race(Array.from({ length: 50 }, () => reserveBody(id, at, 1)));
    expect(third.held).toHaveLength(5);
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(0);
  });

  it('concurrent amendments onto a departure with 3 places left: exactly 3 move', async () => {
    const id = await product();
    const [from, to] = [departure(7), departure(8)];
    booking(await api.reserve(reserveBody(id, to, 7)));
    const holds = await race(Array.from({ length: 10 }, () => reserveBody(id, from, 1)));
    expect(holds.held).toHaveLength(10);
    const moves = await Promise.all(holds.held.map((b) => api.amend(b.uuid, { availabilityId: to })));
    const moved = moves.filter((r) => r.statusCode === 200).map((r) => booking(r));
    expect(moved).toHaveLength(3);
    expect(moved.every((b) => b.availabilityId === to)).toBe(true);
    expect(moves.filter((r) => r.statusCode === 400).map((r) => zBaseError.parse(r.json()).error)).toEqual(
      Array(7).fill('UNPROCESSABLE_ENTITY'),
    );
    expect(await vacancies(s.t, s.w.home.id, id, to)).toBe(0);
    // the 7 that stayed still hold their places
    expect(await vacancies(s.t, s.w.home.id, id, from)).toBe(3);
  });
});

describe('one uuid, one hold', () => {
  it('the same request sent twice at once holds once and answers the same booking twice', async () => {
    const id = await product();
    const at = departure(9);
    const body = reserveBody(id, at, 4);
    const answers = await Promise.all([api.reserve(body), api.reserve(body), api.reserve(body)]);
    const [a, b, c] = answers.map((r) => booking(r));
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await vacancies(s.t, s.w.home.id, id, at)).toBe(6);
    const [{ n }] = await s.t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM channel_bookings WHERE product_id = $1',
      [id],
    );
    expect(n).toBe(1);
  });

  it('two different requests with one uuid at once: one holds, the other is INVALID_BOOKING_UUID', async () => {
    const id = await product();
    const body = reserveBody(id, departure(9), 2);
    const other = { ...reserveBody(id, departure(10), 3), uuid: body.uuid };
    const answers = await Promise.all([api.reserve(body), api.reserve(other)]);
    const codes = answers
      .map((r) => (r.statusCode === 200 ? booking(r).status : zBaseError.parse(r.json()).error))
      .sort();
    expect(codes).toEqual(['INVALID_BOOKING_UUID', 'ON_HOLD']);
    const [{ n }] = await s.t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM channel_bookings WHERE product_id = $1',
      [id],
    );
    expect(n).toBe(1);
  });
});

describe('confirmations at once', () => {
  const orderCount = async (productId: string) =>
    (
      await s.t.db.query<{ n: number; ids: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT display_id)::int AS ids FROM orders WHERE product_id = $1',
        [productId],
      )
    )[0];

  it('the same hold confirmed five times at once makes one order, and every answer is that booking', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(9), 2)));
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.confirm(held.uuid)));
    const confirmed = answers.map((r) => booking(r));
    expect(new Set(confirmed.map((b) => b.status))).toEqual(new Set(['CONFIRMED']));
    expect(await orderCount(id)).toEqual({ n: 1, ids: 1 });
    expect(await vacancies(s.t, s.w.home.id, id, departure(9))).toBe(8);
  });

  it('holds of one team confirmed at once each get an order with a number of its own', async () => {
    const id = await product();
    const holds = [];
    for (let i = 0; i < 8; i++) holds.push(booking(await api.reserve(reserveBody(id, departure(9 + (i % 2)), 1))));
    const answers = await Promise.all(
      holds.map((h, i) => api.confirm(h.uuid, { resellerReference: `RACE-${i}`, contact: { fullName: `Guest ${i}` } })),
    );
    expect(answers.map((r) => booking(r).status)).toEqual(holds.map(() => 'CONFIRMED'));
    expect(await orderCount(id)).toEqual({ n: 8, ids: 8 });
  });

  it('a confirmation racing an amendment of the hold writes what the amendment left, never the units read before it', async () => {
    const id = await product();
    const held = booking(await api.reserve(reserveBody(id, departure(9), 2)));
    const [amended, confirmed] = await Promise.all([
      api.amend(held.uuid, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }, { unitId: 'adult' }] }),
      api.confirm(held.uuid),
    ]);
    const final = booking(await api.get(held.uuid));
    expect(final.status).toBe('CONFIRMED');
    const [order] = await s.t.db.query<{ quantity_total: number }>(
      'SELECT quantity_total FROM orders WHERE product_id = $1',
      [id],
    );
    // whichever came second saw the first: the amendment's 3 units stand on the booking and its order
    expect(confirmed.statusCode).toBe(200);
    expect(amended.statusCode).toBe(200);
    expect(final.unitItems).toHaveLength(3);
    expect(order.quantity_total).toBe(3);
  });
});
