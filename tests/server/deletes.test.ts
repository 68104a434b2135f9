import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/email/transport';
import { ORDER_DELETED, startEmailWorker } from '../../server/email/worker';
import { messageRows, sendEmail, settled } from './email-helpers';
import { addOrders, addTour, useServerSuite, type Person } from './fixtures';
import { startReceiver } from './smtp-receiver';

// Recoverable deletes (issue 21): a deleted order or tour leaves every list, count, search and
// statistic, shows who deleted it under the team's recently deleted records, and an EDITOR brings it
// back within 30 days, with DELETE and RESTORE in its Activity.
const s = useServerSuite();

interface EventLog {
  type: string;
  comment: string | null;
  operatedBy: { id: string; name: string } | null;
}

const get = (url: string, p: Person = s.w.editor) => s.req('GET', url, p.token);
const del = (kind: 'orders' | 'tours', id: string, p: Person = s.w.editor) =>
  s.req('DELETE', `/api/v1/${kind}/${id}`, p.token);
const restore = (kind: 'orders' | 'tours', id: string, p: Person = s.w.editor) =>
  s.req('POST', `/api/v1/${kind}/${id}/restore`, p.token);
const deletedList = async (p: Person = s.w.editor) => {
  const res = await get(`/api/v1/deleted?teamId=${s.w.home.id}`, p);
  expect(res.statusCode).toBe(200);
  return res.json().records as { kind: string; id: string; [k: string]: unknown }[];
};

/** One order of the home team departing in April 2037, with a customer nobody else has. */
async function anOrder(customer: string, start = '2037-04-10T03:00:00Z'): Promise<string> {
  const [id] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start: new Date(start) });
  await s.t.db.query('UPDATE orders SET customer_name = $2 WHERE id = $1', [id, customer]);
  return id;
}

/** Where a user would look for an order of April 2037: the list, its total, the search, the statistics. */
async function visibility(id: string, customer: string) {
  const team = s.w.home.id;
  const range = 'startDate=2037-04-01&endDate=2037-04-30';
  const list = (await get(`/api/v1/orders?teamId=${team}&${range}&limit=200`)).json();
  const search = (await get(`/api/v1/orders?teamId=${team}&q=${encodeURIComponent(customer)}`)).json();
  const total = (await get(`/api/v1/orders/count/total?teamId=${team}&${range}`)).json();
  const stats = (await get(`/api/v1/orders/statistics?teamId=${team}&${range}`)).json();
  return {
    listed: list.orders.some((o: { id: string }) => o.id === id),
    found: search.orders.map((o: { id: string }) => o.id),
    total: total.total as number,
    statistics: stats.totalOrders as number,
  };
}

const timelineOf = async (kind: 'orders' | 'tours', id: string) =>
  (await get(`/api/v1/${kind}/${id}`)).json().eventLogs as EventLog[];

