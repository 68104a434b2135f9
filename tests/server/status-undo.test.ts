import { describe, expect, it } from 'vitest';
import { addOrders, addTour, useServerSuite } from './fixtures';

/** The undo of a bulk move: one request, versions respected, a row changed since left as it is and named. */
const s = useServerSuite();

const put = (url: string, payload: unknown, token?: string) => s.req('PUT', url, token, payload);
const statuses = (ids: string[]) =>
  s.t.db.query<{ id: string; status: string; version: number }>(
    'SELECT id, status, version FROM orders WHERE id = ANY($1::text[]) ORDER BY id',
    [ids],
  );
const start = new Date('2034-03-01T00:00:00Z');

describe('status batch with skipStale (an undo)', () => {
  it('puts back the rows unchanged since and leaves a row changed since as it is, naming it', async () => {
    const ids = (await addOrders(s.t.db, s.w.home.id, { count: 3, productId: s.w.product, start })).sort();
    const moved = await put(
      '/api/v2/orders/status/batch',
      { orders: ids.map((id) => ({ id, statusV2: 'pending', version: 1 })) },
      s.w.member.token,
    );
    expect(moved.json()).toEqual({ orders: ids.map((id) => ({ id, statusV2: 'pending', version: 2 })), skipped: [] });
    // someone moves the second order on meanwhile
    await put('/api/v2/orders/status/batch', { orders: [{ id: ids[1], statusV2: 'arranged' }] }, s.w.editor.token);

    const undo = await put(
      '/api/v2/orders/status/batch',
      { orders: ids.map((id) => ({ id, statusV2: 'new', version: 2 })), skipStale: true },
      s.w.member.token,
    );
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({
      orders: [
        { id: ids[0], statusV2: 'new', version: 3 },
        { id: ids[2], statusV2: 'new', version: 3 },
      ],
      skipped: [ids[1]],
    });
    expect(await statuses(ids)).toEqual([
      { id: ids[0], status: 'new', version: 3 },
      { id: ids[1], status: 'arranged', version: 3 },
      { id: ids[2], status: 'new', version: 3 },
    ]);
    // the undo is logged like any move, and only for the rows it moved
    const logs = await s.t.db.query<{ order_id: string; comment: string }>(
      `SELECT order_id, comment FROM event_logs WHERE type = 'STATUS' AND order_id = ANY($1::text[])
        AND comment = 'Pending → New Order' ORDER BY order_id`,
      [ids],
    );
    expect(logs.map((l) => l.order_id)).toEqual([ids[0], ids[2]]);
  });

  it('still refuses a foreign id with 404 and changes nothing; without skipStale a stale row is a 409', async () => {
    const ids = (await addOrders(s.t.db, s.w.home.id, { count: 2, productId: s.w.product, start })).sort();
    const [foreign] = await addOrders(s.t.db, s.w.other.id, { count: 1, productId: s.w.otherProduct, start });
    const foreignUndo = await put(
      '/api/v2/orders/status/batch',
      { orders: [...ids, foreign].map((id) => ({ id, statusV2: 'pending', version: 1 })), skipStale: true },
      s.w.member.token,
    );
    expect(foreignUndo.statusCode).toBe(404);
    const stale = await put(
      '/api/v2/orders/status/batch',
      { orders: [{ id: ids[0], statusV2: 'pending', version: 9 }], skipStale: false },
      s.w.member.token,
    );
    expect(stale.statusCode).toBe(409);
    expect((await statuses(ids)).map((r) => [r.status, r.version])).toEqual([
      ['new', 1],
      ['new', 1],
    ]);
  });

  it('answers 400 for a skipStale that is not a boolean', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start });
    const res = await put(
      '/api/v2/orders/status/batch',
      { orders: [{ id, statusV2: 'new' }], skipStale: 'yes' },
      s.w.member.token,
    );
    expect(res.statusCode).toBe(400);
  });

  it('undoes tours the same way', async () => {
    const tourId = await addTour(s.t.db, s.w.home.id, start);
    const moved = await put(
      '/api/v2/tours/status/batch',
      { tours: [{ id: tourId, statusV2: 'completed', version: 1 }] },
      s.w.editor.token,
    );
    const version = moved.json().tours[0].version as number;
    const undo = await put(
      '/api/v2/tours/status/batch',
      { tours: [{ id: tourId, statusV2: 'grouped', version }], skipStale: true },
      s.w.editor.token,
    );
    expect(undo.json()).toEqual({ tours: [{ id: tourId, statusV2: 'grouped', version: version + 1 }], skipped: [] });
  });
});
