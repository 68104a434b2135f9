import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/client';
import type { ServerSuite } from './fixtures';

/** Shared by the statistics and counts suites: orders made through the API, and the figures counted
 *  straight from the orders, to hold the rollup-backed answers against. */

export interface NewOrder {
  departureAt: string;
  bookedAt?: string;
  ota?: 'KLOOK' | 'KKDAY' | 'VIATOR' | 'MPG';
  adult?: number;
  child?: number;
  /** The TOTAL price; none when null. */
  total?: { amount: number; currency: string } | null;
  status?: string;
}

/** Creates orders in the home team through createOrders (one request per OTA); returns their ids in order. */
export async function createOrders(s: ServerSuite, orders: NewOrder[], teamId = s.w.home.id): Promise<string[]> {
  const ids: string[] = new Array(orders.length);
  for (const ota of ['KLOOK', 'KKDAY', 'VIATOR', 'MPG'] as const) {
    const mine = orders.map((o, i) => [o, i] as const).filter(([o]) => (o.ota ?? 'KLOOK') === ota);
    if (mine.length === 0) continue;
    const res = await s.req('POST', '/api/v1/orders/batch', s.w.admin.token, {
      teamId,
      ota,
      orders: mine.map(([o]) => ({
        otaOrderId: `${ota}-${randomUUID().slice(0, 12)}`,
        departureAt: o.departureAt,
        bookedAt: o.bookedAt ?? '2030-01-01T00:00:00Z',
        language: 'en',
        product: { id: teamId === s.w.home.id || teamId === s.w.japan.id ? s.w.product : s.w.otherProduct },
        customer: { name: 'Ann Lee', email: 'ann@example.test' },
        quantity: { adult: o.adult ?? 2, child: o.child ?? 0 },
        prices:
          o.total === null
            ? [{ type: 'ADULT', amount: 10, currency: 'USD' }]
            : [
                { type: 'ADULT', amount: 10, currency: o.total?.currency ?? 'USD' },
                { type: 'TOTAL', amount: o.total?.amount ?? 20, currency: o.total?.currency ?? 'USD' },
              ],
        ...(o.status ? { statusV2: o.status } : {}),
      })),
    });
    if (res.statusCode !== 200) throw new Error(`createOrders answered ${res.statusCode}: ${res.body}`);
    res.json().orders.forEach((o: { id: string }, k: number) => (ids[mine[k][1]] = o.id));
  }
  return ids;
}

export type Figures = Record<string, number>;

