import type { Schemas } from '../contract';
import type { Db } from '../db/client';
import { searchWhere } from './order-search';
import { Params, pageWindow, toPage, type Page, type PageRequest } from './paging';

/** Orders: row mapping, the filters shared by list, counts and CSV export, and keyset pages. */
export const OTAS = ['KLOOK', 'KKDAY', 'VIATOR', 'MPG'] as const;
export type Ota = (typeof OTAS)[number];

export type Price = Schemas['Price'];

/** The contract's Order, except statusV2: the status column is unconstrained text, so any string. */
export type Order = Omit<Schemas['Order'], 'statusV2'> & { statusV2: string };

/** A row of table orders (what the seed inserts). */
export interface OrderTableRow {
  id: string;
  team_id: string;
  display_id: string;
  ota_order_id: string;
  ota: Ota;
  departure_at: Date;
  booked_at: Date;
  language: string;
  product_id: string;
  customer_name: string;
  customer_email: string;
  quantity_total: number;
  quantity_adult: number;
  quantity_child: number;
  prices: Price[];
  tour_id: string | null;
  status: string;
  email_checkpoints: Order['emailCheckpoints'];
  review_checkpoints: Order['reviewCheckpoints'];
  version: number;
}

/** A row of ORDER_SELECT: the table row with its product's and tour's columns (and a page's sort key). */
export interface OrderRow extends OrderTableRow {
  product_route: string | null;
  product_pack: string | null;
  tour_display_id: string | null;
  sort_key: string;
}

/** The product and the tour of an order `o`, as `p` and `t`. */
export const ORDER_JOINS = `
    LEFT JOIN products p ON p.team_id = o.team_id AND p.id = o.product_id
    LEFT JOIN tours t ON t.id = o.tour_id`;

export const ORDER_SELECT = `
  SELECT o.id, o.team_id, o.display_id, o.ota_order_id, o.ota, o.departure_at, o.booked_at, o.language,
         o.product_id, p.route AS product_route, p.pack AS product_pack, o.customer_name, o.customer_email,
         o.quantity_total, o.quantity_adult, o.quantity_child, o.prices, o.tour_id,
         t.display_id AS tour_display_id, o.status, o.email_checkpoints, o.review_checkpoints, o.version
    FROM orders o ${ORDER_JOINS}`;

const EMAIL_DEFAULT = { confirmation: false, info: false, review: false, marketing: false };
const REVIEW_DEFAULT = { OTA: false, TripAdvisor: false, Google: false, MyProGuide: false };

export function mapOrder(r: OrderRow): Order {
  return {
    id: r.id,
    displayId: r.display_id,
    otaOrderId: r.ota_order_id,
    ota: r.ota,
    departureAt: r.departure_at.toISOString(),
    bookedAt: r.booked_at.toISOString(),
    language: r.language,
    product: { id: r.product_id, route: r.product_route ?? '', pack: r.product_pack || r.product_id },
    customer: { name: r.customer_name, email: r.customer_email },
    quantity: { total: r.quantity_total, adult: r.quantity_adult, child: r.quantity_child },
    prices: r.prices ?? [],
    tour: r.tour_id ? { id: r.tour_id, displayId: r.tour_display_id ?? '' } : null,
    statusV2: r.status,
    emailCheckpoints: { ...EMAIL_DEFAULT, ...r.email_checkpoints },
    reviewCheckpoints: { ...REVIEW_DEFAULT, ...r.review_checkpoints },
    version: r.version,
  };
}

export type OrderSort = 'DEPARTURE_AT_ASC' | 'DEPARTURE_AT_DESC' | 'BOOKED_AT_ASC' | 'BOOKED_AT_DESC';

export interface OrderFilters {
  startDate?: string;
  endDate?: string;
  statusV2?: string;
  view?: string;
  otaOrderId?: string;
  displayId?: string;
  ota?: string;
  /** Search text: see order-search.ts. */
  q?: string;
  /** Which date startDate/endDate filter on (departure when absent). */
  dateBasis?: 'departure' | 'booking';
}

export const VIEW_STATUS: Record<string, string> = {
  'new-added': 'new',
  pending: 'pending',
  'cancel-requested': 'cancel_requested',
  canceled: 'canceled',
};

/** Issues: departing within 48 h without a sent confirmation (and not canceled), or linked to a
 *  tour while canceled or cancel-requested (the two parts apart for the counts: order-counts.ts). */
