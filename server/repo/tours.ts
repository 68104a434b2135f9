import type { Schemas } from '../contract';
import type { Db } from '../db/client';
import { Params, pageWindow, toPage, type Page, type PageRequest } from './paging';
import type { Price } from './orders';

/** Tours (groups): row mapping, filters and keyset pages. */

/** The contract's Tour, except statusV2: the status column is unconstrained text, so any string. */
export type Tour = Omit<Schemas['Tour'], 'statusV2'> & { statusV2: string };

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
  status: string;
  version: number;
  order_count: number;
  sort_key: string;
}

export const TOUR_SELECT = `
  SELECT t.id, t.team_id, t.display_id, t.display_name, t.departure_at, t.product_id,
         p.route AS product_route, p.pack AS product_pack, t.prices, t.status, t.version,
         (SELECT count(*)::int FROM orders c WHERE c.tour_id = t.id) AS order_count
    FROM tours t
    LEFT JOIN products p ON p.team_id = t.team_id AND p.id = t.product_id`;

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

export async function listTours(
  db: Db,
  team: { teamId: string; timezone: string },
  f: TourFilters & { orderBy?: string },
  req: PageRequest,
  maxLimit = 200,
): Promise<Page<Tour>> {
  const { limit, offset, cursor } = pageWindow(req, maxLimit);
  const desc = f.orderBy === 'DEPARTURE_AT_DESC';
  const p = new Params();
  const where = tourWhere(team.teamId, team.timezone, f, p);
  if (cursor) {
    where.push(
      `(t.departure_at, t.id) ${desc ? '<' : '>'} (${p.add(String(cursor[0]))}::timestamptz, ${p.add(cursor[1])})`,
    );
  }
  const dir = desc ? 'DESC' : 'ASC';
  const sql = `${TOUR_SELECT.replace('SELECT', 'SELECT t.departure_at::text AS sort_key,')}
    WHERE ${where.join(' AND ')}
    ORDER BY t.departure_at ${dir}, t.id ${dir}
    LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`;
  const rows = await db.query<TourRow>(sql, p.values);
  return toPage(rows, limit, (r) => [r.sort_key, r.id], mapTour);
}

export async function toursByIds(db: Db, ids: string[]): Promise<Tour[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<TourRow>(`${TOUR_SELECT} WHERE t.id = ANY($1::text[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, mapTour(r)]));
  return ids.map((id) => byId.get(id)).filter((t): t is Tour => Boolean(t));
}

export async function tourById(db: Db, id: string): Promise<Tour> {
  const [tour] = await toursByIds(db, [id]);
  if (!tour) throw new Error(`Tour ${id} vanished`);
  return tour;
}
