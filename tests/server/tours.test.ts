import { describe, expect, it } from 'vitest';
import { addOrders, addTour, ids, useServerSuite } from './fixtures';

const s = useServerSuite();
const { req } = s;

describe('createTour, link, unlink, delete', () => {
  it('creates a tour from orders with a per-team display id and a default name', async () => {
    const orders = await addOrders(s.t.db, s.w.home.id, {
      count: 3,
      productId: s.w.product,
      start: new Date('2034-02-01T02:00:00Z'),
    });
    const res = await req('POST', '/api/v1/tours', s.w.editor.token, {
      tour: { teamId: s.w.home.id, orderIds: orders },
    });
    expect(res.statusCode).toBe(200);
    const { tourId } = res.json();
    const detail = (await req('GET', `/api/v1/tours/${tourId}`, s.w.member.token)).json();
    expect(detail).toMatchObject({
      displayName: `Route ${s.w.product} Wed, 1 Feb 2034`,
      departureAt: '2034-02-01T02:00:00.000Z',
      statusV2: 'grouped',
      orderCount: 3,
      version: 1,
      product: { id: s.w.product, route: `Route ${s.w.product}`, pack: s.w.product },
    });
    expect(detail.displayId).toMatch(/^T-\d{6}$/);
    expect(ids(detail.orders)).toEqual(orders);
    expect(detail.orders[0].tour).toEqual({ id: tourId, displayId: detail.displayId });
    expect(detail.eventLogs.map((e: { type: string }) => e.type)).toEqual(['CREATE', 'LINK', 'LINK', 'LINK']);
    const second = (
      await req('POST', '/api/v1/tours', s.w.editor.token, {
        tour: { teamId: s.w.home.id, departureAt: '2034-02-02T00:00:00Z', displayName: 'Sunrise', orderIds: [] },
      })
    ).json();
    const secondDetail = (await req('GET', `/api/v1/tours/${second.tourId}`, s.w.member.token)).json();
    expect(Number(secondDetail.displayId.slice(2))).toBe(Number(detail.displayId.slice(2)) + 1);
    expect(secondDetail).toMatchObject({ displayName: 'Sunrise', product: null, orderCount: 0 });
  });

  it('refuses foreign orders (404), other teams (403), bad input (400), no token (401)', async () => {
    const [foreign] = await addOrders(s.t.db, s.w.other.id, {
      count: 1,
      productId: s.w.otherProduct,
      start: new Date('2034-02-01T00:00:00Z'),
    });
    const [mine] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2034-02-01T00:00:00Z'),
    });
    const before = await s.t.db.query('SELECT count(*)::int AS n FROM tours');
    expect(
      (
        await req('POST', '/api/v1/tours', s.w.editor.token, {
          tour: { teamId: s.w.home.id, orderIds: [mine, foreign] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', '/api/v1/tours', s.w.editor.token, { tour: { teamId: s.w.other.id, orderIds: [] } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('POST', '/api/v1/tours', s.w.editor.token, { tour: { teamId: s.w.home.id, orderIds: [] } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await req('POST', '/api/v1/tours', s.w.editor.token, {
          tour: { teamId: s.w.home.id, orderIds: [], departureAt: '2034-01-01T00:00:00Z', productId: 'nope' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await req('POST', '/api/v1/tours', undefined, { tour: { teamId: s.w.home.id, orderIds: [] } })).statusCode,
    ).toBe(401);
    expect(await s.t.db.query('SELECT count(*)::int AS n FROM tours')).toEqual(before);
    const [{ tour_id }] = await s.t.db.query<{ tour_id: string | null }>('SELECT tour_id FROM orders WHERE id = $1', [
      mine,
    ]);
    expect(tour_id).toBeNull();
  });

  it('links, moves and unlinks orders; deleting a tour keeps its orders', async () => {
    const orders = await addOrders(s.t.db, s.w.home.id, {
      count: 3,
      productId: s.w.product,
      start: new Date('2034-03-01T00:00:00Z'),
    });
    const a = await addTour(s.t.db, s.w.home.id, new Date('2034-03-01T00:00:00Z'));
    const b = await addTour(s.t.db, s.w.home.id, new Date('2034-03-01T00:00:00Z'));
    const linked = await req('POST', `/api/v1/tours/${a}/orders`, s.w.editor.token, { orderIds: orders });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ id: a, orderCount: 3 });
    const moved = await req('POST', `/api/v1/tours/${b}/orders`, s.w.editor.token, { orderIds: [orders[0]] });
    expect(moved.json().orderCount).toBe(1);
    const unlinked = await req('DELETE', `/api/v1/tours/${a}/orders/${orders[1]}`, s.w.editor.token);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().orderCount).toBe(1);
    expect((await req('DELETE', `/api/v1/tours/${a}/orders/${orders[1]}`, s.w.editor.token)).statusCode).toBe(404);
    const order0 = (await req('GET', `/api/v1/orders/${orders[0]}`, s.w.member.token)).json();
    expect(order0.version).toBe(3);
    expect(order0.eventLogs.map((e: { type: string }) => e.type)).toEqual(['LINK', 'LINK']);
    const del = await req('DELETE', `/api/v1/tours/${a}`, s.w.editor.token);
    expect(del.statusCode).toBe(204);
    expect((await req('GET', `/api/v1/tours/${a}`, s.w.editor.token)).statusCode).toBe(404);
    const order2 = (await req('GET', `/api/v1/orders/${orders[2]}`, s.w.member.token)).json();
    expect(order2.tour).toBeNull();
    expect(order2.eventLogs.at(-1).type).toBe('UNLINK');
  });

  it('keeps other teams out of link, unlink, delete and detail (404)', async () => {
    const foreignTour = await addTour(s.t.db, s.w.other.id, new Date('2034-03-01T00:00:00Z'));
    const [foreignOrder] = await addOrders(s.t.db, s.w.other.id, {
      count: 1,
      productId: s.w.otherProduct,
      start: new Date('2034-03-01T00:00:00Z'),
      tourId: foreignTour,
    });
    const mineTour = await addTour(s.t.db, s.w.home.id, new Date('2034-03-01T00:00:00Z'));
    const [mineOrder] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2034-03-01T00:00:00Z'),
    });
    expect((await req('GET', `/api/v1/tours/${foreignTour}`, s.w.editor.token)).statusCode).toBe(404);
    expect(
      (await req('POST', `/api/v1/tours/${foreignTour}/orders`, s.w.editor.token, { orderIds: [mineOrder] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `/api/v1/tours/${mineTour}/orders`, s.w.editor.token, { orderIds: [mineOrder, foreignOrder] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await req('DELETE', `/api/v1/tours/${foreignTour}/orders/${foreignOrder}`, s.w.editor.token)).statusCode,
    ).toBe(404);
    expect((await req('DELETE', `/api/v1/tours/${foreignTour}`, s.w.editor.token)).statusCode).toBe(404);
    expect((await req('POST', `/api/v1/tours/${mineTour}/orders`, s.w.editor.token, { orderIds: [] })).statusCode).toBe(
      400,
    );
    expect((await req('DELETE', `/api/v1/tours/${mineTour}`)).statusCode).toBe(401);
    const [row] = await s.t.db.query<{ tour_id: string | null }>('SELECT tour_id FROM orders WHERE id = $1', [
      mineOrder,
    ]);
    expect(row.tour_id).toBeNull();
    expect((await s.t.db.query('SELECT 1 FROM tours WHERE id = $1', [foreignTour])).length).toBe(1);
  });
});

