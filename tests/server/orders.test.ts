import { describe, expect, it } from 'vitest';
import { addOrders, bearer, useServerSuite } from './fixtures';

const s = useServerSuite();

const get = (url: string, token?: string) => s.req('GET', url, token);

describe('getOrder', () => {
  it('returns the order with its event log and comments, oldest first', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2031-05-01T00:00:00Z'),
    });
    const c1 = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${id}/comments`,
      headers: bearer(s.w.editor),
      payload: { comment: 'first' },
    });
    expect(c1.statusCode).toBe(200);
    expect(c1.json()).toMatchObject({
      type: 'COMMENT',
      comment: 'first',
      isSystemEvent: false,
      operatedBy: { id: s.w.editor.id, name: s.w.editor.name },
    });
    await s.t.app.inject({
      method: 'PUT',
      url: '/api/v2/orders/status/batch',
      headers: bearer(s.w.editor),
      payload: { orders: [{ id, statusV2: 'pending' }] },
    });
    await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${id}/comments`,
      headers: bearer(s.w.member),
      payload: { comment: 'second' },
    });
    const res = await get(`/api/v1/orders/${id}`, s.w.member.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, statusV2: 'pending', version: 2 });
    expect(body.eventLogs.map((e: { type: string }) => e.type)).toEqual(['COMMENT', 'STATUS', 'COMMENT']);
    expect(body.comments.map((e: { comment: string }) => e.comment)).toEqual(['first', 'second']);
    expect((await get(`/api/v1/orders/${id}?ota=KLOOK`, s.w.member.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/orders/${id}?ota=VIATOR`, s.w.member.token)).statusCode).toBe(404);
  });

  it('answers 404 for an order of another team and for an unknown id, 401 without a token', async () => {
    const [foreign] = await addOrders(s.t.db, s.w.other.id, {
      count: 1,
      productId: s.w.otherProduct,
      start: new Date('2031-05-01T00:00:00Z'),
    });
    const res = await get(`/api/v1/orders/${foreign}`, s.w.member.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('NOT_FOUND');
    expect((await get('/api/v1/orders/nope', s.w.member.token)).statusCode).toBe(404);
    expect((await get(`/api/v1/orders/${foreign}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/orders/${foreign}?ota=XYZ`, s.w.member.token)).statusCode).toBe(400);
  });
});

describe('addOrderComment and deleteOrder', () => {
  it('rejects an empty comment, comments on foreign orders, and missing tokens', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2031-05-02T00:00:00Z'),
    });
    const [foreign] = await addOrders(s.t.db, s.w.other.id, {
      count: 1,
      productId: s.w.otherProduct,
      start: new Date('2031-05-02T00:00:00Z'),
    });
    const post = (oid: string, payload: unknown, token?: string) =>
      s.req('POST', `/api/v1/orders/${oid}/comments`, token, payload);
    expect((await post(id, { comment: '   ' }, s.w.member.token)).statusCode).toBe(400);
    expect((await post(id, { comment: 'x', extra: 1 }, s.w.member.token)).statusCode).toBe(400);
    expect((await post(foreign, { comment: 'x' }, s.w.member.token)).statusCode).toBe(404);
    expect((await post(id, { comment: 'x' })).statusCode).toBe(401);
  });

  it('deletes an order of the team (204, EDITOR and up; restorable: deletes.test.ts) and answers 404 for others', async () => {
    const [id] = await addOrders(s.t.db, s.w.home.id, {
      count: 1,
      productId: s.w.product,
      start: new Date('2031-05-03T00:00:00Z'),
    });
    const [foreign] = await addOrders(s.t.db, s.w.other.id, {
      count: 1,
      productId: s.w.otherProduct,
      start: new Date('2031-05-03T00:00:00Z'),
    });
    const del = (oid: string, token?: string) => s.req('DELETE', `/api/v1/orders/${oid}`, token);
    expect((await del(id)).statusCode).toBe(401);
    expect((await del(foreign, s.w.admin.token)).statusCode).toBe(404);
    expect((await del(id, s.w.member.token)).statusCode).toBe(403);
    expect((await s.t.db.query('SELECT 1 FROM orders WHERE id = $1', [foreign])).length).toBe(1);
    const res = await del(id, s.w.admin.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(`/api/v1/orders/${id}`, s.w.admin.token)).statusCode).toBe(404);
  });
});

describe('counts', () => {
  it('counts per team-local day with every OTA and zeros, and in total', async () => {
    const team = s.w.japan.id;
    // 2032-01-01T16:00Z is 2032-01-02 01:00 in Tokyo.
    await addOrders(s.t.db, team, {
      count: 2,
      productId: s.w.product,
      start: new Date('2032-01-01T16:00:00Z'),
      stepMinutes: 0,
    });
    await addOrders(s.t.db, team, {
      count: 1,
      productId: s.w.product,
      start: new Date('2032-01-01T16:00:00Z'),
      ota: 'VIATOR',
    });
    const res = await get(
      `/api/v1/orders/count/daily?teamId=${team}&startDate=2032-01-01&endDate=2032-01-03`,
      s.w.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toEqual([
      { date: '2032-01-01', total: 0, otaCounts: { KLOOK: 0, KKDAY: 0, VIATOR: 0, MPG: 0 } },
      { date: '2032-01-02', total: 3, otaCounts: { KLOOK: 2, KKDAY: 0, VIATOR: 1, MPG: 0 } },
      { date: '2032-01-03', total: 0, otaCounts: { KLOOK: 0, KKDAY: 0, VIATOR: 0, MPG: 0 } },
    ]);
    const viator = await get(
      `/api/v1/orders/count/daily?teamId=${team}&startDate=2032-01-02&endDate=2032-01-02&ota=VIATOR`,
      s.w.admin.token,
    );
    expect(viator.json().counts[0].total).toBe(1);
    const total = await get(
      `/api/v1/orders/count/total?teamId=${team}&startDate=2032-01-02&endDate=2032-01-02`,
      s.w.admin.token,
    );
    expect(total.json()).toEqual({ total: 3 });
  });

  it('guards the counts: 401, 403, 400', async () => {
    expect((await get(`/api/v1/orders/count/total?teamId=${s.w.home.id}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/orders/count/total?teamId=${s.w.other.id}`, s.w.member.token)).statusCode).toBe(403);
    expect(
      (await get(`/api/v1/orders/count/daily?teamId=${s.w.home.id}&startDate=2032-01-01`, s.w.member.token)).statusCode,
    ).toBe(400);
    expect(
      (
        await get(
          `/api/v1/orders/count/daily?teamId=${s.w.home.id}&startDate=2032-01-05&endDate=2032-01-01`,
          s.w.member.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await get(
          `/api/v1/orders/count/daily?teamId=${s.w.other.id}&startDate=2032-01-01&endDate=2032-01-02`,
          s.w.member.token,
        )
      ).statusCode,
    ).toBe(403);
  });
});
