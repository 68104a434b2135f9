import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import { Params } from './paging';
import type { Price } from './orders';
import { listByDate, rowsByIds } from './records';
import type { EditableColumn } from './versioned';

/** Tours (groups): row mapping, filters, keyset pages and writes. */
export type Tour = Schemas['Tour'];

interface TourRow {
  id: string;
  team_id: string;
  display_id: string;
  display_name: string;
  departure_at: Date;
  product_id: string | null;
  product_route: string | null;
  product_pack: string | null;
  prices: Price[];
  status: Schemas['StatusV2'];
  version: number;
  order_count: number;
  parties: number;
  pax: number;
  checked_in_parties: number;
  checked_in_pax: number;
  no_show_parties: number;
  sort_key: string;
}

/** The orders' count and check-in figures of orders `o` (canceled ones left out of the check-in). */
export const TOUR_CHECK_IN = `SELECT count(*)::int AS order_count,
    count(*) FILTER (WHERE o.status <> 'canceled')::int AS parties,
    COALESCE(sum(o.quantity_total) FILTER (WHERE o.status <> 'canceled'), 0)::int AS pax,
    count(*) FILTER (WHERE o.status <> 'canceled' AND o.check_in_state = 'CHECKED_IN')::int AS checked_in_parties,
    COALESCE(sum(o.check_in_arrived) FILTER (WHERE o.status <> 'canceled' AND o.check_in_state = 'CHECKED_IN'), 0)::int
      AS checked_in_pax,
    count(*) FILTER (WHERE o.status <> 'canceled' AND o.check_in_state = 'NO_SHOW')::int AS no_show_parties
  FROM orders o`;

export type CheckInCounts = Pick<
  TourRow,
  'parties' | 'pax' | 'checked_in_parties' | 'checked_in_pax' | 'no_show_parties'
>;

export const checkInCountsOf = (r: CheckInCounts): Tour['checkIn'] => ({
  parties: Number(r.parties),
  pax: Number(r.pax),
  checkedInParties: Number(r.checked_in_parties),
  checkedInPax: Number(r.checked_in_pax),
  noShowParties: Number(r.no_show_parties),
});

export const TOUR_SELECT = `
  SELECT t.id, t.team_id, t.display_id, t.display_name, t.departure_at, t.product_id,
         p.route AS product_route, p.pack AS product_pack, t.prices, t.status, t.version,
         c.order_count, c.parties, c.pax, c.checked_in_parties, c.checked_in_pax, c.no_show_parties
    FROM tours t
    LEFT JOIN products p ON p.team_id = t.team_id AND p.id = t.product_id
    CROSS JOIN LATERAL (${TOUR_CHECK_IN} WHERE o.tour_id = t.id) c`;

export function mapTour(r: TourRow): Tour {
  return {
    id: r.id,
    displayId: r.display_id,
    displayName: r.display_name,
    departureAt: r.departure_at.toISOString(),
    product: r.product_id
      ? { id: r.product_id, route: r.product_route ?? '', pack: r.product_pack || r.product_id }
      : null,
    prices: r.prices ?? [],
    statusV2: r.status,
    orderCount: Number(r.order_count),
    checkIn: checkInCountsOf(r),
    version: r.version,
  };
}

export interface TourFilters {
  startDate?: string;
  endDate?: string;
  statusV2?: string;
  view?: string;
  productId?: string;
  displayId?: string;
}

const VIEW_STATUS: Record<string, string> = { arranged: 'arranged', grouped: 'grouped', completed: 'completed' };

/** WHERE conditions; dates and today/tomorrow are in the team's timezone. */
export function tourWhere(teamId: string, timezone: string, f: TourFilters, p: Params): string[] {
  const where = [`t.team_id = ${p.add(teamId)}`];
  let tz: string | null = null;
  const zone = () => (tz ??= p.add(timezone));
  if (f.startDate) where.push(`t.departure_at >= (${p.add(f.startDate)}::date)::timestamp AT TIME ZONE ${zone()}`);
  if (f.endDate) where.push(`t.departure_at < ((${p.add(f.endDate)}::date) + 1)::timestamp AT TIME ZONE ${zone()}`);
  if (f.statusV2) where.push(`t.status = ${p.add(f.statusV2)}`);
  if (f.view && VIEW_STATUS[f.view]) where.push(`t.status = ${p.add(VIEW_STATUS[f.view])}`);
  if (f.view === 'today' || f.view === 'tomorrow') {
    const z = zone();
    const from = f.view === 'today' ? 0 : 1;
    const day = `(now() AT TIME ZONE ${z})::date`;
    where.push(`t.departure_at >= (${day} + ${from})::timestamp AT TIME ZONE ${z}`);
    where.push(`t.departure_at < (${day} + ${from + 1})::timestamp AT TIME ZONE ${z}`);
  }
  if (f.productId) where.push(`t.product_id = ${p.add(f.productId)}`);
  if (f.displayId) where.push(`t.display_id = ${p.add(f.displayId)}`);
  return where;
}

const tourSort = (orderBy: string | undefined) => ({ col: 'departure_at', desc: orderBy === 'DEPARTURE_AT_DESC' });
const TOURS = { select: TOUR_SELECT, alias: 't', map: mapTour, where: tourWhere, sort: tourSort };

/** One page of tours, by departure then id; the cursor continues after the last row. */
export const listTours = listByDate(TOURS);

/** How many of a team's tours match the filters. */
export async function countTours(db: Db, team: { teamId: string; timezone: string }, f: TourFilters): Promise<number> {
  const p = new Params();
  const where = tourWhere(team.teamId, team.timezone, f, p);
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tours t WHERE ${where.join(' AND ')}`,
    p.values,
  );
  return Number(row?.n ?? 0);
}

export const toursByIds = (db: Db, ids: string[]): Promise<Tour[]> => rowsByIds(db, TOURS, ids);

export async function tourById(db: Db, id: string): Promise<Tour> {
  const [tour] = await toursByIds(db, [id]);
  if (!tour) throw new Error(`Tour ${id} vanished`);
  return tour;
}

/** What an edit of tours (updateTours) may change. */
export const TOUR_EDITS: EditableColumn<Schemas['TourUpdate'], Tour>[] = [
  { field: 'departureAt', column: 'departure_at', type: 'timestamptz' },
  { field: 'prices', column: 'prices', type: 'jsonb' },
  { field: 'displayName', column: 'display_name', type: 'text' },
];

export interface NewTour {
  id: string;
  teamId: string;
  displayId: string;
  displayName: string;
  departureAt: Date;
  productId: string | null;
}

/** Inserts a tour, grouped. */
export async function insertTour(db: Db, tour: NewTour): Promise<void> {
  await db.query(
    `INSERT INTO tours (id, team_id, display_id, display_name, departure_at, product_id, status)
     VALUES ($1, $2, $3, $4, $5, $6, 'grouped')`,
    [tour.id, tour.teamId, tour.displayId, tour.displayName, tour.departureAt.toISOString(), tour.productId],
  );
}

/** Locks a tour's row for the rest of the transaction. */
export async function lockTour(db: Db, id: string): Promise<void> {
  await db.query('SELECT id FROM tours WHERE id = $1 FOR UPDATE', [id]);
}

/** The local day (YYYY-MM-DD) of an instant in a timezone, as the database tells it. */
export async function localDay(db: Db, at: Date, timezone: string): Promise<string> {
  const [row] = await db.query<{ d: string }>(`SELECT to_char($1::timestamptz AT TIME ZONE $2, 'YYYY-MM-DD') AS d`, [
    at.toISOString(),
    timezone,
  ]);
  return row.d;
}
