import { describe, expect, it } from 'vitest';
import { addOrders, bearer, useServerSuite } from './fixtures';

const s = useServerSuite();

const put = (url: string, payload: unknown, token?: string) => s.req('PUT', url, token, payload);
const snapshot = (ids: string[]) =>
  s.t.db.query(
    'SELECT id, status, version, prices, departure_at, language FROM orders WHERE id = ANY($1::text[]) ORDER BY id',
    [ids],
  );
const start = new Date('2033-01-01T00:00:00Z');

describe('updateOrders', () => {
  it('applies the fields, bumps the version and logs an EDIT', async () => {
    const [a, b] = await addOrders(s.t.db, s.w.home.id, { count: 2, productId: s.w.product, start });
    const res = await put(
      '/api/v1/orders/batch',
      {
        orders: [
          {
            id: a,
            version: 1,
            departureAt: '2033-02-01T08:00:00.000Z',
            prices: [{ type: 'ADULT', amount: 25.5, currency: 'EUR' }],
            emailCheckpoints: { info: true },
          },
          { id: b, version: 1, language: 'fr', reviewCheckpoints: { Google: true } },
        ],
      },
      s.w.editor.token,
    );
    expect(res.statusCode).toBe(200);
    const [oa, ob] = res.json().orders;
    expect(oa).toMatchObject({
      id: a,
      version: 2,
      departureAt: '2033-02-01T08:00:00.000Z',
      prices: [{ type: 'ADULT', amount: 25.5, currency: 'EUR' }],
    });
    expect(oa.emailCheckpoints).toEqual({ confirmation: false, info: true, review: false, marketing: false });
    expect(ob).toMatchObject({ id: b, version: 2, language: 'fr' });
    expect(ob.reviewCheckpoints.Google).toBe(true);
    const detail = (
      await s.t.app.inject({ method: 'GET', url: `/api/v1/orders/${a}`, headers: bearer(s.w.member) })
    ).json();
    const edit = detail.eventLogs.at(-1);
    expect(edit).toMatchObject({ type: 'EDIT', operatedBy: { id: s.w.editor.id } });
    expect(edit.comment).toContain('departureAt');
    expect(edit.comment).toContain('prices');
    // each changed field with its value before and after, for the panel's Activity
    expect(edit.changes).toHaveLength(3);
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: 'departureAt', from: '2033-01-01T00:00:00.000Z', to: '2033-02-01T08:00:00.000Z' },
        { field: 'prices', from: [expect.objectContaining({ type: 'ADULT' })], to: oa.prices },
        { field: 'emailCheckpoints', from: expect.objectContaining({ info: false }), to: oa.emailCheckpoints },
      ]),
    );
    // a comment has no changes
    const comment = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${a}/comments`,
      headers: bearer(s.w.member),
      payload: { comment: 'Pickup at 7' },
    });
    expect(comment.statusCode).toBe(200);
    expect(comment.json().changes).toBeUndefined();
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const [a, b] = await addOrders(s.t.db, s.w.home.id, { count: 2, productId: s.w.product, start });
    await put('/api/v1/orders/batch', { orders: [{ id: b, version: 1, language: 'de' }] }, s.w.editor.token);
    const before = await snapshot([a, b]);
    const res = await put(
      '/api/v1/orders/batch',
      {
        orders: [
          { id: a, version: 1, language: 'it' },
          { id: b, version: 1, language: 'it' },
        ],
      },
      s.w.editor.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('CONFLICT');
    expect(await snapshot([a, b])).toEqual(before);
    const events = await s.t.db.query("SELECT 1 FROM event_logs WHERE order_id = $1 AND type = 'EDIT'", [a]);
    expect(events).toHaveLength(0);
  });

  it('answers 404 when any id is of another team, and changes nothing', async () => {
    const [a] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start });
    const [foreign] = await addOrders(s.t.db, s.w.other.id, { count: 1, productId: s.w.otherProduct, start });
    const before = await snapshot([a, foreign]);
    const res = await put(
      '/api/v1/orders/batch',
      {
        orders: [
          { id: a, version: 1, language: 'es' },
          { id: foreign, version: 1, language: 'es' },
        ],
      },
      s.w.editor.token,
    );
    expect(res.statusCode).toBe(404);
    expect(await snapshot([a, foreign])).toEqual(before);
  });

  it('answers 400 for bad input and 401 without a token', async () => {
    const [a] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start });
    const bad = [
      { orders: [{ id: a, version: 1, prices: [{ type: 'ADULT', amount: -1, currency: 'USD' }] }] },
      { orders: [{ id: a, version: 1, prices: [{ type: 'ADULT', amount: 1 }] }] },
      { orders: [{ id: a, language: 'en' }] },
      { orders: [{ id: a, version: 1, statusV2: 'new' }] },
      {
        orders: [
          { id: a, version: 1 },
          { id: a, version: 1 },
        ],
      },
      { orders: [] },
    ];
    for (const payload of bad)
      expect((await put('/api/v1/orders/batch', payload, s.w.editor.token)).statusCode).toBe(400);
    expect((await put('/api/v1/orders/batch', { orders: [{ id: a, version: 1 }] })).statusCode).toBe(401);
  });
});

describe('updateOrderStatusBatch', () => {
  it('moves orders, bumps versions and logs STATUS events', async () => {
    const ids = await addOrders(s.t.db, s.w.home.id, { count: 3, productId: s.w.product, start });
    const res = await put(
      '/api/v2/orders/status/batch',
      { orders: ids.map((id) => ({ id, statusV2: 'pending', version: 1 })) },
      s.w.member.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().orders).toEqual(ids.map((id) => ({ id, statusV2: 'pending', version: 2 })));
    const logs = await s.t.db.query<{ comment: string; operated_by_id: string }>(
      "SELECT comment, operated_by_id FROM event_logs WHERE type = 'STATUS' AND order_id = ANY($1::text[])",
      [ids],
    );
    expect(logs).toHaveLength(3);
    expect(logs[0]).toMatchObject({ comment: 'New Order → Pending', operated_by_id: s.w.member.id });
    // any status may move to any other
    const back = await put(
      '/api/v2/orders/status/batch',
      { orders: [{ id: ids[0], statusV2: 'new' }] },
      s.w.member.token,
    );
    expect(back.json().orders[0]).toEqual({ id: ids[0], statusV2: 'new', version: 3 });
  });

  it('answers 409 for a stale version and 404 for a foreign id; nothing changes', async () => {
    const ids = await addOrders(s.t.db, s.w.home.id, { count: 2, productId: s.w.product, start });
    const [foreign] = await addOrders(s.t.db, s.w.other.id, { count: 1, productId: s.w.otherProduct, start });
    const before = await snapshot([...ids, foreign]);
    const stale = await put(
      '/api/v2/orders/status/batch',
      {
        orders: [
          { id: ids[0], statusV2: 'arranged', version: 1 },
          { id: ids[1], statusV2: 'arranged', version: 7 },
        ],
      },
      s.w.member.token,
    );
    expect(stale.statusCode).toBe(409);
    const foreignRes = await put(
      '/api/v2/orders/status/batch',
      {
        orders: [
          { id: ids[0], statusV2: 'arranged' },
          { id: foreign, statusV2: 'arranged' },
        ],
      },
      s.w.member.token,
    );
    expect(foreignRes.statusCode).toBe(404);
    expect(await snapshot([...ids, foreign])).toEqual(before);
    const events = await s.t.db.query("SELECT 1 FROM event_logs WHERE type = 'STATUS' AND order_id = ANY($1::text[])", [
      [...ids, foreign],
    ]);
    expect(events).toHaveLength(0);
  });

  it('moves to several statuses in one request and logs only the real moves', async () => {
    const ids = await addOrders(s.t.db, s.w.home.id, { count: 3, productId: s.w.product, start });
    const res = await put(
      '/api/v2/orders/status/batch',
      {
        orders: [
          { id: ids[0], statusV2: 'canceled', version: 1 },
          { id: ids[1], statusV2: 'new', version: 1 },
          { id: ids[2], statusV2: 'cancel_requested' },
        ],
      },
      s.w.editor.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().orders).toEqual([
      { id: ids[0], statusV2: 'canceled', version: 2 },
      { id: ids[1], statusV2: 'new', version: 2 },
      { id: ids[2], statusV2: 'cancel_requested', version: 2 },
    ]);
    expect((await snapshot(ids)).map((r) => r.status)).toEqual(['canceled', 'new', 'cancel_requested']);
    const logs = await s.t.db.query<{ order_id: string; comment: string }>(
      "SELECT order_id, comment FROM event_logs WHERE type = 'STATUS' AND order_id = ANY($1::text[]) ORDER BY order_id",
      [ids],
    );
    expect(logs).toEqual([
      { order_id: ids[0], comment: 'New Order → Canceled' },
      { order_id: ids[2], comment: 'New Order → Cancel Requested' },
    ]);
  });

  it('labels a status the app does not know as its capitalised words in the move event', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2031-09-09T09:00:00Z'),
    });
    await s.t.db.query(`UPDATE orders SET status = 'on_hold_LEGACY' WHERE id = $1`, [id]);
    const res = await put('/api/v2/orders/status/batch', { orders: [{ id, statusV2: 'arranged' }] }, s.w.editor.token);
    expect(res.statusCode).toBe(200);
    const [log] = await s.t.db.query<{ comment: string; data: unknown }>(
      "SELECT comment, data FROM event_logs WHERE type = 'STATUS' AND order_id = $1",
      [id],
    );
    expect(log).toEqual({ comment: 'On Hold Legacy → Arranged', data: { from: 'on_hold_LEGACY', to: 'arranged' } });
  });

  it('answers 400 for an unknown status and 401 without a token', async () => {
    const [a] = await addOrders(s.t.db, s.w.home.id, { count: 1, productId: s.w.product, start });
    expect(
      (await put('/api/v2/orders/status/batch', { orders: [{ id: a, statusV2: 'lost' }] }, s.w.member.token))
        .statusCode,
    ).toBe(400);
    expect((await put('/api/v2/orders/status/batch', { orders: [{ id: a, statusV2: 'new' }] })).statusCode).toBe(401);
  });

  // The time it takes is a benchmark's business (npm run bench:bulk), not a test's.
  it('moves 1,000 orders per request, again and again, with their versions', async () => {
    const ids = await addOrders(s.t.db, s.w.japan.id, { count: 1000, productId: s.w.product, start });
    const statuses = ['pending', 'grouped', 'arranged', 'completed', 'new'];
    for (let i = 0; i < 5; i++) {
      const payload = { orders: ids.map((id) => ({ id, statusV2: statuses[i], version: i + 1 })) };
      const res = await put('/api/v2/orders/status/batch', payload, s.w.admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().orders).toHaveLength(1000);
    }
    const [row] = await s.t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::text[]) AND version = 6 AND status = 'new'",
      [ids],
    );
    expect(row.n).toBe(1000);
    const [events] = await s.t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM event_logs WHERE type = 'STATUS' AND order_id = ANY($1::text[])",
      [ids],
    );
    expect(events.n).toBe(5000);
  });
});