/** Per "basis day ota": the figures of the team's orders, counted from the orders themselves. */
export async function directCounts(db: Db, teamId: string): Promise<Map<string, Figures>> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT b.basis, b.day::text AS day, o.ota, count(*)::int AS orders,
            count(*) FILTER (WHERE o.status = 'new')::int AS status_new,
            count(*) FILTER (WHERE o.status = 'pending')::int AS status_pending,
            count(*) FILTER (WHERE o.status = 'grouped')::int AS status_grouped,
            count(*) FILTER (WHERE o.status = 'arranged')::int AS status_arranged,
            count(*) FILTER (WHERE o.status = 'completed')::int AS status_completed,
            count(*) FILTER (WHERE o.status = 'canceled')::int AS status_canceled,
            count(*) FILTER (WHERE o.status = 'cancel_requested')::int AS status_cancel_requested,
            count(*) FILTER (WHERE o.tour_id IS NOT NULL AND o.status = 'canceled')::int AS linked_canceled,
            count(*) FILTER (WHERE o.tour_id IS NOT NULL AND o.status = 'cancel_requested')::int AS linked_cancel_requested,
            sum(o.quantity_adult)::int AS adult, sum(o.quantity_child)::int AS child,
            count(*) FILTER (WHERE (o.email_checkpoints->>'confirmation')::boolean)::int AS confirmation,
            count(*) FILTER (WHERE (o.email_checkpoints->>'info')::boolean)::int AS info,
            count(*) FILTER (WHERE o.status <> 'canceled' AND o.check_in_state = 'CHECKED_IN')::int AS checked_in,
            count(*) FILTER (WHERE o.status <> 'canceled' AND o.check_in_state = 'NO_SHOW')::int AS no_show
       FROM orders o JOIN teams t ON t.id = o.team_id,
            LATERAL (VALUES ('departure', timezone(t.timezone, o.departure_at)::date),
                            ('booking', timezone(t.timezone, o.booked_at)::date)) AS b(basis, day)
      WHERE o.team_id = $1
      GROUP BY 1, 2, 3`,
    [teamId],
  );
  return keyed(rows);
}

/** The rollup's rows of the team (their slots summed), without those that have come down to all zeros. */
export async function rollupCounts(db: Db, teamId: string): Promise<Map<string, Figures>> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT basis, day::text AS day, ota, sum(orders)::int AS orders, sum(status_new)::int AS status_new,
            sum(status_pending)::int AS status_pending, sum(status_grouped)::int AS status_grouped,
            sum(status_arranged)::int AS status_arranged, sum(status_completed)::int AS status_completed,
            sum(status_canceled)::int AS status_canceled, sum(status_cancel_requested)::int AS status_cancel_requested,
            sum(linked_canceled)::int AS linked_canceled, sum(linked_cancel_requested)::int AS linked_cancel_requested,
            sum(adult)::int AS adult, sum(child)::int AS child, sum(confirmation)::int AS confirmation,
            sum(info)::int AS info, sum(checked_in)::int AS checked_in, sum(no_show)::int AS no_show
       FROM order_day_counts WHERE team_id = $1 GROUP BY basis, day, ota`,
    [teamId],
  );
  return keyed(rows.filter((r) => Object.values(r).some((v) => typeof v === 'number' && v !== 0)));
}

/** Per "basis day ota currency": the TOTAL prices summed, from the orders and from the rollup. */
export async function directRevenue(db: Db, teamId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ key: string; amount: string }>(
    `SELECT b.basis || ' ' || b.day::text || ' ' || o.ota || ' ' || (p->>'currency') AS key,
            sum((p->>'amount')::numeric)::text AS amount
       FROM orders o JOIN teams t ON t.id = o.team_id, jsonb_array_elements(o.prices) p,
            LATERAL (VALUES ('departure', timezone(t.timezone, o.departure_at)::date),
                            ('booking', timezone(t.timezone, o.booked_at)::date)) AS b(basis, day)
      WHERE o.team_id = $1 AND p->>'type' = 'TOTAL'
      GROUP BY 1 HAVING sum((p->>'amount')::numeric) <> 0`,
    [teamId],
  );
  return new Map(rows.map((r) => [r.key, Number(r.amount)]));
}

export async function rollupRevenue(db: Db, teamId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ key: string; amount: string }>(
    `SELECT basis || ' ' || day::text || ' ' || ota || ' ' || currency AS key, sum(amount)::text AS amount
       FROM order_day_revenue WHERE team_id = $1 GROUP BY basis, day, ota, currency HAVING sum(amount) <> 0`,
    [teamId],
  );
  return new Map(rows.map((r) => [r.key, Number(r.amount)]));
}

function keyed(rows: Record<string, unknown>[]): Map<string, Figures> {
  const out = new Map<string, Figures>();
  for (const { basis, day, ota, ...figures } of rows) {
    out.set(
      `${String(basis)} ${String(day)} ${String(ota)}`,
      Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)])),
    );
  }
  return out;
}

const sorted = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => a.localeCompare(b));

/** Both sides of the comparison, as sorted entries for toEqual (a mismatch shows the key). */
export async function rollupAndDirect(db: Db, teamId: string) {
  return {
    rollup: { counts: sorted(await rollupCounts(db, teamId)), revenue: sorted(await rollupRevenue(db, teamId)) },
    direct: { counts: sorted(await directCounts(db, teamId)), revenue: sorted(await directRevenue(db, teamId)) },
  };
}