describe('deleting and restoring an order', () => {
  it('takes it out of the list, count, search and statistics, and restore brings it back in all of them', async () => {
    const customer = `Zelda Deletable ${randomUUID().slice(0, 6)}`;
    const id = await anOrder(customer);
    const before = await visibility(id, customer);
    expect(before).toMatchObject({ listed: true, found: [id] });
    const version = (await get(`/api/v1/orders/${id}`)).json().version as number;

    const res = await del('orders', id);
    expect(res.statusCode).toBe(204);
    expect(await visibility(id, customer)).toEqual({
      listed: false,
      found: [],
      total: before.total - 1,
      statistics: before.statistics - 1,
    });
    expect((await get(`/api/v1/orders/${id}`)).statusCode).toBe(404);
    // deleting it again: it is not there
    expect((await del('orders', id)).statusCode).toBe(404);

    const [record] = (await deletedList()).filter((r) => r.id === id);
    expect(record).toMatchObject({
      kind: 'order',
      name: customer,
      departureAt: '2037-04-10T03:00:00.000Z',
      deletedBy: { id: s.w.editor.id, name: s.w.editor.name },
    });
    const deletedAt = Date.parse(record.deletedAt as string);
    expect(Math.abs(deletedAt - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(record.restorableUntil as string) - deletedAt).toBe(30 * 24 * 3600 * 1000);

    const back = await restore('orders', id, s.w.admin);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id, customer: { name: customer }, version: version + 1, tour: null });
    expect(await visibility(id, customer)).toEqual(before);
    expect((await deletedList()).some((r) => r.id === id)).toBe(false);
    const events = (await timelineOf('orders', id)).slice(-2);
    expect(events.map((e) => [e.type, e.operatedBy?.id])).toEqual([
      ['DELETE', s.w.editor.id],
      ['RESTORE', s.w.admin.id],
    ]);
    expect(events[0].comment).toMatch(/deleted/);
    // restored: nothing left to restore
    expect((await restore('orders', id)).statusCode).toBe(404);
  });

  it('lists the team’s deleted records newest first', async () => {
    const [a, b] = [await anOrder('First Gone'), await anOrder('Second Gone')];
    expect((await del('orders', a)).statusCode).toBe(204);
    expect((await del('orders', b)).statusCode).toBe(204);
    const ids = (await deletedList()).map((r) => r.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(ids.indexOf(a)).toBeGreaterThanOrEqual(0);
  });

  it('cannot be restored 31 days later', async () => {
    const id = await anOrder('Long Gone');
    expect((await del('orders', id)).statusCode).toBe(204);
    await s.t.db.query(`UPDATE deleted_records SET deleted_at = now() - interval '31 days' WHERE id = $1`, [id]);
    expect((await deletedList()).some((r) => r.id === id)).toBe(false);
    const res = await restore('orders', id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: 'NOT_FOUND',
      message: expect.stringMatching(/can no longer be restored/),
    });
    expect((await s.t.db.query('SELECT 1 FROM orders WHERE id = $1', [id])).length).toBe(0);
  });

  it('refuses a MEMBER (403) and changes nothing', async () => {
    const id = await anOrder('Kept Around');
    const refused = await del('orders', id, s.w.member);
    expect(refused.statusCode).toBe(403);
    // not deleted, it is still not the member's to restore; for an editor there is nothing to restore
    expect((await restore('orders', id, s.w.member)).statusCode).toBe(403);
    expect((await restore('orders', id)).statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: 'FORBIDDEN', message: expect.any(String) });
    expect((await get(`/api/v1/orders/${id}`, s.w.member)).statusCode).toBe(200);
    expect((await del('orders', id)).statusCode).toBe(204);
    expect((await restore('orders', id, s.w.member)).statusCode).toBe(403);
    expect((await get(`/api/v1/deleted?teamId=${s.w.home.id}`, s.w.member)).statusCode).toBe(403);
    expect((await get(`/api/v1/orders/${id}`, s.w.member)).statusCode).toBe(404);
  });

  it('answers 404 for another team’s order, deleted or not', async () => {
    const [foreign] = await addOrders(s.t.db, s.w.other.id, {
      count: 1,
      productId: s.w.otherProduct,
      start: new Date('2037-04-02T00:00:00Z'),
    });
    expect((await del('orders', foreign)).statusCode).toBe(404);
    expect((await s.t.db.query('SELECT 1 FROM orders WHERE id = $1', [foreign])).length).toBe(1);
    expect((await del('orders', foreign, s.w.outsider)).statusCode).toBe(204);
    expect((await restore('orders', foreign, s.w.admin)).statusCode).toBe(404);
    const mine = await anOrder('Not Theirs');
    expect((await del('orders', mine)).statusCode).toBe(204);
    expect((await restore('orders', mine, s.w.outsider)).statusCode).toBe(404);
    expect((await get(`/api/v1/deleted?teamId=${s.w.home.id}`, s.w.outsider)).statusCode).toBe(403);
    expect((await restore('orders', 'no-such-order')).statusCode).toBe(404);
  });

  it('is refused (400) while a newer order has its display id or OTA order id, and stays restorable', async () => {
    const id = await anOrder('Id Taken');
    const [{ display_id }] = await s.t.db.query<{ display_id: string }>('SELECT display_id FROM orders WHERE id = $1', [
      id,
    ]);
    expect((await del('orders', id)).statusCode).toBe(204);
    const [newer] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2037-04-03T00:00:00Z'),
    });
    await s.t.db.query('UPDATE orders SET display_id = $2 WHERE id = $1', [newer, display_id]);
    const res = await restore('orders', id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(display_id);
    expect((await deletedList()).some((r) => r.id === id)).toBe(true);
    // the same booking imported again from its OTA under another id
    const [{ ota_order_id }] = await s.t.db.query<{ ota_order_id: string }>(
      'SELECT row_data->>$2 AS ota_order_id FROM deleted_records WHERE id = $1',
      [id, 'ota_order_id'],
    );
    await s.t.db.query('UPDATE orders SET display_id = $2, ota_order_id = $3 WHERE id = $1', [
      newer,
      `X-${randomUUID().slice(0, 6)}`,
      ota_order_id.toLowerCase(),
    ]);
    const again = await restore('orders', id);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(ota_order_id.toLowerCase());
    await s.t.db.query('UPDATE orders SET ota_order_id = $2 WHERE id = $1', [newer, 'something-else']);
    expect((await restore('orders', id)).statusCode).toBe(200);
  });
});

