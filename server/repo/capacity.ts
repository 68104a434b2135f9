import type { Db } from '../db/client';

/**
 * Places used at a product's departures: the team's orders of the product departing in the window
 * (canceled ones free their places) plus the channel's live holds starting in it (ON_HOLD, not yet
 * expired, no order yet: a confirmed booking counts through its order). A hold stops counting at
 * its utc_expires_at even before any sweeper marks it EXPIRED.
 */
export interface DepartureWindow {
  /** inclusive */
  from: Date;
  /** exclusive */
  to: Date;
}

/**
 * Used places of each window, in the order given, in one statement: one range scan of the orders
 * (orders_team_product_departure) and one of the holds (channel_bookings_holds) from the first
 * window's start to the last one's end, summed per departure instant, then shared out to the
 * windows (which must not overlap). A 90-day calendar is one round trip.
 */
export async function usedPlaces(
  db: Db,
  teamId: string,
  productId: string,
  windows: DepartureWindow[],
): Promise<number[]> {
  if (windows.length === 0) return [];
  const from = Math.min(...windows.map((w) => w.from.getTime()));
  const to = Math.max(...windows.map((w) => w.to.getTime()));
  const rows = await db.query<{ at: Date; used: number }>(
    `SELECT o.departure_at AS at, sum(o.quantity_total)::int AS used FROM orders o
      WHERE o.team_id = $1 AND o.product_id = $2 AND o.status <> 'canceled'
        AND o.departure_at >= $3 AND o.departure_at < $4
      GROUP BY o.departure_at
     UNION ALL
     SELECT b.starts_at, sum(b.pax)::int FROM channel_bookings b
      WHERE b.team_id = $1 AND b.product_id = $2 AND b.status = 'ON_HOLD'
        AND b.starts_at >= $3 AND b.starts_at < $4
        AND b.utc_expires_at > now() AND b.order_id IS NULL
      GROUP BY b.starts_at`,
    [teamId, productId, new Date(from).toISOString(), new Date(to).toISOString()],
    'capacity_used_places',
  );
  // windows by start, to find each instant's window by bisection
  const order = windows.map((_, i) => i).sort((a, b) => windows[a].from.getTime() - windows[b].from.getTime());
  const used = new Array<number>(windows.length).fill(0);
  for (const r of rows) {
    const at = new Date(r.at).getTime();
    let lo = 0;
    let hi = order.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (windows[order[mid]].from.getTime() <= at) lo = mid;
      else hi = mid - 1;
    }
    const w = windows[order[lo]];
    if (at >= w.from.getTime() && at < w.to.getTime()) used[order[lo]] += Number(r.used);
  }
  return used;
}

/**
 * Serialises the writers of one departure (reserve, amendment) until the transaction ends: a
 * transaction-scoped advisory lock on team/product/start, taken before counting the places. The key
 * is the one channel_lock_departure (migration 015) takes, so both serialise the same writers.
 */
export async function lockDepartureKey(tx: Db, teamId: string, productId: string, startsAt: Date): Promise<void> {
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtextextended($1 || '/' || $2 || '/' || $3, 0))`,
    [teamId, productId, startsAt.toISOString()],
    'capacity_lock_departure',
  );
}
