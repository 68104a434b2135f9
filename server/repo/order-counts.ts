import type { Schemas } from '../../shared/contract';
import { OTAS, type Ota } from '../../shared/otas';
import { STATUSES } from '../../shared/statuses';
import type { Db } from '../db/client';
import { ISSUES_LINKED, ISSUES_SOON, VIEW_STATUS, orderWhere, type OrderFilters } from './orders';
import { Params } from './paging';

/**
 * How many orders match the list's filters, per local day and OTA or in all: what count/daily and
 * count/total answer, equal to the rows listOrders gives for the same filters. Dates, basis, OTA,
 * status and the status views are answered from the rollup (order_day_counts, migration 008): a
 * month is about 120 rows however many orders it holds. The issues view depends on the time: its
 * "departing within 48 hours" part is counted on the orders (an index range of two days), the
 * linked-and-canceled part from the rollup. A search or an id filter counts the orders themselves.
 */
export interface Team {
  teamId: string;
  timezone: string;
}

export interface DayCount {
  /** YYYY-MM-DD, the local day on the filters' date basis. */
  day: string;
  ota: Ota;
  n: number;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The rollup's expression counting the filters' status or view: `orders` when they name none, `0`
 *  when they name two, null when the rollup cannot tell (a status it has no column for). */
export function statusColumn(f: OrderFilters): string | null {
  const wanted = [f.statusV2, f.view && f.view !== 'issues' ? VIEW_STATUS[f.view] : undefined].filter(
    (s): s is string => s !== undefined,
  );
  if (wanted.some((s) => !(STATUSES as readonly string[]).includes(s))) return null;
  if (new Set(wanted).size > 1) return '0'; // two different statuses: no order has both
  const status = wanted[0];
  if (f.view === 'issues') {
    if (!status) return 'linked_canceled + linked_cancel_requested';
    return status === 'canceled' || status === 'cancel_requested' ? `linked_${status}` : '0';
  }
  return status ? `status_${status}` : 'orders';
}

/** The filters the rollup can answer, with its count column; null when the orders must be read. */
function fromRollup(f: OrderFilters): string | null {
  if (f.q !== undefined || f.otaOrderId || f.displayId) return null;
  if (f.view && f.view !== 'issues' && !VIEW_STATUS[f.view]) return null;
  return statusColumn(f);
}

/** A query of the rollup's rows for the filters: `select` of them, given the count column. */
function rollupQuery(team: Team, f: OrderFilters, select: string, p: Params): string {
  const where = [`team_id = ${p.add(team.teamId)}`, `basis = ${p.add(f.dateBasis ?? 'departure')}`];
  if (f.startDate) where.push(`day >= ${p.add(f.startDate)}::date`);
  if (f.endDate) where.push(`day <= ${p.add(f.endDate)}::date`);
  if (f.ota) where.push(`ota = ${p.add(f.ota)}`);
  return `SELECT ${select} FROM order_day_counts WHERE ${where.join(' AND ')}`;
}

/** The orders matching the filters (and `extra` conditions), counted on the orders themselves. */
function ordersQuery(team: Team, f: OrderFilters, extra: string[], grouped: boolean, p: Params): string {
  const where = [...orderWhere(team.teamId, team.timezone, f, p), ...extra];
  const col = f.dateBasis === 'booking' ? 'o.booked_at' : 'o.departure_at';
  // grouped by the date itself (a cast), not by its text: to_char on every row of a 100,000-order
  // month took about twice as long
  return grouped
    ? `SELECT (${col} AT TIME ZONE ${p.add(team.timezone)})::date AS day, o.ota, count(*)::int AS n
         FROM orders o WHERE ${where.join(' AND ')} GROUP BY 1, 2`
    : `SELECT count(*)::int AS n FROM orders o WHERE ${where.join(' AND ')}`;
}

/** The issues view's orders that are not linked-and-canceled (those the rollup counts). */
const SOON_ONLY = [ISSUES_SOON, `NOT ${ISSUES_LINKED}`];

/** Orders per local day and OTA (only the pairs that have some). */
export async function countByDay(db: Db, team: Team, f: OrderFilters): Promise<DayCount[]> {
  const column = fromRollup(f);
  const queries: { sql: string; p: Params }[] = [];
  const add = (build: (p: Params) => string) => {
    const p = new Params();
    queries.push({ sql: build(p), p });
  };
  if (column === null) add((p) => ordersQuery(team, f, [], true, p));
  else {
    // a day's slots summed (migration 018)
    add(
      (p) =>
        `${rollupQuery(team, f, `day, ota, sum(${column})::int AS n`, p)} GROUP BY day, ota HAVING sum(${column}) <> 0`,
    );
    if (f.view === 'issues') add((p) => ordersQuery(team, { ...f, view: undefined }, SOON_ONLY, true, p));
  }
  const counts = new Map<string, DayCount>();
  for (const { sql, p } of queries) {
    for (const r of await db.query<{ day: Date; ota: Ota; n: number }>(sql, p.values)) {
      const key = `${day(r.day)} ${r.ota}`;
      const seen = counts.get(key);
      if (seen) seen.n += Number(r.n);
      else counts.set(key, { day: day(r.day), ota: r.ota, n: Number(r.n) });
    }
  }
  return [...counts.values()];
}

/** Orders matching the filters, all days (or the filters' dates) together. */
export async function countTotal(db: Db, team: Team, f: OrderFilters): Promise<number> {
  const column = fromRollup(f);
  const p = new Params();
  let sql: string;
  if (column === null) sql = ordersQuery(team, f, [], false, p);
  else {
    sql = rollupQuery(team, f, `COALESCE(sum(${column}), 0)::int AS n`, p);
    if (f.view === 'issues') {
      sql = `SELECT (${sql}) + (${ordersQuery(team, { ...f, view: undefined }, SOON_ONLY, false, p)}) AS n`;
    }
  }
  const [row] = await db.query<{ n: number }>(sql, p.values);
  return Number(row?.n ?? 0);
}

/** count/daily's answer: every day of `dates` with its orders in all and per OTA (0 where none). */
export async function dailyCounts(
  db: Db,
  team: Team,
  f: OrderFilters,
  dates: string[],
): Promise<Schemas['DailyCount'][]> {
  const zero = () => Object.fromEntries(OTAS.map((o) => [o, 0])) as Record<Ota, number>;
  const days = new Map(dates.map((date) => [date, { date, total: 0, otaCounts: zero() }]));
  for (const r of await countByDay(db, team, f)) {
    const day = days.get(r.day);
    if (!day) continue;
    day.total += r.n;
    day.otaCounts[r.ota] = r.n;
  }
  return [...days.values()];
}