export const ISSUES_SOON = `(o.status <> 'canceled' AND o.departure_at >= now() AND o.departure_at < now() + interval '48 hours'
    AND COALESCE(o.email_checkpoints->>'confirmation', 'false') <> 'true')`;
export const ISSUES_LINKED = `(o.tour_id IS NOT NULL AND o.status IN ('canceled', 'cancel_requested'))`;
const ISSUES = `(${ISSUES_SOON} OR ${ISSUES_LINKED})`;

/** WHERE conditions of the filters; dates are YYYY-MM-DD in the team's timezone, inclusive. */
export function orderWhere(teamId: string, timezone: string, f: OrderFilters, p: Params): string[] {
  return filterWhere(p.add(teamId), () => p.add(timezone), f, p);
}

/** orderWhere with the team and its timezone as SQL expressions (placeholders or subqueries). */
export function filterWhere(team: string, tzSql: () => string, f: OrderFilters, p: Params): string[] {
  const where = [`o.team_id = ${team}`];
  if (f.startDate || f.endDate) {
    const tz = tzSql();
    const col = f.dateBasis === 'booking' ? 'o.booked_at' : 'o.departure_at';
    if (f.startDate) where.push(`${col} >= (${p.add(f.startDate)}::date)::timestamp AT TIME ZONE ${tz}`);
    if (f.endDate) where.push(`${col} < ((${p.add(f.endDate)}::date) + 1)::timestamp AT TIME ZONE ${tz}`);
  }
  if (f.statusV2) where.push(`o.status = ${p.add(f.statusV2)}`);
  if (f.view === 'issues') where.push(ISSUES);
  else if (f.view && VIEW_STATUS[f.view]) where.push(`o.status = ${p.add(VIEW_STATUS[f.view])}`);
  if (f.otaOrderId) where.push(`upper(o.ota_order_id) = ${p.add(f.otaOrderId.toUpperCase())}`);
  if (f.displayId) where.push(`o.display_id = ${p.add(f.displayId)}`);
  if (f.ota) where.push(`o.ota = ${p.add(f.ota)}`);
  if (f.q !== undefined) where.push(searchWhere(f.q, p));
  return where;
}

export function sortOf(orderBy: OrderSort | undefined): { col: string; desc: boolean } {
  switch (orderBy) {
    case 'DEPARTURE_AT_DESC':
      return { col: 'departure_at', desc: true };
    case 'BOOKED_AT_ASC':
      return { col: 'booked_at', desc: false };
    case 'BOOKED_AT_DESC':
      return { col: 'booked_at', desc: true };
    default:
      return { col: 'departure_at', desc: false };
  }
}

/** One page of orders, ordered by the sort key then id; the cursor continues after the last row. */
export async function listOrders(
  db: Db,
  team: { teamId: string; timezone: string },
  f: OrderFilters & { orderBy?: OrderSort },
  req: PageRequest,
  maxLimit = 200,
): Promise<Page<Order>> {
  const { limit, offset, cursor } = pageWindow(req, maxLimit);
  const { col, desc } = sortOf(f.orderBy);
  const p = new Params();
  const where = orderWhere(team.teamId, team.timezone, f, p);
  if (cursor) {
    where.push(`(o.${col}, o.id) ${desc ? '<' : '>'} (${p.add(String(cursor[0]))}::timestamptz, ${p.add(cursor[1])})`);
  }
  const dir = desc ? 'DESC' : 'ASC';
  const sql = `${ORDER_SELECT.replace('SELECT', `SELECT o.${col}::text AS sort_key,`)}
    WHERE ${where.join(' AND ')}
    ORDER BY o.${col} ${dir}, o.id ${dir}
    LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`;
  const rows = await db.query<OrderRow>(sql, p.values);
  return toPage(rows, limit, (r) => [r.sort_key, r.id], mapOrder);
}

/** Orders by id (any order of ids), already known to be in the caller's teams. */
export async function ordersByIds(db: Db, ids: string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = ANY($1::text[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, mapOrder(r)]));
  return ids.map((id) => byId.get(id)).filter((o): o is Order => Boolean(o));
}

export async function ordersOfTour(db: Db, tourId: string): Promise<Order[]> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.tour_id = $1 ORDER BY o.departure_at, o.id`, [tourId]);
  return rows.map(mapOrder);
}
