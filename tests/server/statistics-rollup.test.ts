import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { seed } from '../../server/seed/index';
import { teamId } from '../../server/seed/base';
import { sendEmail, settled } from './email-helpers';
import { useServerSuite } from './fixtures';
import { startReceiver, type SmtpReceiver } from './smtp-receiver';
import { createOrders, directCounts, rollupAndDirect } from './statistics-helpers';

// The rollup behind the statistics and the counts (migration 008) against a direct count over the
// orders after each kind of change, made the way the product makes it (the API; the e-mail worker
// delivering to a real SMTP server; SQL where no operation changes the column).
let receiver: SmtpReceiver;
const s = useServerSuite({
  async app() {
    receiver = await startReceiver();
    return { config: { smtpUrl: receiver.url }, emailWorker: { pollMs: 50, backoffMs: 50, maxAttempts: 3 } };
  },
});
afterAll(() => receiver?.close());

const home = () => s.w.home.id;

/** The rollup equals the direct count, and the statistics of the month answer the direct figures. */
async function expectRollupRight(team = home()) {
  const { rollup, direct } = await rollupAndDirect(s.t.db, team);
  expect(direct.counts.length).toBeGreaterThan(0);
  expect(rollup).toEqual(direct);
  if (team !== home()) return;
  const counts = await directCounts(s.t.db, team);
  for (const basis of ['departure', 'booking']) {
    const res = await s.req(
      'GET',
      `/api/v1/orders/statistics?teamId=${team}&startDate=2034-03-01&endDate=2034-03-31&dateBasis=${basis}`,
      s.w.admin.token,
    );
    expect(res.statusCode).toBe(200);
    const march = [...counts].filter(([key]) => key.startsWith(`${basis} 2034-03-`)).map(([, f]) => f);
    const sum = (k: string) => march.reduce((a, f) => a + f[k], 0);
    expect(res.json()).toMatchObject({
      totalOrders: sum('orders'),
      passengers: { adult: sum('adult'), child: sum('child') },
      canceled: sum('status_canceled'),
      cancelRequested: sum('status_cancel_requested'),
      confirmationSent: sum('confirmation'),
      infoSent: sum('info'),
      checkedIn: sum('checked_in'),
      noShow: sum('no_show'),
    });
  }
}

const put = (url: string, payload: unknown) => s.req('PUT', url, s.w.admin.token, payload);
const versions = async (ids: string[]) =>
  new Map(
    (
      await s.t.db.query<{ id: string; version: number }>('SELECT id, version FROM orders WHERE id = ANY($1)', [ids])
    ).map((r) => [r.id, r.version]),
  );
const move = (ids: string[], statusV2: string) =>
  put('/api/v2/orders/status/batch', { orders: ids.map((id) => ({ id, statusV2 })) });

