import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertNewOrders } from '../../server/repo/order-import';
import { bearer, useServerSuite } from './fixtures';
import { channelKey } from './octo-fixtures';

/**
 * The batch import (createOrders) is idempotent by team + OTA + OTA order id: each order of a batch
 * is created, amended (with its changes), unchanged or refused with its reason, never a whole-batch
 * failure; a re-sent `canceled` cancels the order. A team's channel key may import its own OTA's
 * orders: what it amends, cancels or gets refused lands in the inbox, signed by the channel.
 */
const s = useServerSuite();

let n = 0;
/** A fresh OTA order id per test, so the tests of the file do not meet each other's orders. */
const fresh = (prefix: string) => `${prefix}-${++n}-${Date.now().toString(36)}`;

const input = (otaOrderId: string, extra: Record<string, unknown> = {}) => ({
  otaOrderId,
  departureAt: '2033-03-05T05:00:00Z',
  language: 'en',
  product: { id: s.w.product },
  customer: { name: 'Ann Lee', email: 'ann@example.test' },
  quantity: { adult: 2, child: 1 },
  prices: [{ type: 'ADULT', amount: 45, currency: 'USD' }],
  ...extra,
});

const post = (payload: unknown, token?: string) => s.req('POST', '/api/v1/orders/batch', token, payload);
const importAs = (token: string, orders: unknown[], ota = 'KLOOK', teamId = s.w.home.id) =>
  post({ teamId, ota, orders }, token);

const detail = async (id: string) =>
  (await s.t.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: bearer(s.w.member) })).json();

const ordersOf = (otaOrderId: string) =>
  s.t.db.query<{ id: string; status: string }>(
    'SELECT id, status FROM orders WHERE team_id = $1 AND upper(ota_order_id) = upper($2)',
    [s.w.home.id, otaOrderId],
  );

const inboxOf = (reference: string) =>
  s.t.db.query<{
    kind: string;
    source: string;
    channel: string;
    changes: unknown;
    reason: string | null;
    error_code: string | null;
    request: unknown;
    order_id: string | null;
  }>(
    'SELECT kind, source, channel, changes, reason, error_code, request, order_id FROM channel_inbox WHERE reference = $1 ORDER BY created_at, id',
    [reference],
  );

