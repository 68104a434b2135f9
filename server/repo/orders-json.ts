import type { Db } from '../db/client';
import { ORDER_JOINS, filterWhere, sortOf, type OrderFilters, type OrderSort } from './orders';
import { Params, encodeCursor, pageWindow, type PageRequest } from './paging';

/**
 * The list page of orders as the answer's JSON text, in one round trip: the caller's membership is
 * a condition of the same query (no separate check first), and rows come as text that goes into
 * the answer as it is: jsonb columns as their JSON text, times as epoch milliseconds, strings
 * escaped by JSON.stringify. No jsonb parsing, Date parsing, row objects or serialising of the
 * whole answer: that was most of a request's time in the server process. Building the JSON in SQL
 * (json_build_object) instead cost the database 1.5 ms more per 50-row page than this costs here.
 * orderJson must give what mapOrder gives for the same row (tests/server/orders-list.test.ts).
 */
interface RawOrder {
  k: string;
  id: string;
  display_id: string;
  ota_order_id: string;
  ota: string;
  departure_ms: number;
  booked_ms: number;
  language: string;
  product_id: string;
  route: string | null;
  pack: string | null;
  customer_name: string;
  customer_email: string;
  quantity_total: number;
  quantity_adult: number;
  quantity_child: number;
  prices: string | null;
  tour_id: string | null;
  tour_display_id: string | null;
  status: string;
  email: string;
  review: string;
  version: number;
}

const EMAIL_DEFAULT = `'{"confirmation":false,"info":false,"review":false,"marketing":false}'::jsonb`;
const REVIEW_DEFAULT = `'{"OTA":false,"TripAdvisor":false,"Google":false,"MyProGuide":false}'::jsonb`;
const ms = (col: string) => `floor(extract(epoch FROM ${col}) * 1000)::float8`;

const COLUMNS = `o.id, o.display_id, o.ota_order_id, o.ota, ${ms('o.departure_at')} AS departure_ms,
    ${ms('o.booked_at')} AS booked_ms, o.language, o.product_id, p.route, p.pack, o.customer_name,
    o.customer_email, o.quantity_total, o.quantity_adult, o.quantity_child, o.prices::text AS prices, o.tour_id,
    t.display_id AS tour_display_id, o.status,
    (${EMAIL_DEFAULT} || COALESCE(o.email_checkpoints, '{}'::jsonb))::text AS email,
    (${REVIEW_DEFAULT} || COALESCE(o.review_checkpoints, '{}'::jsonb))::text AS review, o.version`;

const str = JSON.stringify;
const iso = (msSinceEpoch: number) => new Date(Number(msSinceEpoch)).toISOString();

function orderJson(r: RawOrder): string {
  const tour = r.tour_id ? `{"id":${str(r.tour_id)},"displayId":${str(r.tour_display_id ?? '')}}` : 'null';
  return (
    `{"id":${str(r.id)},"displayId":${str(r.display_id)},"otaOrderId":${str(r.ota_order_id)},"ota":${str(r.ota)},` +
    `"departureAt":"${iso(r.departure_ms)}","bookedAt":"${iso(r.booked_ms)}","language":${str(r.language)},` +
    `"product":{"id":${str(r.product_id)},"route":${str(r.route ?? '')},"pack":${str(r.pack || r.product_id)}},` +
    `"customer":{"name":${str(r.customer_name)},"email":${str(r.customer_email)}},` +
    `"quantity":{"total":${r.quantity_total},"adult":${r.quantity_adult},"child":${r.quantity_child}},` +
    `"prices":${r.prices ?? '[]'},"tour":${tour},"statusV2":${str(r.status)},` +
    `"emailCheckpoints":${r.email},"reviewCheckpoints":${r.review},"version":${r.version}}`
  );
}

/** Team timezones seen by this process: a guess that the list query checks (see listOrdersJson). */
const timezones = new Map<string, string>();

export function rememberTimezone(teamId: string, timezone: string): void {
  if (timezones.size >= 10_000) timezones.clear();
  timezones.set(teamId, timezone);
}

export const knownTimezone = (teamId: string) => timezones.get(teamId);

/**
 * The answer of listOrders as JSON text, or null when the query found no row. The caller's
 * membership and the team's timezone (a value the planner needs as a constant: with the timezone
 * read by a subquery it guessed the month held 0.5% of the team's orders and sorted a whole month
 * read through the date index) are conditions of the query, so null means: not a member, the
 * timezone has changed, or an empty page; the caller tells these apart.
 */
export async function listOrdersJson(
  db: Db,
  userId: string,
  team: { teamId: string; timezone: string },
  f: OrderFilters & { orderBy?: OrderSort },
  req: PageRequest,
): Promise<string | null> {
  const { limit, offset, cursor } = pageWindow(req, 200);
  const { col, desc } = sortOf(f.orderBy);
  const p = new Params();
  const id = p.add(team.teamId);
  const tz = p.add(team.timezone);
  const where = filterWhere(id, () => tz, f, p);
  where.push(`EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = ${p.add(userId)} AND m.team_id = ${id})`);
  where.push(`EXISTS (SELECT 1 FROM teams tz WHERE tz.id = ${id} AND tz.timezone = ${tz})`);
  if (cursor) {
    where.push(`(o.${col}, o.id) ${desc ? '<' : '>'} (${p.add(String(cursor[0]))}::timestamptz, ${p.add(cursor[1])})`);
  }
  const dir = desc ? 'DESC' : 'ASC';
  const rows = await db.query<RawOrder>(
    `SELECT o.${col}::text AS k, ${COLUMNS}
       FROM orders o ${ORDER_JOINS}
      WHERE ${where.join(' AND ')}
      ORDER BY o.${col} ${dir}, o.id ${dir}
      LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ''}`,
    p.values,
  );
  if (rows.length === 0) return null;
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  const next = hasMore ? `"${encodeCursor([last.k, last.id])}"` : 'null';
  return `{"orders":[${kept.map(orderJson).join(',')}],"hasMore":${hasMore},"nextCursor":${next}}`;
}
