import { beforeAll, describe, expect, it } from 'vitest';
import { ordersByIds } from '../../server/repo/orders';
import { addOrders, addTour, useServerSuite } from './fixtures';

const s = useServerSuite();

const get = (url: string, token?: string) => s.req('GET', url, token);

interface OrderJson {
  id: string;
  statusV2: string;
  version: number;
  departureAt: string;
  [k: string]: unknown;
}

describe('listOrders', () => {
  let ids: string[];
  beforeAll(async () => {
    // 60 orders an hour apart, 60 more all at one instant (ties broken by id).
    ids = await addOrders(s.t.db, s.w.home.id, {
      count: 60,
      productId: s.w.product,
      start: new Date('2031-01-10T00:00:00Z'),
    });
    ids.push(
      ...(await addOrders(s.t.db, s.w.home.id, {
        count: 60,
        productId: s.w.product,
        start: new Date('2031-01-20T00:00:00Z'),
        stepMinutes: 0,
      })),
    );
  });

  it('returns a page of the team orders with hasMore and nextCursor', async () => {
    const res = await get(
      `/api/v1/orders?teamId=${s.w.home.id}&startDate=2031-01-01&endDate=2031-01-31`,
      s.w.member.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders).toHaveLength(50);
    expect(body.hasMore).toBe(true);
    expect(typeof body.nextCursor).toBe('string');
    const o = body.orders[0];
    expect(o).toMatchObject({ ota: 'KLOOK', statusV2: 'new', version: 1, tour: null });
    expect(o.product).toEqual({ id: s.w.product, route: `Route ${s.w.product}`, pack: s.w.product });
    expect(o.emailCheckpoints).toEqual({ confirmation: false, info: false, review: false, marketing: false });
    expect(o.reviewCheckpoints).toEqual({ OTA: false, TripAdvisor: false, Google: false, MyProGuide: false });
  });

  for (const orderBy of ['DEPARTURE_AT_ASC', 'DEPARTURE_AT_DESC', 'BOOKED_AT_ASC', 'BOOKED_AT_DESC']) {
    it(`pages with the cursor without duplicates or skips (${orderBy})`, async () => {
      const base = `/api/v1/orders?teamId=${s.w.home.id}&startDate=2031-01-01&endDate=2031-01-31&orderBy=${orderBy}`;
      const all = (await get(`${base}&limit=200`, s.w.member.token)).json().orders.map((o: OrderJson) => o.id);
      expect(all).toHaveLength(120);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await get(`${base}&limit=17${cursor ? `&cursor=${cursor}` : ''}`, s.w.member.token);
        expect(res.statusCode).toBe(200);
        seen.push(...res.json().orders.map((o: OrderJson) => o.id));
        cursor = res.json().nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
      expect(new Set(seen).size).toBe(120);
    });
  }

  it('falls back to OFFSET paging with page and no cursor', async () => {
    const base = `/api/v1/orders?teamId=${s.w.home.id}&startDate=2031-01-01&endDate=2031-01-31`;
    const p1 = (await get(`${base}&page=1`, s.w.member.token)).json();
    const p3 = (await get(`${base}&page=3`, s.w.member.token)).json();
    expect(p1.orders[0].id).toBe(ids[0]);
    expect(p3.orders).toHaveLength(20);
    expect(p3.hasMore).toBe(false);
    expect(p3.nextCursor).toBeNull();
  });

  it('reads dates in the team timezone, both ends inclusive', async () => {
    // 2031-02-01T17:30Z is 2031-02-02 00:30 in Ho Chi Minh City.
    const [late] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2031-02-01T17:30:00Z'),
    });
    const on = await get(
      `/api/v1/orders?teamId=${s.w.home.id}&startDate=2031-02-02&endDate=2031-02-02`,
      s.w.member.token,
    );
    expect(on.json().orders.map((o: OrderJson) => o.id)).toEqual([late]);
    const before = await get(
      `/api/v1/orders?teamId=${s.w.home.id}&startDate=2031-02-01&endDate=2031-02-01`,
      s.w.member.token,
    );
    expect(before.json().orders).toEqual([]);
    // the timezone the list remembered is checked by its query: a changed one is read again
    const [{ timezone }] = await s.t.db.query<{ timezone: string }>('SELECT timezone FROM teams WHERE id = $1', [
      s.w.home.id,
    ]);
    await s.t.db.query(`UPDATE teams SET timezone = 'UTC' WHERE id = $1`, [s.w.home.id]);
    try {
      const utc = await get(
        `/api/v1/orders?teamId=${s.w.home.id}&startDate=2031-02-01&endDate=2031-02-01`,
        s.w.member.token,
      );
      expect(utc.json().orders.map((o: OrderJson) => o.id)).toEqual([late]);
    } finally {
      await s.t.db.query('UPDATE teams SET timezone = $2 WHERE id = $1', [s.w.home.id, timezone]);
    }
  });

  it('finds an order by otaOrderId regardless of case, and by displayId', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2031-03-01T00:00:00Z'),
    });
    const [row] = await s.t.db.query<{ ota_order_id: string; display_id: string }>(
      'SELECT ota_order_id, display_id FROM orders WHERE id = $1',
      [id],
    );
    const byOta = await get(
      `/api/v1/orders?teamId=${s.w.home.id}&otaOrderId=${row.ota_order_id.toUpperCase()}`,
      s.w.member.token,
    );
    expect(byOta.json().orders.map((o: OrderJson) => o.id)).toEqual([id]);
    const byDisplay = await get(`/api/v1/orders?teamId=${s.w.home.id}&displayId=${row.display_id}`, s.w.member.token);
    expect(byDisplay.json().orders.map((o: OrderJson) => o.id)).toEqual([id]);
  });

  it('lists the issues view: departing within 48 h unconfirmed, or canceled while in a tour', async () => {
    const team = s.w.japan.id;
    const soon = new Date(Date.now() + 6 * 3600_000);
    const [unconfirmed] = await addOrders(s.t.db, team, { count: 1, productId: s.w.product, start: soon });
    await addOrders(s.t.db, team, { count: 1, productId: s.w.product, start: soon, confirmation: true });
    await addOrders(s.t.db, team, { count: 1, productId: s.w.product, start: new Date(Date.now() + 96 * 3600_000) });
    const tour = await addTour(s.t.db, team, soon);
    const [canceledInTour] = await addOrders(s.t.db, team, {
      count: 1,
      productId: s.w.product,
      start: new Date(Date.now() + 500 * 3600_000),
      status: 'canceled',
      tourId: tour,
    });
    const res = await get(`/api/v1/orders?teamId=${team}&view=issues`, s.w.admin.token);
    expect(
      res
        .json()
        .orders.map((o: OrderJson) => o.id)
        .sort(),
    ).toEqual([unconfirmed, canceledInTour].sort());
    const total = await get(`/api/v1/orders/count/total?teamId=${team}&view=issues`, s.w.admin.token);
    expect(total.json()).toEqual({ total: 2 });
  });

  it('filters by view and status', async () => {
    await addOrders(s.t.db, s.w.home.id, {
      count: 3,
      productId: s.w.product,
      start: new Date('2031-04-01T00:00:00Z'),
      status: 'cancel_requested',
    });
    const res = await get(`/api/v1/orders?teamId=${s.w.home.id}&view=cancel-requested`, s.w.member.token);
    expect(res.json().orders).toHaveLength(3);
    const res2 = await get(`/api/v1/orders?teamId=${s.w.home.id}&statusV2=cancel_requested`, s.w.member.token);
    expect(res2.json().orders).toHaveLength(3);
  });

  it('gives every row as the detail mapping does (the list JSON is built from raw columns)', async () => {
    const team = s.w.home.id;
    const start = new Date('2031-06-01T08:15:30.123Z');
    const tour = await addTour(s.t.db, team, start);
    const linked = await addOrders(s.t.db, team, { count: 2, productId: s.w.product, start, tourId: tour });
    const [unknownProduct] = await addOrders(s.t.db, team, { count: 1, productId: 'no-such-product', start });
    const [edited] = await addOrders(s.t.db, team, { count: 1, productId: s.w.product, start, status: 'pending' });
    await s.t.db.query(
      `UPDATE orders SET email_checkpoints = '{"info":true,"extra":1}', prices = '[{"type":"TOTAL","amount":12.5,"currency":"EUR"}]',
              customer_name = 'Zoë "Q" O''Neil' WHERE id = $1`,
      [edited],
    );
    await s.t.db.query(`UPDATE products SET pack = 'Pack A' WHERE team_id = $1 AND id = $2`, [team, s.w.product]);
    try {
      const res = await get(`/api/v1/orders?teamId=${team}&startDate=2031-06-01&endDate=2031-06-01`, s.w.member.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const listed: OrderJson[] = res.json().orders;
      const all = [...linked, unknownProduct, edited];
      expect(listed.map((o) => o.id).sort()).toEqual([...all].sort());
      expect(listed).toEqual(
        await ordersByIds(
          s.t.db,
          listed.map((o) => o.id),
        ),
      );
      expect(listed.find((o) => o.id === linked[0])?.tour).toMatchObject({ id: tour });
      expect(listed.find((o) => o.id === unknownProduct)?.product).toEqual({
        id: 'no-such-product',
        route: '',
        pack: 'no-such-product',
      });
      expect(listed.find((o) => o.id === edited)?.departureAt).toBe('2031-06-01T08:15:30.123Z');
    } finally {
      await s.t.db.query(`UPDATE products SET pack = NULL WHERE team_id = $1 AND id = $2`, [team, s.w.product]);
    }
  });

  it('keeps each listed order equal to its detail through links, tour deletion, edits and late products', async () => {
    const team = s.w.home.id;
    const start = new Date('2031-07-01T09:00:00Z');
    const list = async () => {
      const res = await get(`/api/v1/orders?teamId=${team}&startDate=2031-07-01&endDate=2031-07-02`, s.w.member.token);
      const listed: OrderJson[] = res.json().orders;
      expect(listed).toEqual(
        await ordersByIds(
          s.t.db,
          listed.map((o) => o.id),
        ),
      );
      return new Map(listed.map((o) => [o.id, o]));
    };
    const product = `late-${Date.now()}`;
    const [a, b] = await addOrders(s.t.db, team, { count: 2, productId: product, start });
    const tour = await addTour(s.t.db, team, start);
    await s.t.db.query(`UPDATE orders SET tour_id = $2, version = version + 1 WHERE id = ANY($1)`, [[a, b], tour]);
    expect((await list()).get(a)?.tour).toMatchObject({ id: tour });

    await s.t.db.query(`DELETE FROM tours WHERE id = $1`, [tour]);
    await s.t.db.query(
      `UPDATE orders SET departure_at = '2031-07-02T10:30:00Z', quantity_adult = 7, review_checkpoints = '{"Google":true}',
              status = 'pending', version = version + 1 WHERE id = $1`,
      [b],
    );
    await s.t.db.query(`INSERT INTO products (id, team_id, name, route, pack) VALUES ($1, $2, 'Late', 'A → B', 'Small')`, [
      product,
      team,
    ]);
    const after = await list();
    expect(after.get(a)?.tour).toBeNull();
    expect(after.get(b)).toMatchObject({
      departureAt: '2031-07-02T10:30:00.000Z',
      statusV2: 'pending',
      quantity: { adult: 7 },
      product: { id: product, route: 'A → B', pack: 'Small' },
      reviewCheckpoints: { Google: true, OTA: false },
    });
  });

  it('answers an empty page to a member and 403 to others when nothing matches', async () => {
    const empty = `startDate=2040-01-01&endDate=2040-01-31`;
    const mine = await get(`/api/v1/orders?teamId=${s.w.home.id}&${empty}`, s.w.member.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ orders: [], hasMore: false, nextCursor: null });
    expect((await get(`/api/v1/orders?teamId=${s.w.other.id}&${empty}`, s.w.member.token)).statusCode).toBe(403);
    expect((await get(`/api/v1/orders?teamId=no-such-team&${empty}`, s.w.member.token)).statusCode).toBe(403);
  });

  it('answers 401 without a token, 403 for a team of others, 400 for bad input', async () => {
    expect((await get(`/api/v1/orders?teamId=${s.w.home.id}`)).statusCode).toBe(401);
    const forbidden = await get(`/api/v1/orders?teamId=${s.w.other.id}`, s.w.member.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe('FORBIDDEN');
    expect((await get(`/api/v1/orders?teamId=${s.w.home.id}&orderBy=NAME`, s.w.member.token)).statusCode).toBe(400);
    expect((await get(`/api/v1/orders?teamId=${s.w.home.id}&cursor=garbage`, s.w.member.token)).statusCode).toBe(400);
    expect((await get(`/api/v1/orders?teamId=${s.w.home.id}&startDate=2031-13-45`, s.w.member.token)).statusCode).toBe(
      400,
    );
  });
});
