import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { liveMessages } from '../../server/live/changes';
import { seed } from '../../server/seed/index';
import { addOrders, addTour, useServerSuite } from './fixtures';
import { createTestDb } from './helpers';

/**
 * The tour day on the server (issue 25): orders carry the customer's phone, pick-up and notes (from
 * the batch import, with amendments as diffs; the phone searchable); PUT /check-in records who came
 * (idempotent by key, also under two calls at once), with its Activity entry, version and live
 * change; tours count their check-ins; the statistics count check-ins and no-shows per channel;
 * manifests of a tour and of a departure, and their CSV through the signed export links.
 */
const s = useServerSuite();
const home = () => s.w.home.id;
const DAY = '2031-06-15';
const AT = `${DAY}T01:30:00Z`; // 08:30 in Ho Chi Minh City

interface Input {
  otaOrderId: string;
  name: string;
  adult: number;
  child?: number;
  phone?: string;
  pickup?: string;
  notes?: string;
  departureAt?: string;
  ota?: string;
}

/** Orders through the batch import, as an OTA sends them; the answer as it comes. */
async function importOrders(list: Input[], ota = 'KLOOK') {
  const res = await s.req('POST', '/api/v1/orders/batch', s.w.admin.token, {
    teamId: home(),
    ota,
    orders: list.map((o) => ({
      otaOrderId: o.otaOrderId,
      departureAt: o.departureAt ?? AT,
      language: 'en',
      product: { id: s.w.product },
      customer: {
        name: o.name,
        email: `${o.otaOrderId.toLowerCase()}@example.test`,
        ...(o.phone ? { phone: o.phone } : {}),
      },
      quantity: { adult: o.adult, child: o.child ?? 0 },
      ...(o.pickup ? { pickup: o.pickup } : {}),
      ...(o.notes ? { notes: o.notes } : {}),
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orders: Order[]; results: { outcome: string; orderId: string; changes?: unknown[] }[] };
}

type Order = {
  id: string;
  version: number;
  customer: { name: string; phone: string | null };
  pickup: string | null;
  notes: string | null;
  statusV2: string;
  checkIn: { state: string; arrived: number; at: string | null; by: { id: string; name: string } | null };
  eventLogs?: {
    type: string;
    comment: string | null;
    operatedBy: { id: string; name: string } | null;
    timestamp: string;
  }[];
};

const getOrder = async (id: string, token = s.w.member.token) => {
  const res = await s.req('GET', `/api/v1/orders/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
};

const checkIn = (id: string, body: Record<string, unknown>, token = s.w.member.token) =>
  s.req('PUT', `/api/v1/orders/${id}/check-in`, token, { key: randomUUID(), ...body });

const tag = () => randomUUID().slice(0, 6).toUpperCase();

describe('orders carry how to reach the customer', () => {
  it('takes phone, pick-up and notes from the batch import, and records their change as a diff', async () => {
    const ref = `KL${tag()}`;
    const created = await importOrders([
      {
        otaOrderId: ref,
        name: 'Mai Tran',
        adult: 2,
        phone: '+84 912 345 678',
        pickup: 'Rex Hotel, room 508',
        notes: 'Vegetarian',
      },
    ]);
    expect(created.results[0].outcome).toBe('created');
    const order = await getOrder(created.results[0].orderId);
    expect(order.customer.phone).toBe('+84 912 345 678');
    expect(order).toMatchObject({ pickup: 'Rex Hotel, room 508', notes: 'Vegetarian' });
    expect(order.checkIn).toEqual({ state: 'EXPECTED', arrived: 0, at: null, by: null });

    const again = await importOrders([
      {
        otaOrderId: ref,
        name: 'Mai Tran',
        adult: 2,
        phone: '+84 912 000 111',
        pickup: 'Hotel Majestic Saigon',
        notes: 'Vegetarian',
      },
    ]);
    expect(again.results[0].outcome).toBe('amended');
    expect(again.results[0].changes).toEqual([
      { field: 'customerPhone', from: '+84 912 345 678', to: '+84 912 000 111' },
      { field: 'pickup', from: 'Rex Hotel, room 508', to: 'Hotel Majestic Saigon' },
    ]);
    const after = await getOrder(order.id);
    expect(after).toMatchObject({ pickup: 'Hotel Majestic Saigon', notes: 'Vegetarian' });
    expect(after.eventLogs!.some((e) => e.type === 'EDIT' && /customerPhone, pickup/.test(e.comment ?? ''))).toBe(true);

    // the list's stored JSON carries them too (the same order as the detail)
    const list = await s.req('GET', `/api/v1/orders?teamId=${home()}&otaOrderId=${ref}`, s.w.member.token);
    expect(list.json().orders[0]).toMatchObject({
      customer: { phone: '+84 912 000 111' },
      pickup: 'Hotel Majestic Saigon',
      notes: 'Vegetarian',
      checkIn: { state: 'EXPECTED', arrived: 0, at: null, by: null },
    });
  });

  it('refuses a phone that is not one (400)', async () => {
    const res = await s.req('POST', '/api/v1/orders/batch', s.w.admin.token, {
      teamId: home(),
      ota: 'KLOOK',
      orders: [
        {
          otaOrderId: `KL${tag()}`,
          departureAt: AT,
          language: 'en',
          product: { id: s.w.product },
          customer: { name: 'X', email: 'x@example.test', phone: 'call me' },
          quantity: { adult: 1, child: 0 },
        },
      ],
    });
    expect(res.statusCode).toBe(400);
  });

  it('finds the phone in the search, typed with or without spaces or +', async () => {
    const ref = `KL${tag()}`;
    const digits = `9${Math.floor(Math.random() * 9e7 + 1e7)}`; // 9 digits of its own
    const phone = `+84 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    const { results } = await importOrders([{ otaOrderId: ref, name: 'Search Phone', adult: 1, phone }]);
    const find = async (q: string) =>
      (
        (await s.req('GET', `/api/v1/orders?teamId=${home()}&q=${encodeURIComponent(q)}`, s.w.member.token)).json()
          .orders as { id: string }[]
      ).map((o) => o.id);
    for (const q of [
      phone,
      `84${digits}`,
      `+84${digits}`,
      `${digits.slice(0, 3)} ${digits.slice(3, 6)}`,
      `(84) ${digits.slice(0, 3)}-${digits.slice(3)}`,
    ]) {
      expect(await find(q), q).toEqual([results[0].orderId]);
    }
    expect(await find(`+84 ${digits.slice(0, 3)} 000 000`)).toEqual([]);
    const count = await s.req(
      'GET',
      `/api/v1/orders/count/total?teamId=${home()}&q=${encodeURIComponent(phone)}`,
      s.w.member.token,
    );
    expect(count.json().total).toBe(1);
  });
});

describe('check-in', () => {
  it('checks a party in, partly, as a no-show, and undone: version + 1, Activity with who and when', async () => {
    const { results } = await importOrders([{ otaOrderId: `KL${tag()}`, name: 'Party Of Three', adult: 2, child: 1 }]);
    const id = results[0].orderId;
    const v0 = (await getOrder(id)).version;

    const partial = await checkIn(id, { state: 'CHECKED_IN', arrived: 2 });
    expect(partial.statusCode, partial.body).toBe(200);
    const p = partial.json() as Order;
    expect(p.version).toBe(v0 + 1);
    expect(p.checkIn).toMatchObject({
      state: 'CHECKED_IN',
      arrived: 2,
      by: { id: s.w.member.id, name: s.w.member.name },
    });
    expect(Date.parse(p.checkIn.at!)).toBeGreaterThan(Date.now() - 60_000);

    const all = (await checkIn(id, { state: 'CHECKED_IN' })).json() as Order;
    expect(all.checkIn).toMatchObject({ state: 'CHECKED_IN', arrived: 3 });
    expect(all.version).toBe(v0 + 2);
    const noShow = (await checkIn(id, { state: 'NO_SHOW' }, s.w.editor.token)).json() as Order;
    expect(noShow.checkIn).toMatchObject({ state: 'NO_SHOW', arrived: 0, by: { id: s.w.editor.id } });
    const undone = (await checkIn(id, { state: 'EXPECTED' })).json() as Order;
    expect(undone.checkIn).toMatchObject({ state: 'EXPECTED', arrived: 0, by: { id: s.w.member.id } });
    expect(undone.version).toBe(v0 + 4);

    // the same state again records nothing new
    expect(((await checkIn(id, { state: 'EXPECTED' })).json() as Order).version).toBe(v0 + 4);

    const log = (await getOrder(id)).eventLogs!.filter((e) => e.type === 'CHECK_IN');
    expect(log.map((e) => e.comment)).toEqual(['Checked in 2 of 3', 'Checked in 3 of 3', 'No-show', 'Check-in undone']);
    expect(log.map((e) => e.operatedBy?.name)).toEqual([
      s.w.member.name,
      s.w.member.name,
      s.w.editor.name,
      s.w.member.name,
    ]);
    expect(log.every((e) => Date.parse(e.timestamp) > Date.now() - 60_000)).toBe(true);
  });

  it('is idempotent by key: the same call again answers the first result and applies nothing twice, also at once', async () => {
    const { results } = await importOrders([{ otaOrderId: `KL${tag()}`, name: 'Replay', adult: 3 }]);
    const id = results[0].orderId;
    const key = randomUUID();
    const first = await checkIn(id, { state: 'CHECKED_IN', arrived: 2, key });
    expect(first.statusCode).toBe(200);
    // meanwhile someone records the whole party; the queued call sent again still answers its own result
    expect((await checkIn(id, { state: 'CHECKED_IN' })).statusCode).toBe(200);
    const replay = await checkIn(id, { state: 'CHECKED_IN', arrived: 2, key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await getOrder(id)).checkIn.arrived).toBe(3);

    const other = (await importOrders([{ otaOrderId: `KL${tag()}`, name: 'Twice At Once', adult: 2 }])).results[0]
      .orderId;
    const v0 = (await getOrder(other)).version;
    const once = randomUUID();
    const both = await Promise.all([
      checkIn(other, { state: 'NO_SHOW', key: once }),
      checkIn(other, { state: 'NO_SHOW', key: once }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0].json()).toEqual(both[1].json());
    const after = await getOrder(other);
    expect(after.version).toBe(v0 + 1);
    expect(after.eventLogs!.filter((e) => e.type === 'CHECK_IN')).toHaveLength(1);
  });

  it('refuses a key used for another check-in (409 IDEMPOTENCY_KEY_REUSED)', async () => {
    const { results } = await importOrders([
      { otaOrderId: `KL${tag()}`, name: 'Key One', adult: 2 },
      { otaOrderId: `KL${tag()}`, name: 'Key Two', adult: 2 },
    ]);
    const key = randomUUID();
    expect((await checkIn(results[0].orderId, { state: 'CHECKED_IN', key })).statusCode).toBe(200);
    for (const [id, body] of [
      [results[0].orderId, { state: 'NO_SHOW', key }],
      [results[1].orderId, { state: 'CHECKED_IN', key }],
    ] as const) {
      const res = await checkIn(id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect((await getOrder(results[1].orderId)).checkIn.state).toBe('EXPECTED');
  });

  it('refuses a canceled order (409 ORDER_CANCELED) and changes nothing', async () => {
    const { results } = await importOrders([{ otaOrderId: `KL${tag()}`, name: 'Canceled Party', adult: 2 }]);
    const id = results[0].orderId;
    const moved = await s.req('PUT', '/api/v2/orders/status/batch', s.w.member.token, {
      orders: [{ id, statusV2: 'canceled' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await getOrder(id);
    const res = await checkIn(id, { state: 'CHECKED_IN' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('ORDER_CANCELED');
    const after = await getOrder(id);
    expect(after.version).toBe(before.version);
    expect(after.checkIn.state).toBe('EXPECTED');
    expect(after.eventLogs!.some((e) => e.type === 'CHECK_IN')).toBe(false);
  });

  it('answers 400 for a bad body and 404 for an order of another team', async () => {
    const { results } = await importOrders([{ otaOrderId: `KL${tag()}`, name: 'Bad Bodies', adult: 2 }]);
    const id = results[0].orderId;
    for (const body of [
      { state: 'NO_SHOW', arrived: 1 },
      { state: 'EXPECTED', arrived: 2 },
      { state: 'CHECKED_IN', arrived: 3 },
      { state: 'CHECKED_IN', arrived: 0 },
      { state: 'ARRIVED' },
      { state: 'CHECKED_IN', key: 'not-a-uuid' },
      { state: 'CHECKED_IN', key: undefined },
      { state: 'CHECKED_IN', extra: true },
    ]) {
      const res = await checkIn(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    expect((await checkIn(id, { state: 'CHECKED_IN' }, s.w.outsider.token)).statusCode).toBe(404);
    expect((await checkIn(randomUUID(), { state: 'CHECKED_IN' })).statusCode).toBe(404);
    expect(
      (await s.req('PUT', `/api/v1/orders/${id}/check-in`, undefined, { state: 'CHECKED_IN', key: randomUUID() }))
        .statusCode,
    ).toBe(401);
    expect((await getOrder(id)).checkIn.state).toBe('EXPECTED');
  });

  it('publishes the order and its tour as live changes that carry the new check-in', async () => {
    const tour = await addTour(s.t.db, home(), new Date(AT), 'grouped', s.w.product);
    const [id] = await addOrders(s.t.db, home(), {
      count: 1,
      productId: s.w.product,
      start: new Date(AT),
      tourId: tour,
    });
    const [{ last }] = await s.t.db.query<{ last: number }>('SELECT max(id)::int AS last FROM live_events');
    expect((await checkIn(id, { state: 'CHECKED_IN', arrived: 1 })).statusCode).toBe(200);
    const rows = await s.t.db.query<{
      tx: string;
      id: number;
      team_id: string;
      topic: 'orders';
      op: 'update';
      ids: string[];
      at: Date;
    }>('SELECT tx::text AS tx, id, team_id, topic, op, ids, at FROM live_events WHERE id > $1 ORDER BY id', [last]);
    const frames = (await liveMessages(s.t.db, rows)).map((m) => JSON.parse(m.frame.split('data: ')[1]));
    const order = frames.find((f) => f.topic === 'orders' && f.ids.includes(id));
    expect(order.orders[0].checkIn).toMatchObject({ state: 'CHECKED_IN', arrived: 1 });
    expect(order.by).toMatchObject({ id: s.w.member.id });
    const tours = frames.find((f) => f.topic === 'tours' && f.ids.includes(tour));
    expect(tours.tours[0].checkIn).toMatchObject({ parties: 1, pax: 2, checkedInParties: 1, checkedInPax: 1 });
  });
});

describe('tours, statistics and manifests follow the check-ins', () => {
  it("counts a tour's check-ins on its list and detail, canceled orders left out", async () => {
    const departure = new Date('2031-07-01T01:00:00Z');
    const tour = await addTour(s.t.db, home(), departure, 'grouped', s.w.product);
    const ids = await addOrders(s.t.db, home(), {
      count: 5,
      productId: s.w.product,
      start: departure,
      stepMinutes: 0,
      tourId: tour,
    });
    await checkIn(ids[0], { state: 'CHECKED_IN' });
    await checkIn(ids[1], { state: 'CHECKED_IN', arrived: 1 });
    await checkIn(ids[2], { state: 'NO_SHOW' });
    await checkIn(ids[3], { state: 'CHECKED_IN' });
    await s.req('PUT', '/api/v2/orders/status/batch', s.w.member.token, {
      orders: [{ id: ids[3], statusV2: 'canceled' }],
    });
    const expected = { parties: 4, pax: 8, checkedInParties: 2, checkedInPax: 3, noShowParties: 1 };
    const detail = await s.req('GET', `/api/v1/tours/${tour}`, s.w.member.token);
    expect(detail.json().checkIn).toEqual(expected);
    expect(detail.json().orderCount).toBe(5);
    const list = await s.req(
      'GET',
      `/api/v1/tours?teamId=${home()}&startDate=2031-07-01&endDate=2031-07-01`,
      s.w.member.token,
    );
    expect(list.json().tours.find((t: { id: string }) => t.id === tour).checkIn).toEqual(expected);
  });

  it('counts checked-in and no-show orders per channel and in total, canceled ones left out', async () => {
    const at = '2032-02-10T03:00:00Z';
    const klook = await addOrders(s.t.db, home(), {
      count: 3,
      productId: s.w.product,
      start: new Date(at),
      ota: 'KLOOK',
    });
    const viator = await addOrders(s.t.db, home(), {
      count: 2,
      productId: s.w.product,
      start: new Date(at),
      ota: 'VIATOR',
    });
    await checkIn(klook[0], { state: 'CHECKED_IN' });
    await checkIn(klook[1], { state: 'NO_SHOW' });
    await checkIn(klook[2], { state: 'CHECKED_IN', arrived: 1 });
    await checkIn(viator[0], { state: 'NO_SHOW' });
    await checkIn(viator[1], { state: 'NO_SHOW' });
    await s.req('PUT', '/api/v2/orders/status/batch', s.w.member.token, {
      orders: [{ id: viator[1], statusV2: 'canceled' }],
    });
    const res = await s.req(
      'GET',
      `/api/v1/orders/statistics?teamId=${home()}&startDate=2032-02-01&endDate=2032-02-29`,
      s.w.member.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const st = res.json();
    expect(st).toMatchObject({ checkedIn: 2, noShow: 2 });
    const channel = (ota: string) => st.channels.find((c: { ota: string }) => c.ota === ota);
    expect(channel('KLOOK')).toMatchObject({ checkedIn: 2, noShow: 1 });
    expect(channel('VIATOR')).toMatchObject({ checkedIn: 0, noShow: 1 });
    expect(channel('KKDAY')).toMatchObject({ checkedIn: 0, noShow: 0 });
    // undone, it leaves the figures
    await checkIn(klook[1], { state: 'EXPECTED' });
    const again = await s.req(
      'GET',
      `/api/v1/orders/statistics?teamId=${home()}&startDate=2032-02-01&endDate=2032-02-29`,
      s.w.member.token,
    );
    expect(again.json()).toMatchObject({ checkedIn: 2, noShow: 1 });
  });

  describe('manifests', () => {
    const departureAt = '2031-08-20T01:30:00.000Z';
    let tour = '';
    let linked: string[] = [];
    let loose = '';
    let canceled = '';

    it("lists a tour's parties by name with phone, pick-up, notes, OTA and totals; canceled ones left out", async () => {
      const made = await importOrders(
        [
          {
            otaOrderId: `KL${tag()}`,
            name: 'zoe Martin',
            adult: 2,
            child: 1,
            phone: '+33 6 12 34 56 78',
            pickup: 'Rex Hotel, room 508',
            notes: '=Vegetarian',
            departureAt,
          },
          { otaOrderId: `KL${tag()}`, name: 'Anh Nguyen', adult: 1, departureAt },
          { otaOrderId: `KL${tag()}`, name: 'Bea Ortiz', adult: 3, departureAt },
          { otaOrderId: `KL${tag()}`, name: 'Carl Gone', adult: 2, departureAt },
        ],
        'KLOOK',
      );
      const ids = made.results.map((r) => r.orderId);
      loose = (await importOrders([{ otaOrderId: `VI${tag()}`, name: 'Dan Loose', adult: 2, departureAt }], 'VIATOR'))
        .results[0].orderId;
      const created = await s.req('POST', '/api/v1/tours', s.w.member.token, {
        tour: { teamId: home(), departureAt, productId: s.w.product, orderIds: ids },
      });
      expect(created.statusCode, created.body).toBe(200);
      tour = created.json().tourId;
      linked = ids.slice(0, 3);
      canceled = ids[3];
      await s.req('PUT', '/api/v2/orders/status/batch', s.w.member.token, {
        orders: [{ id: canceled, statusV2: 'canceled' }],
      });
      await checkIn(ids[0], { state: 'CHECKED_IN', arrived: 2 });
      await checkIn(ids[2], { state: 'NO_SHOW' });

      const res = await s.req('GET', `/api/v1/tours/${tour}/manifest`, s.w.member.token);
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json();
      expect(m).toMatchObject({
        title: created.json().displayName,
        departureAt,
        product: { id: s.w.product },
        tour: { id: tour, displayId: created.json().displayId },
        totals: { parties: 3, pax: 7, adults: 6, children: 1, checkedInParties: 1, checkedInPax: 2, noShowParties: 1 },
      });
      expect(m.parties.map((p: { name: string }) => p.name)).toEqual(['Anh Nguyen', 'Bea Ortiz', 'zoe Martin']);
      expect(m.parties[2]).toMatchObject({
        orderId: ids[0],
        adults: 2,
        children: 1,
        total: 3,
        phone: '+33 6 12 34 56 78',
        pickup: 'Rex Hotel, room 508',
        notes: '=Vegetarian',
        ota: 'KLOOK',
        otaOrderId: expect.stringMatching(/^KL/),
        checkIn: { state: 'CHECKED_IN', arrived: 2 },
      });
      // the tour's own figures agree with its manifest
      const t = (await s.req('GET', `/api/v1/tours/${tour}`, s.w.member.token)).json();
      expect(t.checkIn).toEqual({ parties: 3, pax: 7, checkedInParties: 1, checkedInPax: 2, noShowParties: 1 });
    });

    it('lists a departure: every order of the product at that instant, on a tour or not', async () => {
      const q = `teamId=${home()}&productId=${s.w.product}&departureAt=${encodeURIComponent(departureAt)}`;
      const res = await s.req('GET', `/api/v1/departures/manifest?${q}`, s.w.member.token);
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json();
      expect(m.tour).toBeNull();
      expect(m.title).toBe(`Route ${s.w.product}`);
      expect(m.parties.map((p: { orderId: string }) => p.orderId).sort()).toEqual([...linked, loose].sort());
      expect(m.parties.some((p: { orderId: string }) => p.orderId === canceled)).toBe(false);
      expect(m.totals).toMatchObject({ parties: 4, pax: 9 });
    });

    it('refuses what the caller may not see: 404 a foreign tour, 403 a foreign team, 400 an unknown product or time', async () => {
      expect((await s.req('GET', `/api/v1/tours/${tour}/manifest`, s.w.outsider.token)).statusCode).toBe(404);
      expect((await s.req('GET', `/api/v1/tours/${tour}/manifest/csv`, s.w.outsider.token)).statusCode).toBe(404);
      expect((await s.req('GET', `/api/v1/tours/${tour}/manifest`)).statusCode).toBe(401);
      const q = (product: string, at = departureAt) =>
        `teamId=${home()}&productId=${product}&departureAt=${encodeURIComponent(at)}`;
      expect((await s.req('GET', `/api/v1/departures/manifest?${q(s.w.product)}`, s.w.outsider.token)).statusCode).toBe(
        403,
      );
      const unknown = await s.req('GET', `/api/v1/departures/manifest?${q('NO-SUCH-PRODUCT')}`, s.w.member.token);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(/NO-SUCH-PRODUCT/);
      expect(
        (await s.req('GET', `/api/v1/departures/manifest?${q(s.w.product, 'tomorrow')}`, s.w.member.token)).statusCode,
      ).toBe(400);
      expect(
        (await s.req('GET', `/api/v1/departures/manifest/csv?${q('NO-SUCH-PRODUCT')}`, s.w.member.token)).statusCode,
      ).toBe(400);
    });

    /** Downloads a manifest CSV through its signed link: the status, the headers and the text. */
    async function download(url: string) {
      const link = await s.req('GET', url, s.w.member.token);
      expect(link.statusCode, link.body).toBe(200);
      const file = await s.req('GET', link.json().presignedUrl);
      return { link: link.json().presignedUrl as string, file };
    }

    it("downloads the tour's manifest as CSV: BOM, labels, the team's time, one row per party, its file name", async () => {
      const { file, link } = await download(`/api/v1/tours/${tour}/manifest/csv`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      const displayId = (await s.req('GET', `/api/v1/tours/${tour}`, s.w.member.token)).json().displayId;
      expect(file.headers['content-disposition']).toBe(`attachment; filename="manifest-${displayId}-2031-08-20.csv"`);
      const raw = file.rawPayload.toString('utf8');
      expect(raw.charCodeAt(0)).toBe(0xfeff);
      const lines = raw.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toBe(
        'Party,Adults,Children,Total,Phone,Pick-up,Notes,OTA,OTA order ID,Status,Check-in,Checked in at (Asia/Ho_Chi_Minh),Order ID',
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/^Anh Nguyen,1,0,1,,,,Klook,KL\w+,[^,]+,Expected,,/);
      expect(lines[2]).toMatch(/^Bea Ortiz,3,0,3,,,,Klook,KL\w+,[^,]+,No-show,2\d{3}-\d\d-\d\d \d\d:\d\d,/);
      // a note that a spreadsheet would run as a formula is written as text
      expect(lines[3]).toMatch(
        /^zoe Martin,2,1,3,'\+33 6 12 34 56 78,"Rex Hotel, room 508",'=Vegetarian,Klook,KL\w+,[^,]+,Checked in 2 of 3,/,
      );
      // the link is for its maker only while they are in the team; without its signature it is refused
      expect((await s.req('GET', link.replace(/signature=[^&]+/, 'signature=forged'))).statusCode).toBe(403);
    });

    it("downloads a departure's manifest as CSV named for its product and day", async () => {
      const q = `teamId=${home()}&productId=${s.w.product}&departureAt=${encodeURIComponent(departureAt)}`;
      const { file } = await download(`/api/v1/departures/manifest/csv?${q}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="manifest-${s.w.product}-2031-08-20.csv"`);
      expect(file.rawPayload.toString('utf8').trim().split(/\r?\n/)).toHaveLength(5);
      expect((await s.req('GET', `/api/v1/departures/manifest/csv?${q}`, s.w.outsider.token)).statusCode).toBe(403);
    });
  });
});

describe('the CSV exports carry the tour day', () => {
  it('orders: phone, pick-up, notes and check-in; tours: pax, checked in and no-shows', async () => {
    const ref = `KL${tag()}`;
    const { results } = await importOrders([
      {
        otaOrderId: ref,
        name: 'Csv Party',
        adult: 2,
        child: 1,
        phone: '+84 933 111 222',
        pickup: 'Apricot Hotel',
        notes: 'Halal meal',
      },
    ]);
    await checkIn(results[0].orderId, { state: 'CHECKED_IN', arrived: 2 });
    const rowsOf = async (url: string) => {
      const link = await s.req('GET', url, s.w.member.token);
      expect(link.statusCode, link.body).toBe(200);
      const text = (await s.req('GET', link.json().presignedUrl)).rawPayload.toString('utf8').slice(1).trim();
      const [header, ...rows] = text.split(/\r?\n/).map((l) => l.split(','));
      return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    };
    const [order] = await rowsOf(`/api/v1/orders/export/csv?teamId=${home()}&otaOrderId=${ref}`);
    expect(order).toMatchObject({
      Phone: "'+84 933 111 222",
      'Pick-up': 'Apricot Hotel',
      Notes: 'Halal meal',
      'Check-in': 'Checked in 2 of 3',
    });
    const departure = new Date('2031-09-01T01:00:00Z');
    const tour = await addTour(s.t.db, home(), departure, 'grouped', s.w.product);
    const ids = await addOrders(s.t.db, home(), {
      count: 3,
      productId: s.w.product,
      start: departure,
      stepMinutes: 0,
      tourId: tour,
    });
    await checkIn(ids[0], { state: 'CHECKED_IN' });
    await checkIn(ids[1], { state: 'NO_SHOW' });
    const tours = await rowsOf(`/api/v1/tours/export/csv?teamId=${home()}&startDate=2031-09-01&endDate=2031-09-01`);
    expect(tours).toHaveLength(1);
    expect(tours[0]).toMatchObject({ Orders: '3', Pax: '6', 'Checked in': '2', 'No-shows': '1' });
  });
});

describe('the demo seed', () => {
  it('gives each demo team a tour departing today with 6 to 10 parties to reach, and phones, pick-ups and notes', async () => {
    const { db, drop } = await createTestDb();
    try {
      await seed(db, { orders: 200 });
      // per team, its tours departing today whose every party has a phone and a pick-up
      const today = await db.query<{ code: string; parties: number; children: number }>(
        `SELECT tm.code, count(o.id)::int AS parties, count(*) FILTER (WHERE o.quantity_child > 0)::int AS children
           FROM teams tm JOIN tours t ON t.team_id = tm.id JOIN orders o ON o.tour_id = t.id
          WHERE (t.departure_at AT TIME ZONE tm.timezone)::date = (now() AT TIME ZONE tm.timezone)::date
          GROUP BY tm.code, t.id
         HAVING count(o.customer_phone) = count(*) AND count(o.pickup) = count(*)`,
      );
      const teams = await db.query<{ code: string }>('SELECT code FROM teams');
      for (const { code } of teams) {
        const tours = today.filter((r) => r.code === code);
        expect(
          tours.some((r) => r.parties >= 6 && r.parties <= 10),
          `${code}: ${JSON.stringify(tours)}`,
        ).toBe(true);
      }
      expect(today.some((r) => r.children > 0)).toBe(true);
      const [mix] = await db.query<{ phones: number; notes: number; all: number; vn: number }>(
        `SELECT count(customer_phone)::int AS phones, count(notes)::int AS notes, count(*)::int AS "all",
                count(*) FILTER (WHERE customer_phone LIKE '+84 9%')::int AS vn FROM orders`,
      );
      expect(mix.phones).toBeGreaterThan(mix.all / 2);
      expect(mix.phones).toBeLessThan(mix.all);
      expect(mix.notes).toBeGreaterThan(0);
      expect(mix.vn).toBeGreaterThan(0);
    } finally {
      await drop();
    }
  });
});