describe('createOrders: one result per order', () => {
  it('creates, then answers unchanged for the same order again (any case), never 409', async () => {
    const id = fresh('kl');
    const first = await importAs(s.w.editor.token, [input(id)]);
    expect(first.statusCode).toBe(200);
    const created = first.json();
    expect(created.results).toEqual([{ otaOrderId: id, outcome: 'created', orderId: created.orders[0].id }]);
    expect(created.orders[0]).toMatchObject({ otaOrderId: id, ota: 'KLOOK', statusV2: 'new', version: 1 });
    expect(created.orders[0].displayId).toMatch(/^VN-\d{6}$/);

    const again = await importAs(s.w.editor.token, [input(id.toUpperCase())]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      orders: [],
      results: [{ otaOrderId: id.toUpperCase(), outcome: 'unchanged', orderId: created.orders[0].id }],
    });
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('amends a known order whose fields differ: its changes, the order as stored and an EDIT in its Activity', async () => {
    const id = fresh('kl');
    const orderId = (await importAs(s.w.editor.token, [input(id)])).json().orders[0].id;
    const res = await importAs(s.w.editor.token, [
      input(id, {
        departureAt: '2033-03-06T01:00:00Z',
        quantity: { adult: 3, child: 1 },
        customer: { name: 'Ann Lee-Tran', email: 'ann@example.test' },
        prices: [{ type: 'ADULT', amount: 60, currency: 'USD' }],
      }),
    ]);
    expect(res.statusCode).toBe(200);
    const { orders, results } = res.json();
    expect(results).toEqual([
      {
        otaOrderId: id,
        outcome: 'amended',
        orderId,
        changes: [
          { field: 'departureAt', from: '2033-03-05T05:00:00.000Z', to: '2033-03-06T01:00:00.000Z' },
          { field: 'customerName', from: 'Ann Lee', to: 'Ann Lee-Tran' },
          { field: 'adults', from: 2, to: 3 },
          {
            field: 'prices',
            from: [{ type: 'ADULT', amount: 45, currency: 'USD' }],
            to: [{ type: 'ADULT', amount: 60, currency: 'USD' }],
          },
        ],
      },
    ]);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: orderId,
      departureAt: '2033-03-06T01:00:00.000Z',
      customer: { name: 'Ann Lee-Tran' },
      quantity: { total: 4, adult: 3, child: 1 },
      version: 2,
    });
    const edit = (await detail(orderId)).eventLogs.find((e: { type: string }) => e.type === 'EDIT');
    expect(edit.operatedBy).toEqual({ id: s.w.editor.id, name: s.w.editor.name });
    expect(edit.changes.map((c: { field: string }) => c.field).sort()).toEqual([
      'adults',
      'customerName',
      'departureAt',
      'prices',
    ]);
    // a person saw the results: nothing for the inbox
    expect(await inboxOf(id)).toEqual([]);
  });

  it('cancels a known order sent again as canceled: amended with the status change and a STATUS event', async () => {
    const id = fresh('kl');
    const orderId = (await importAs(s.w.editor.token, [input(id)])).json().orders[0].id;
    const res = await importAs(s.w.editor.token, [input(id, { statusV2: 'canceled' })]);
    expect(res.json().results).toEqual([
      { otaOrderId: id, outcome: 'amended', orderId, changes: [{ field: 'statusV2', from: 'new', to: 'canceled' }] },
    ]);
    expect(res.json().orders[0]).toMatchObject({ id: orderId, statusV2: 'canceled' });
    const status = (await detail(orderId)).eventLogs.find((e: { type: string }) => e.type === 'STATUS');
    expect(status).toMatchObject({ comment: 'New Order → Canceled' });
    // canceled twice is once
    expect((await importAs(s.w.editor.token, [input(id, { statusV2: 'canceled' })])).json().results[0].outcome).toBe(
      'unchanged',
    );
  });

  it('refuses single orders with their reason and keeps the rest of the batch, in the batch’s order', async () => {
    const [ok, dup, neg, ghost, taken, named, twice] = ['ok', 'dup', 'neg', 'ghost', 'taken', 'named', 'twice'].map(
      fresh,
    );
    const existing = (await importAs(s.w.editor.token, [input(fresh('kl'))])).json().orders[0];
    const res = await importAs(s.w.editor.token, [
      input(ok),
      input(dup),
      input(dup.toUpperCase(), { language: 'vi' }),
      input(neg, { prices: [{ type: 'ADULT', amount: -5, currency: 'USD' }] }),
      input(ghost, { product: { id: `GHOST-${ghost}` } }),
      input(taken, { displayId: existing.displayId }),
      input(named, { product: { id: `NEW-${named}`, route: 'Hanoi - Halong', pack: 'Deluxe' } }),
      input(twice, { displayId: `MINE-${twice}` }),
      input(fresh('x'), { displayId: `MINE-${twice}` }),
    ]);
    expect(res.statusCode).toBe(200);
    const { results, orders } = res.json();
    expect(results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'created',
      'created',
      'refused',
      'refused',
      'refused',
      'refused',
      'created',
      'created',
      'refused',
    ]);
    expect(results.map((r: { reason?: string }) => r.reason ?? null)).toEqual([
      null,
      null,
      `Order ${dup.toUpperCase()} is twice in the batch: only the first counts`,
      `Order ${neg}: price ADULT must be an amount >= 0`,
      `Unknown product GHOST-${ghost}: give its name and route to add it to the team`,
      `Display id ${existing.displayId} belongs to another order`,
      null,
      null,
      `Display id MINE-${twice} is twice in the batch`,
    ]);
    expect(
      results
        .filter((r: { outcome: string }) => r.outcome === 'refused')
        .every((r: { orderId: unknown }) => r.orderId === null),
    ).toBe(true);
    expect(orders.map((o: { otaOrderId: string }) => o.otaOrderId)).toEqual([ok, dup, named, twice]);
    expect(orders[2].product).toEqual({ id: `NEW-${named}`, route: 'Hanoi - Halong', pack: 'Deluxe' });
    expect(orders[3].displayId).toBe(`MINE-${twice}`);
    expect(await ordersOf(neg)).toEqual([]);
    expect(await ordersOf(ghost)).toEqual([]);
    expect((await ordersOf(dup)).length).toBe(1);
  });

  it('answers 403 for another team or a MEMBER, 400 for what the contract refuses, 401 without a token', async () => {
    expect((await importAs(s.w.editor.token, [input(fresh('v'))], 'VIATOR', s.w.other.id)).statusCode).toBe(403);
    expect((await importAs(s.w.member.token, [input(fresh('v'))], 'VIATOR')).statusCode).toBe(403);
    expect((await importAs(s.w.editor.token, [input(fresh('v'))], 'EXPEDIA')).statusCode).toBe(400);
    expect(
      (await importAs(s.w.editor.token, [input(fresh('v'), { customer: { name: 'x', email: 'not-mail' } })]))
        .statusCode,
    ).toBe(400);
    expect((await post({ teamId: s.w.home.id, ota: 'VIATOR', orders: [input(fresh('v'))] })).statusCode).toBe(401);
  });

  it('two identical batches at once create each order once', async () => {
    const batch = Array.from({ length: 5 }, () => input(fresh('race')));
    const answers = await Promise.all([
      importAs(s.w.editor.token, batch),
      importAs(s.w.editor.token, batch),
      importAs(s.w.editor.token, batch),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    for (const [k, order] of batch.entries()) {
      const rows = await ordersOf(order.otaOrderId);
      expect(rows).toHaveLength(1);
      const outcomes = answers.map((a) => a.json().results[k]);
      expect(outcomes.filter((r) => r.outcome === 'created')).toHaveLength(1);
      expect(outcomes.filter((r) => r.outcome === 'unchanged')).toHaveLength(2);
      expect(new Set(outcomes.map((r) => r.orderId))).toEqual(new Set([rows[0].id]));
      const creates = await s.t.db.query("SELECT 1 FROM event_logs WHERE order_id = $1 AND type = 'CREATE'", [
        rows[0].id,
      ]);
      expect(creates).toHaveLength(1);
    }
  });
});

