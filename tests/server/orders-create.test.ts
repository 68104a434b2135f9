import { describe, expect, it } from 'vitest';
import { bearer, useServerSuite } from './fixtures';

const s = useServerSuite();

describe('createOrders', () => {
  const input = (otaOrderId: string, extra: Record<string, unknown> = {}) => ({
    otaOrderId,
    departureAt: '2033-03-01T01:00:00Z',
    language: 'en',
    product: { id: s.w.product },
    customer: { name: 'Ann', email: 'ann@example.test' },
    quantity: { adult: 2, child: 1 },
    ...extra,
  });
  const post = (payload: unknown, token?: string) => s.req('POST', '/api/v1/orders/batch', token, payload);

  it('creates orders with generated display ids, defaults and a CREATE event', async () => {
    const res = await post(
      {
        teamId: s.w.home.id,
        ota: 'KKDAY',
        orders: [input('kk-1'), input('kk-2', { prices: [{ type: 'ADULT', amount: 30, currency: 'USD' }] })],
      },
      s.w.editor.token,
    );
    expect(res.statusCode).toBe(200);
    const [a, b] = res.json().orders;
    expect(a).toMatchObject({
      ota: 'KKDAY',
      otaOrderId: 'kk-1',
      statusV2: 'new',
      version: 1,
      quantity: { total: 3, adult: 2, child: 1 },
      prices: [],
    });
    expect(a.displayId).toMatch(/^VN-\d{6}$/);
    expect(Number(b.displayId.slice(3))).toBe(Number(a.displayId.slice(3)) + 1);
    expect(b.prices).toEqual([{ type: 'ADULT', amount: 30, currency: 'USD' }]);
    const detail = (
      await s.t.app.inject({ method: 'GET', url: `/api/v1/orders/${a.id}`, headers: bearer(s.w.member) })
    ).json();
    expect(detail.eventLogs[0].type).toBe('CREATE');
  });

  it('adds an unknown product that the input names, refuses the order of one it does not', async () => {
    const named = await post(
      {
        teamId: s.w.home.id,
        ota: 'MPG',
        orders: [input('mpg-1', { product: { id: 'NEW-P', route: 'Hanoi - Halong', pack: 'Deluxe' } })],
      },
      s.w.editor.token,
    );
    expect(named.statusCode).toBe(200);
    expect(named.json().orders[0].product).toEqual({ id: 'NEW-P', route: 'Hanoi - Halong', pack: 'Deluxe' });
    const unnamed = await post(
      { teamId: s.w.home.id, ota: 'MPG', orders: [input('mpg-2', { product: { id: 'GHOST' } })] },
      s.w.editor.token,
    );
    expect(unnamed.statusCode).toBe(200);
    expect(unnamed.json()).toEqual({
      orders: [],
      results: [
        {
          otaOrderId: 'mpg-2',
          outcome: 'refused',
          orderId: null,
          reason: 'Unknown product GHOST: give its name and route to add it to the team',
        },
      ],
    });
    expect((await s.t.db.query("SELECT 1 FROM orders WHERE ota_order_id = 'mpg-2'")).length).toBe(0);
  });

  it('answers unchanged for an OTA order imported twice, 403 for another team, 400, a refusal and 401', async () => {
    expect(
      (await post({ teamId: s.w.home.id, ota: 'VIATOR', orders: [input('v-1')] }, s.w.editor.token)).statusCode,
    ).toBe(200);
    const twice = await post({ teamId: s.w.home.id, ota: 'VIATOR', orders: [input('V-1')] }, s.w.editor.token);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().results[0].outcome).toBe('unchanged');
    expect(
      (await post({ teamId: s.w.other.id, ota: 'VIATOR', orders: [input('v-2')] }, s.w.editor.token)).statusCode,
    ).toBe(403);
    expect(
      (await post({ teamId: s.w.home.id, ota: 'EXPEDIA', orders: [input('v-3')] }, s.w.editor.token)).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          {
            teamId: s.w.home.id,
            ota: 'VIATOR',
            orders: [input('v-4', { customer: { name: 'x', email: 'not-mail' } })],
          },
          s.w.editor.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          {
            teamId: s.w.home.id,
            ota: 'VIATOR',
            orders: [input('v-5', { prices: [{ type: 'A', amount: -5, currency: 'USD' }] })],
          },
          s.w.editor.token,
        )
      ).json().results[0],
    ).toMatchObject({ outcome: 'refused', reason: 'Order v-5: price A must be an amount >= 0' });
    expect((await post({ teamId: s.w.home.id, ota: 'VIATOR', orders: [input('v-6')] })).statusCode).toBe(401);
  });
});
