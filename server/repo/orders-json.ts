import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { pageBounds } from './order-bounds';
import { filterWhere, sortOf, type OrderFilters, type OrderSort } from './orders';
import { Params, encodeCursor, pageWindow, type PageRequest } from './paging';
import { afterCursor } from './records';

/**
 * The list page of orders as the answer's JSON text, in one round trip and one value: the caller's
 * membership is a condition of the same query (no separate check first), and each order is its
 * stored JSON members (orders.json_fields, kept by a trigger: migration 004) with statusV2 and
 * version added, joined into one text by the database. Rows handed over one by one (23 columns,
 * or one JSON text each) cost the embedded database's client more than the query itself; one text
 * per page costs about as much as a page of ids. The answer must equal mapOrder's for the same
 * rows (tests/server/orders-list.test.ts).
 */
const ORDER_JSON = `concat('{', o.json_fields, ',"statusV2":', to_json(o.status), ',"version":', o.version, '}')`;

/** The statement's name: the same for the same text (the filters in use shape the text). */
const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `orders_page_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    if (names.size >= 1000) names.clear();
    names.set(sql, name);
  }
  return name;
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
  if (cursor) where.push(afterCursor('o', col, desc, cursor, p));
  const after = cursor ? String(cursor[0]) : null;
  where.push(...pageBounds(f, { team: id, tz, sort: { col, desc }, after, rowsNeeded: offset + limit + 1 }, p));
  const dir = desc ? 'DESC' : 'ASC';
  const n = p.add(limit);
  const order = `s ${dir}, id ${dir}`;
  // limit + 1 rows tell whether there is more; the page is the first limit of them. The orders are
  // joined with ",\n" (JSON whitespace; a raw line break is never inside an order's JSON), so the
  // extra one is cut off at the last separator; the cursor is the key of the limit-th row.
  const sql = `SELECT string_agg(j, E',\n' ORDER BY ${order}) AS orders, count(*)::int AS n,
            (array_agg(s ORDER BY ${order}))[${n}::int]::text AS k, (array_agg(id ORDER BY ${order}))[${n}::int] AS id
       FROM (SELECT ${ORDER_JSON} AS j, o.${col} AS s, o.id
               FROM orders o
              WHERE ${where.join(' AND ')}
              ORDER BY o.${col} ${dir}, o.id ${dir}
              LIMIT ${n}::int + 1${offset ? ` OFFSET ${p.add(offset)}::int` : ''}) page`;
  const [page] = await db.query<{ orders: string | null; n: number; k: string | null; id: string | null }>(
    sql,
    p.values,
    statementName(sql),
  );
  if (!page || page.n === 0) return null;
  const hasMore = page.n > limit;
  const orders = hasMore ? page.orders!.slice(0, page.orders!.lastIndexOf(',\n')) : page.orders;
  const next = hasMore ? `"${encodeCursor([page.k!, page.id!])}"` : 'null';
  return `{"orders":[${orders}],"hasMore":${hasMore},"nextCursor":${next}}`;
}
