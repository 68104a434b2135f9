import { describe, expect, it } from 'vitest';
import { insertInboxItem } from '../../server/repo/inbox';
import { useServerSuite, type ServerSuite } from './fixtures';
import { channelKey } from './octo-fixtures';

/**
 * The inbox API: a team's items newest first (open ones by default, or all), paged by cursor, the
 * count of open items, and Acknowledge (once; another team's item is not found). Items here come
 * from what they come from in the product: a channel key's imports.
 */
const s = useServerSuite({ init: fill });

const order = (otaOrderId: string, extra: Record<string, unknown> = {}) => ({
  otaOrderId,
  departureAt: '2033-04-05T05:00:00Z',
  language: 'en',
  product: { id: s.w.product },
  customer: { name: 'Bao Tran', email: 'bao@example.test' },
  quantity: { adult: 2, child: 0 },
  ...extra,
});

/** Three items for home (an amendment, a cancellation, a refusal, in that order) and one for `other`. */
async function fill(t: ServerSuite['t']): Promise<void> {
  const key = await channelKey(t.db, t.world.home.id, 'KLOOK');
  const send = (orders: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/batch',
      headers: { authorization: `Bearer ${key}` },
      payload: { teamId: t.world.home.id, ota: 'KLOOK', orders },
    });
  const o = order;
  await send([o('KL-1'), o('KL-2')]);
  await send([o('KL-1', { quantity: { adult: 3, child: 0 } })]);
  await send([o('KL-2', { statusV2: 'canceled' })]);
  await send([o('KL-3', { product: { id: 'UNKNOWN' } })]);
  await insertInboxItem(t.db, {
    teamId: t.world.other.id,
    kind: 'REFUSED',
    channel: 'VIATOR',
    source: 'OCTO',
    reference: 'V-9',
    reason: 'Sold out',
    errorCode: 'UNPROCESSABLE_ENTITY',
    request: { uuid: 'x' },
  });
}

const list = (token: string, query = '') => s.req('GET', `/api/v1/inbox?teamId=${s.w.home.id}${query}`, token);
const count = async (token: string) =>
  (await s.req('GET', `/api/v1/inbox/count?teamId=${s.w.home.id}`, token)).json().total;
const ack = (token: string, id: string) => s.req('POST', `/api/v1/inbox/${id}/acknowledge`, token);

describe('the inbox', () => {
  it('lists open items newest first, each with its order’s display id, its changes, reason and request', async () => {
    const res = await list(s.w.member.token);
    expect(res.statusCode).toBe(200);
    const { items, hasMore, nextCursor } = res.json();
    expect(hasMore).toBe(false);
    expect(nextCursor).toBeNull();
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(['REFUSED', 'CANCELLATION', 'AMENDMENT']);
    const [refused, cancellation, amendment] = items;
    const orderIds = await s.t.db.query<{ id: string; display_id: string; ota_order_id: string }>(
      "SELECT id, display_id, ota_order_id FROM orders WHERE team_id = $1 AND ota_order_id IN ('KL-1', 'KL-2') ORDER BY ota_order_id",
      [s.w.home.id],
    );
    expect(amendment).toMatchObject({
      channel: 'KLOOK',
      source: 'IMPORT',
      reference: 'KL-1',
      orderId: orderIds[0].id,
      orderDisplayId: orderIds[0].display_id,
      changes: [{ field: 'adults', from: 2, to: 3 }],
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    expect(cancellation).toMatchObject({
      reference: 'KL-2',
      orderDisplayId: orderIds[1].display_id,
      reason: 'Canceled by Klook (API)',
    });
    expect(refused).toMatchObject({
      reference: 'KL-3',
      orderId: null,
      orderDisplayId: null,
      errorCode: 'UNKNOWN_PRODUCT',
      reason: 'Unknown product UNKNOWN: give its name and route to add it to the team',
      request: { otaOrderId: 'KL-3', product: { id: 'UNKNOWN' } },
    });
    expect(Date.parse(refused.createdAt)).toBeGreaterThanOrEqual(Date.parse(amendment.createdAt));
  });

  it('pages with a cursor, never repeating or skipping an item', async () => {
    const first = (await list(s.w.member.token, '&limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = (await list(s.w.member.token, `&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(1);
    expect(second.hasMore).toBe(false);
    const all = (await list(s.w.member.token)).json().items.map((i: { id: string }) => i.id);
    expect([...first.items, ...second.items].map((i: { id: string }) => i.id)).toEqual(all);
    expect((await list(s.w.member.token, '&cursor=nonsense')).statusCode).toBe(400);
  });

  it('acknowledges once: the count drops, the item leaves the open list and stays in all', async () => {
    expect(await count(s.w.member.token)).toBe(3);
    const [newest] = (await list(s.w.member.token)).json().items;
    const first = await ack(s.w.member.token, newest.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: newest.id, acknowledgedBy: { id: s.w.member.id, name: s.w.member.name } });
    expect(first.json().acknowledgedAt).not.toBeNull();
    // again, by someone else: nothing changes
    const again = await ack(s.w.editor.token, newest.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await count(s.w.member.token)).toBe(2);
    const open = (await list(s.w.member.token)).json().items.map((i: { id: string }) => i.id);
    expect(open).not.toContain(newest.id);
    const all = (await list(s.w.member.token, '&state=all')).json().items.map((i: { id: string }) => i.id);
    expect(all).toHaveLength(3);
    expect(all[0]).toBe(newest.id);
  });

  it('keeps teams apart: 403 for a team one is not in, 404 for another team’s item or an unknown id', async () => {
    expect((await list(s.w.outsider.token)).statusCode).toBe(403);
    expect((await s.req('GET', `/api/v1/inbox/count?teamId=${s.w.home.id}`, s.w.outsider.token)).statusCode).toBe(403);
    const [item] = (await list(s.w.member.token)).json().items;
    expect((await ack(s.w.outsider.token, item.id)).statusCode).toBe(404);
    const others = (await s.req('GET', `/api/v1/inbox?teamId=${s.w.other.id}`, s.w.outsider.token)).json().items;
    expect(others).toHaveLength(1);
    expect((await ack(s.w.member.token, others[0].id)).statusCode).toBe(404);
    expect((await ack(s.w.member.token, 'no-such-item')).statusCode).toBe(404);
    expect((await s.req('GET', `/api/v1/inbox/count?teamId=${s.w.other.id}`, s.w.outsider.token)).json().total).toBe(1);
  });

  it('answers 400 for a state it does not know and 401 without a token', async () => {
    expect((await list(s.w.member.token, '&state=closed')).statusCode).toBe(400);
    expect((await s.req('GET', `/api/v1/inbox?teamId=${s.w.home.id}`)).statusCode).toBe(401);
    expect((await s.req('POST', '/api/v1/inbox/x/acknowledge')).statusCode).toBe(401);
  });
});
