import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, setup, type World } from './fixtures';

type Ctx = Awaited<ReturnType<typeof setup>>;
let t: Ctx;
let w: World;

beforeAll(async () => {
  t = await setup();
  w = t.world;
});
afterAll(() => t.close());

describe('createOrders', () => {
  const input = (otaOrderId: string, extra: Record<string, unknown> = {}) => ({
    otaOrderId,
    departureAt: '2033-03-01T01:00:00Z',
    language: 'en',
    product: { id: w.product },
    customer: { name: 'Ann', email: 'ann@example.test' },
    quantity: { adult: 2, child: 1 },
    ...extra,
  });
  const post = (payload: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/batch',
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });

  it('creates orders with generated display ids, defaults and a CREATE event', async () => {
    const res = await post(
      {
        teamId: w.home.id,
        ota: 'KKDAY',
        orders: [input('kk-1'), input('kk-2', { prices: [{ type: 'ADULT', amount: 30, currency: 'USD' }] })],
      },
      w.editor.token,
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
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${a.id}`, headers: bearer(w.member) })
    ).json();
    expect(detail.eventLogs[0].type).toBe('CREATE');
  });

  it('adds an unknown product that the input names, refuses one it does not (400)', async () => {
    const named = await post(
      {
        teamId: w.home.id,
        ota: 'MPG',
        orders: [input('mpg-1', { product: { id: 'NEW-P', route: 'Hanoi - Halong', pack: 'Deluxe' } })],
      },
      w.editor.token,
    );
    expect(named.statusCode).toBe(200);
    expect(named.json().orders[0].product).toEqual({ id: 'NEW-P', route: 'Hanoi - Halong', pack: 'Deluxe' });
    const unnamed = await post(
      { teamId: w.home.id, ota: 'MPG', orders: [input('mpg-2', { product: { id: 'GHOST' } })] },
      w.editor.token,
    );
    expect(unnamed.statusCode).toBe(400);
    expect((await t.db.query("SELECT 1 FROM orders WHERE ota_order_id = 'mpg-2'")).length).toBe(0);
  });

  it('answers 409 for an OTA order imported twice, 403 for another team, 400 and 401', async () => {
    expect((await post({ teamId: w.home.id, ota: 'VIATOR', orders: [input('v-1')] }, w.editor.token)).statusCode).toBe(
      200,
    );
    expect((await post({ teamId: w.home.id, ota: 'VIATOR', orders: [input('V-1')] }, w.editor.token)).statusCode).toBe(
      409,
    );
    expect((await post({ teamId: w.other.id, ota: 'VIATOR', orders: [input('v-2')] }, w.editor.token)).statusCode).toBe(
      403,
    );
    expect((await post({ teamId: w.home.id, ota: 'EXPEDIA', orders: [input('v-3')] }, w.editor.token)).statusCode).toBe(
      400,
    );
    expect(
      (
        await post(
          { teamId: w.home.id, ota: 'VIATOR', orders: [input('v-4', { customer: { name: 'x', email: 'not-mail' } })] },
          w.editor.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          {
            teamId: w.home.id,
            ota: 'VIATOR',
            orders: [input('v-5', { prices: [{ type: 'A', amount: -5, currency: 'USD' }] })],
          },
          w.editor.token,
        )
      ).statusCode,
    ).toBe(400);
    expect((await post({ teamId: w.home.id, ota: 'VIATOR', orders: [input('v-6')] })).statusCode).toBe(401);
  });
});