describe('createOrders under concurrency', () => {
  it('overlapping batches at once: each OTA order once, whichever batch made it', async () => {
    const [x, y, z] = ['x', 'y', 'z'].map((p) => input(fresh(p)));
    const [a, b] = await Promise.all([importAs(s.w.editor.token, [x, y]), importAs(s.w.editor.token, [y, z])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const o of [x, y, z]) expect(await ordersOf(o.otaOrderId)).toHaveLength(1);
    const forY = [a.json().results[1].outcome, b.json().results[0].outcome].sort();
    expect(forY).toEqual(['created', 'unchanged']);
  });

  it('an insert meeting an OTA order id the team has (any case) skips it instead of failing', async () => {
    const id = fresh('conflict');
    await importAs(s.w.editor.token, [input(id)]);
    const row = {
      id: randomUUID(),
      display_id: `C-${id}`,
      ota_order_id: id.toUpperCase(),
      departure_at: '2033-03-05T05:00:00Z',
      booked_at: '2033-01-05T05:00:00Z',
      language: 'en',
      product_id: s.w.product,
      customer_name: 'Late',
      customer_email: 'late@example.test',
      quantity_total: 1,
      quantity_adult: 1,
      quantity_child: 0,
      prices: [],
      status: 'new' as const,
    };
    expect(await insertNewOrders(s.t.db, s.w.home.id, 'KLOOK', [row])).toEqual(new Set());
    expect(await ordersOf(id)).toHaveLength(1);
  });
});

describe('createOrders with a channel key', () => {
  it('imports for the key’s team and OTA only: 403 for another team or OTA, 401 for a revoked key', async () => {
    const key = await channelKey(s.t.db, s.w.home.id, 'KLOOK');
    const revoked = await channelKey(s.t.db, s.w.home.id, 'KLOOK', true);
    expect((await importAs(key, [input(fresh('kk'))], 'KKDAY')).json()).toMatchObject({ error: 'FORBIDDEN' });
    expect((await importAs(key, [input(fresh('kk'))], 'KKDAY')).statusCode).toBe(403);
    expect((await importAs(key, [input(fresh('kl'))], 'KLOOK', s.w.other.id)).statusCode).toBe(403);
    expect((await importAs(revoked, [input(fresh('kl'))])).statusCode).toBe(401);
    expect((await importAs('tdk_unknown', [input(fresh('kl'))])).statusCode).toBe(401);
    // a key is no token for anything else
    expect((await s.req('GET', `/api/v1/orders?teamId=${s.w.home.id}`, key)).statusCode).toBe(401);
    expect((await s.req('GET', `/api/v1/inbox/count?teamId=${s.w.home.id}`, key)).statusCode).toBe(401);
    const ok = await importAs(key, [input(fresh('kl'))]);
    expect(ok.statusCode).toBe(200);
    const lastUsed = await s.t.db.query<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM channel_keys WHERE team_id = $1 AND revoked_at IS NULL',
      [s.w.home.id],
    );
    expect(lastUsed.every((k) => k.last_used_at !== null)).toBe(true);
  });

  it('signs its events "Klook (API)" and puts amendments, cancellations and refusals in the inbox', async () => {
    const key = await channelKey(s.t.db, s.w.home.id, 'KLOOK');
    const [a, b, c] = ['amend', 'cancel', 'bad'].map(fresh);
    const created = (await importAs(key, [input(a), input(b)])).json();
    expect(created.results.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'created']);
    const [orderA, orderB] = created.orders;
    expect((await detail(orderA.id)).eventLogs[0]).toMatchObject({
      type: 'CREATE',
      operatedBy: { name: 'Klook (API)' },
    });
    // creations need nobody: no inbox item
    expect(await inboxOf(a)).toEqual([]);

    const refusedInput = input(c, { product: { id: 'NOPE' } });
    const res = await importAs(key, [
      input(a, { quantity: { adult: 3, child: 1 } }),
      input(b, { statusV2: 'canceled' }),
      refusedInput,
    ]);
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['amended', 'amended', 'refused']);

    expect(await inboxOf(a)).toEqual([
      {
        kind: 'AMENDMENT',
        source: 'IMPORT',
        channel: 'KLOOK',
        order_id: orderA.id,
        changes: [{ field: 'adults', from: 2, to: 3 }],
        reason: null,
        error_code: null,
        request: null,
      },
    ]);
    expect(await inboxOf(b)).toEqual([
      expect.objectContaining({
        kind: 'CANCELLATION',
        order_id: orderB.id,
        reason: 'Canceled by Klook (API)',
        changes: [{ field: 'statusV2', from: 'new', to: 'canceled' }],
      }),
    ]);
    expect(await inboxOf(c)).toEqual([
      expect.objectContaining({
        kind: 'REFUSED',
        order_id: null,
        error_code: 'UNKNOWN_PRODUCT',
        reason: 'Unknown product NOPE: give its name and route to add it to the team',
        request: refusedInput,
      }),
    ]);
    const edit = (await detail(orderA.id)).eventLogs.find((e: { type: string }) => e.type === 'EDIT');
    expect(edit).toMatchObject({ operatedBy: { name: 'Klook (API)' }, changes: [{ field: 'adults', from: 2, to: 3 }] });
    const status = (await detail(orderB.id)).eventLogs.find((e: { type: string }) => e.type === 'STATUS');
    expect(status).toMatchObject({ operatedBy: { name: 'Klook (API)' } });
    // the same again: unchanged, and nothing new in the inbox
    const again = await importAs(key, [
      input(a, { quantity: { adult: 3, child: 1 } }),
      input(b, { statusV2: 'canceled' }),
    ]);
    expect(again.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'unchanged']);
    expect(await inboxOf(a)).toHaveLength(1);
    expect(await inboxOf(b)).toHaveLength(1);
  });
});