describe('updateTours, updateTourStatusBatch, addTourComment', () => {
  it('edits tours with versions: 200, then 409 for the stale one with nothing changed', async () => {
    const a = await addTour(s.t.db, s.w.home.id, new Date('2034-04-01T00:00:00Z'));
    const b = await addTour(s.t.db, s.w.home.id, new Date('2034-04-01T00:00:00Z'));
    const ok = await req('PUT', '/api/v1/tours/batch', s.w.editor.token, {
      tours: [{ id: a, version: 1, displayName: 'Morning', prices: [{ type: 'COST', amount: 100, currency: 'VND' }] }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tours[0]).toMatchObject({
      id: a,
      version: 2,
      displayName: 'Morning',
      prices: [{ type: 'COST', amount: 100, currency: 'VND' }],
    });
    const snap = () =>
      s.t.db.query('SELECT id, display_name, version FROM tours WHERE id = ANY($1::text[]) ORDER BY id', [[a, b]]);
    const before = await snap();
    const stale = await req('PUT', '/api/v1/tours/batch', s.w.editor.token, {
      tours: [
        { id: b, version: 1, displayName: 'X' },
        { id: a, version: 1, displayName: 'Y' },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(await snap()).toEqual(before);
    const foreign = await addTour(s.t.db, s.w.other.id, new Date('2034-04-01T00:00:00Z'));
    expect(
      (
        await req('PUT', '/api/v1/tours/batch', s.w.editor.token, {
          tours: [{ id: foreign, version: 1, displayName: 'Z' }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await req('PUT', '/api/v1/tours/batch', s.w.editor.token, {
          tours: [{ id: b, version: 1, prices: [{ type: 'A', amount: -1, currency: 'USD' }] }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await req('PUT', '/api/v1/tours/batch', undefined, { tours: [{ id: b, version: 1 }] })).statusCode).toBe(
      401,
    );
  });

  it('moves tour statuses: 200, 409, 404, 400, 401', async () => {
    const a = await addTour(s.t.db, s.w.home.id, new Date('2034-05-01T00:00:00Z'));
    const res = await req('PUT', '/api/v2/tours/status/batch', s.w.member.token, {
      tours: [{ id: a, statusV2: 'completed', version: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tours: [{ id: a, statusV2: 'completed', version: 2 }], skipped: [] });
    expect(
      (
        await req('PUT', '/api/v2/tours/status/batch', s.w.member.token, {
          tours: [{ id: a, statusV2: 'arranged', version: 1 }],
        })
      ).statusCode,
    ).toBe(409);
    const foreign = await addTour(s.t.db, s.w.other.id, new Date('2034-05-01T00:00:00Z'));
    expect(
      (
        await req('PUT', '/api/v2/tours/status/batch', s.w.member.token, {
          tours: [
            { id: a, statusV2: 'arranged' },
            { id: foreign, statusV2: 'arranged' },
          ],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req('PUT', '/api/v2/tours/status/batch', s.w.member.token, { tours: [{ id: a, statusV2: 'done' }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await req('PUT', '/api/v2/tours/status/batch', undefined, { tours: [{ id: a, statusV2: 'new' }] })).statusCode,
    ).toBe(401);
    const [row] = await s.t.db.query<{ status: string; version: number }>(
      'SELECT status, version FROM tours WHERE id = $1',
      [a],
    );
    expect(row).toEqual({ status: 'completed', version: 2 });
    const detail = (await req('GET', `/api/v1/tours/${a}`, s.w.member.token)).json();
    expect(detail.eventLogs[0]).toMatchObject({ type: 'STATUS', comment: 'Grouped → Tour Completed' });
  });

  it('comments on a tour; 404 for a foreign tour, 400 for an empty comment', async () => {
    const a = await addTour(s.t.db, s.w.home.id, new Date('2034-05-01T00:00:00Z'));
    const ok = await req('POST', `/api/v1/tours/${a}/comments`, s.w.member.token, { comment: 'Bus booked' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      type: 'COMMENT',
      comment: 'Bus booked',
      operatedBy: { id: s.w.member.id, name: s.w.member.name },
    });
    const detail = (await req('GET', `/api/v1/tours/${a}`, s.w.member.token)).json();
    expect(detail.comments.map((c: { comment: string }) => c.comment)).toEqual(['Bus booked']);
    const foreign = await addTour(s.t.db, s.w.other.id, new Date('2034-05-01T00:00:00Z'));
    expect(
      (await req('POST', `/api/v1/tours/${foreign}/comments`, s.w.member.token, { comment: 'x' })).statusCode,
    ).toBe(404);
    expect((await req('POST', `/api/v1/tours/${a}/comments`, s.w.member.token, { comment: '' })).statusCode).toBe(400);
    expect((await req('POST', `/api/v1/tours/${a}/comments`, undefined, { comment: 'x' })).statusCode).toBe(401);
  });
});