describe('the order rollup follows every kind of change', () => {
  let ids: string[] = [];

  it('new orders', async () => {
    ids = await createOrders(s, [
      { departureAt: '2034-03-01T16:59:00Z', bookedAt: '2034-02-28T17:00:00Z', ota: 'KLOOK', adult: 2, child: 1 },
      { departureAt: '2034-03-01T17:00:00Z', bookedAt: '2034-03-01T10:00:00Z', ota: 'KLOOK' },
      { departureAt: '2034-03-10T03:00:00Z', ota: 'KKDAY', total: { amount: 1_200_000, currency: 'VND' } },
      { departureAt: '2034-03-10T04:00:00Z', ota: 'VIATOR', total: { amount: 45.25, currency: 'USD' } },
      { departureAt: '2034-03-20T05:00:00Z', ota: 'MPG', total: null, status: 'pending' },
      { departureAt: '2034-03-31T16:30:00Z', ota: 'MPG', adult: 5, child: 2, status: 'arranged' },
    ]);
    await expectRollupRight();
  });

  it('status moves, one order and a batch', async () => {
    expect((await move([ids[0]], 'canceled')).statusCode).toBe(200);
    await expectRollupRight();
    expect((await move(ids.slice(1, 5), 'cancel_requested')).statusCode).toBe(200);
    await expectRollupRight();
    expect((await move(ids.slice(1, 3), 'completed')).statusCode).toBe(200);
    await expectRollupRight();
  });

  it('edits of departure, prices and e-mail checkpoints; a language edit changes nothing counted', async () => {
    const v = await versions(ids);
    const res = await put('/api/v1/orders/batch', {
      orders: [
        { id: ids[2], version: v.get(ids[2]), departureAt: '2034-03-15T23:00:00Z' },
        {
          id: ids[3],
          version: v.get(ids[3]),
          prices: [{ type: 'TOTAL', amount: 99.99, currency: 'EUR' }],
          emailCheckpoints: { info: true },
        },
        { id: ids[4], version: v.get(ids[4]), language: 'fr' },
        { id: ids[5], version: v.get(ids[5]), departureAt: '2034-04-02T03:00:00Z', prices: [] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectRollupRight();
  });

  it('booking dates and quantities (no operation edits them: written directly)', async () => {
    await s.t.db.query(
      `UPDATE orders SET booked_at = booked_at - interval '40 days', quantity_adult = quantity_adult + 1
        WHERE id = ANY($1)`,
      [ids.slice(0, 3)],
    );
    await expectRollupRight();
  });

  it('check-ins, no-shows and their undoing; a canceled order leaves them', async () => {
    const checkIn = async (id: string, state: string) =>
      expect((await put(`/api/v1/orders/${id}/check-in`, { state, key: randomUUID() })).statusCode).toBe(200);
    await checkIn(ids[3], 'CHECKED_IN');
    await checkIn(ids[4], 'NO_SHOW');
    await checkIn(ids[5], 'CHECKED_IN');
    await expectRollupRight();
    await checkIn(ids[5], 'EXPECTED');
    expect((await move([ids[4]], 'canceled')).statusCode).toBe(200);
    await expectRollupRight();
    // back as it was (cancel requested), for the steps after this one
    expect((await move([ids[4]], 'cancel_requested')).statusCode).toBe(200);
    await expectRollupRight();
  });

  it('e-mail checkpoints set by sending', async () => {
    const res = await sendEmail(s.t.app, 'CONFIRMATION', { orderIds: [ids[1], ids[3]] }, s.w.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queued).toHaveLength(2);
    await settled(s.t.db, [ids[1], ids[3]]);
    const sent = await s.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND email_checkpoints->>'confirmation' = 'true'`,
      [[ids[1], ids[3]]],
    );
    expect(sent[0].n).toBe(2);
    await expectRollupRight();
  });

  it('linking to a tour and unlinking, canceled while linked, deleting the tour', async () => {
    const created = await s.req('POST', '/api/v1/tours', s.w.admin.token, {
      tour: { teamId: home(), orderIds: [ids[0], ids[1]] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const tourId = created.json().tourId as string;
    await expectRollupRight();
    expect(
      (await s.req('POST', `/api/v1/tours/${tourId}/orders`, s.w.admin.token, { orderIds: [ids[2], ids[4]] }))
        .statusCode,
    ).toBe(200);
    await expectRollupRight();
    expect((await move([ids[2]], 'canceled')).statusCode).toBe(200);
    const linkedCanceled = await s.t.db.query<{ n: number }>(
      'SELECT sum(linked_canceled + linked_cancel_requested)::int AS n FROM order_day_counts WHERE team_id = $1 AND basis = $2',
      [home(), 'departure'],
    );
    expect(linkedCanceled[0].n).toBe(3); // ids[0] canceled, ids[2] canceled, ids[4] cancel requested
    await expectRollupRight();
    expect((await s.req('DELETE', `/api/v1/tours/${tourId}/orders/${ids[0]}`, s.w.admin.token)).statusCode).toBe(200);
    await expectRollupRight();
    expect((await s.req('DELETE', `/api/v1/tours/${tourId}`, s.w.admin.token)).statusCode).toBe(204);
    await expectRollupRight();
    // restored, the tour links back its orders (canceled ones count as linked again)
    expect((await s.req('POST', `/api/v1/tours/${tourId}/restore`, s.w.admin.token)).statusCode).toBe(200);
    await expectRollupRight();
  });

  it('deleting an order, and restoring it', async () => {
    expect((await s.req('DELETE', `/api/v1/orders/${ids[3]}`, s.w.admin.token)).statusCode).toBe(204);
    await expectRollupRight();
    expect((await s.req('POST', `/api/v1/orders/${ids[3]}/restore`, s.w.admin.token)).statusCode).toBe(200);
    await expectRollupRight();
    expect((await s.req('DELETE', `/api/v1/orders/${ids[3]}`, s.w.admin.token)).statusCode).toBe(204);
    await expectRollupRight();
  });

  it('a change of the team’s timezone moves the orders to its days, in the same transaction', async () => {
    // 2034-03-01T17:00Z is 00:00 on the 2nd in Ho Chi Minh City, 12:00 on the 1st in New York
    const day = async () =>
      (
        await s.req(
          'GET',
          `/api/v1/orders/count/daily?teamId=${home()}&startDate=2034-03-01&endDate=2034-03-02&statusV2=completed`,
          s.w.admin.token,
        )
      )
        .json()
        .counts.map((c: { total: number }) => c.total);
    expect(await day()).toEqual([0, 1]);
    await s.t.db.tx(async (tx) => {
      await tx.query("UPDATE teams SET timezone = 'America/New_York' WHERE id = $1", [home()]);
      const { rollup, direct } = await rollupAndDirect(tx, home());
      expect(rollup).toEqual(direct);
    });
    expect(await day()).toEqual([1, 0]);
    await expectRollupRight();
    await s.t.db.query("UPDATE teams SET timezone = 'Asia/Ho_Chi_Minh' WHERE id = $1", [home()]);
    expect(await day()).toEqual([0, 1]);
    await expectRollupRight();
  });

  it('figures kept in several slots (one per connection) are read as their sums', async () => {
    const stats = async () =>
      (
        await s.req(
          'GET',
          `/api/v1/orders/statistics?teamId=${home()}&startDate=2034-03-01&endDate=2034-03-31`,
          s.w.admin.token,
        )
      ).json();
    const before = await stats();
    expect(before.totalOrders).toBeGreaterThan(0);
    expect(before.passengers.adult).toBeGreaterThan(0);
    await s.t.db.tx(async (tx) => {
      // (slots 0 to 63 are the connections'; these tests write slots no connection uses)
      // the passengers and cancellations of every key moved to a slot of their own that counts no
      // order (as a move through another connection writes it: its orders figure is 0) ...
      await tx.query(
        `INSERT INTO order_day_counts (team_id, basis, day, ota, slot, orders, status_new, status_pending,
           status_grouped, status_arranged, status_completed, status_canceled, status_cancel_requested,
           linked_canceled, linked_cancel_requested, adult, child, confirmation, info, checked_in, no_show)
         SELECT team_id, basis, day, ota, 100, 0, 0, 0, 0, 0, 0, sum(status_canceled), 0, 0, 0, sum(adult), 0, 0, 0, 0, 0
           FROM order_day_counts WHERE team_id = $1 GROUP BY team_id, basis, day, ota`,
        [home()],
      );
      await tx.query('UPDATE order_day_counts SET status_canceled = 0, adult = 0 WHERE team_id = $1 AND slot <> 100', [
        home(),
      ]);
      // ... and one slot above the truth with another below it by as much
      await tx.query(
        `INSERT INTO order_day_counts (team_id, basis, day, ota, slot, orders, status_new, status_pending,
           status_grouped, status_arranged, status_completed, status_canceled, status_cancel_requested,
           linked_canceled, linked_cancel_requested, adult, child, confirmation, info, checked_in, no_show)
         SELECT k.team_id, k.basis, k.day, k.ota, v.slot, v.sign * 4, v.sign, v.sign, 0, 0, 0, v.sign, v.sign,
                0, 0, v.sign * 7, v.sign * 2, v.sign, v.sign, v.sign, v.sign
           FROM (SELECT DISTINCT team_id, basis, day, ota FROM order_day_counts WHERE team_id = $1) k
          CROSS JOIN (VALUES (101, 1), (102, -1)) AS v(slot, sign)`,
        [home()],
      );
      await tx.query(
        `INSERT INTO order_day_revenue (team_id, basis, day, ota, currency, slot, amount)
         SELECT k.team_id, k.basis, k.day, k.ota, k.currency, v.slot, v.sign * 125.5
           FROM (SELECT DISTINCT team_id, basis, day, ota, currency FROM order_day_revenue WHERE team_id = $1) k
          CROSS JOIN (VALUES (101, 1), (102, -1)) AS v(slot, sign)`,
        [home()],
      );
    });
    expect(await stats()).toEqual(before);
    await expectRollupRight();
  });

  it('a bulk load by the seed leaves the rollup right (rebuilt once, the trigger paused meanwhile)', async () => {
    const result = await seed(s.t.db, { orders: 2500, team: 'KH', now: new Date('2034-03-15T00:00:00Z') });
    expect(result.orders).toBe(2500);
    await expectRollupRight(teamId('KH'));
    // and new orders after it are counted again
    const [trigger] = await s.t.db.query<{ tgenabled: string }>(
      "SELECT tgenabled FROM pg_trigger WHERE tgname = 'orders_rollup_insert'",
    );
    expect(trigger.tgenabled).toBe('O');
    await createOrders(s, [{ departureAt: '2034-03-05T03:00:00Z', ota: 'MPG' }]);
    await expectRollupRight();
  });
});