describe('deleting and restoring a tour', () => {
  const createTour = async (orderIds: string[]) => {
    const res = await s.req('POST', '/api/v1/tours', s.w.member.token, {
      tour: {
        teamId: s.w.home.id,
        orderIds,
        departureAt: '2037-05-01T00:00:00Z',
        displayName: `Tour ${randomUUID().slice(0, 6)}`,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().tourId as string;
  };
  const tourOf = async (orderId: string) => (await get(`/api/v1/orders/${orderId}`)).json().tour?.id ?? null;

  it('unlinks its orders, and restore links back those still on no tour', async () => {
    const orders = await addOrders(s.t.db, s.w.home.id, {
      count: 3,
      productId: s.w.product,
      start: new Date('2037-05-01T00:00:00Z'),
    });
    const tour = await createTour(orders);
    const detail = (await get(`/api/v1/tours/${tour}`)).json();
    const tours = async () =>
      (await get(`/api/v1/tours?teamId=${s.w.home.id}&startDate=2037-05-01&endDate=2037-05-31`)).json().tours as {
        id: string;
      }[];
    expect((await tours()).map((t) => t.id)).toContain(tour);

    expect((await del('tours', tour, s.w.member)).statusCode).toBe(403);
    expect((await del('tours', tour)).statusCode).toBe(204);
    expect((await tours()).map((t) => t.id)).not.toContain(tour);
    expect((await get(`/api/v1/tours/${tour}`)).statusCode).toBe(404);
    for (const id of orders) {
      expect(await tourOf(id)).toBeNull();
      expect((await timelineOf('orders', id)).at(-1)).toMatchObject({ type: 'UNLINK', comment: 'Tour deleted' });
    }
    const [record] = (await deletedList()).filter((r) => r.id === tour);
    expect(record).toMatchObject({ kind: 'tour', displayId: detail.displayId, name: detail.displayName });

    // meanwhile one order joins another tour and one is deleted
    const other = await createTour([orders[1]]);
    expect((await del('orders', orders[2])).statusCode).toBe(204);

    const back = await restore('tours', tour);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ id: tour, orderCount: 1, version: detail.version + 1 });
    expect(await tourOf(orders[0])).toBe(tour);
    expect(await tourOf(orders[1])).toBe(other);
    expect((await timelineOf('orders', orders[0])).at(-1)).toMatchObject({
      type: 'LINK',
      operatedBy: { id: s.w.editor.id },
    });
    const tourEvents = (await timelineOf('tours', tour)).filter((e) => e.type === 'DELETE' || e.type === 'RESTORE');
    expect(tourEvents.map((e) => [e.type, e.operatedBy?.name])).toEqual([
      ['DELETE', s.w.editor.name],
      ['RESTORE', s.w.editor.name],
    ]);
    // the order deleted meanwhile comes back on its own, unlinked as it was
    expect((await restore('orders', orders[2])).json().tour).toBeNull();
  });

  it('brings back an order unlinked when its tour was deleted after it', async () => {
    const tour = await addTour(s.t.db, s.w.home.id, new Date('2037-05-02T00:00:00Z'));
    const [id] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2037-05-02T00:00:00Z'),
      tourId: tour,
    });
    expect((await del('orders', id)).statusCode).toBe(204);
    // the order's deletion shows on its tour's Activity too
    expect((await timelineOf('tours', tour)).at(-1)).toMatchObject({ type: 'DELETE' });
    expect((await del('tours', tour)).statusCode).toBe(204);
    const back = await restore('orders', id);
    expect(back.statusCode).toBe(200);
    expect(back.json().tour).toBeNull();
    expect((await timelineOf('orders', id)).at(-1)).toMatchObject({
      type: 'RESTORE',
      comment: expect.stringMatching(/unlinked/),
    });
    // and the tour restored later does not take it: its deletion did not unlink it
    expect((await restore('tours', tour)).json().orderCount).toBe(0);
  });

  it('comes back under an id no newer tour was given', async () => {
    const first = await createTour([]);
    const { displayId } = (await get(`/api/v1/tours/${first}`)).json();
    expect((await del('tours', first)).statusCode).toBe(204);
    const second = await createTour([]);
    expect((await get(`/api/v1/tours/${second}`)).json().displayId).not.toBe(displayId);
    expect((await restore('tours', first)).json().displayId).toBe(displayId);
  });

  it('answers 404 for another team’s tour', async () => {
    const foreign = await addTour(s.t.db, s.w.other.id, new Date('2037-05-03T00:00:00Z'));
    expect((await del('tours', foreign)).statusCode).toBe(404);
    expect((await del('tours', foreign, s.w.outsider)).statusCode).toBe(204);
    expect((await restore('tours', foreign)).statusCode).toBe(404);
    expect((await restore('tours', foreign, s.w.outsider)).statusCode).toBe(200);
  });
});

describe('e-mails of a deleted order', () => {
  it('are not sent: the worker fails them with the reason, and sends the others', async () => {
    const receiver = await startReceiver();
    const ids = await addOrders(s.t.db, s.w.home.id, {
      count: 2,
      productId: s.w.product,
      start: new Date('2037-06-01T00:00:00Z'),
    });
    const queued = await sendEmail(s.t.app, 'CONFIRMATION', { orderIds: ids }, s.w.member.token);
    expect(queued.json().queued).toHaveLength(2);
    expect((await del('orders', ids[0])).statusCode).toBe(204);
    const worker = startEmailWorker(s.t.db, smtpTransport(receiver.url), { pollMs: 20, log: { error: () => {} } });
    try {
      const rows = await settled(s.t.db, ids);
      expect(rows.map((r) => [r.order_id, r.state])).toEqual([
        [ids[0], 'failed'],
        [ids[1], 'sent'],
      ]);
      expect(rows[0].last_error).toBe(ORDER_DELETED);
      expect(receiver.received.map((r) => r.to)).toEqual([['customer2@example.test']]);
    } finally {
      await worker.stop();
      await receiver.close();
    }
    // restored, the order shows the message that was not sent, and no checkpoint
    const back = (await restore('orders', ids[0])).json();
    expect(back.emailCheckpoints.confirmation).toBe(false);
    const [message] = await messageRows(s.t.db, [ids[0]]);
    expect(message).toMatchObject({ state: 'failed', last_error: ORDER_DELETED });
  });
});
