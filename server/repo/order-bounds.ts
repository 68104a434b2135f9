import { statusColumn } from './order-counts';
import type { OrderFilters } from './orders';
import type { Params } from './paging';

/**
 * A list filtered to a rare status (e.g. statusV2=grouped) walks the date index in sort order and
 * checks the status on each row (migration 003: the status has no index, so that moves stay HOT):
 * to find 50 grouped orders at the end of a 100,000-order month it read the whole month. The rollup
 * (migration 008) knows how many such orders each day holds, so the walk can start on the first day
 * that has one and stop after the day by which the page is full. These are conditions the rows
 * satisfy anyway (never a filter of their own), computed by the list's own statement (one snapshot,
 * no extra round trip); they apply only when the rollup counts exactly the rows the list filters:
 * a status or status view, the OTA and dates on the sort's basis, nothing else.
 */
export interface PageBounds {
  team: string;
  tz: string;
  sort: { col: string; desc: boolean };
  /** The cursor's sort key (a timestamp), when the page continues after a row. */
  after: string | null;
  /** Rows the page skips (page=n), plus the page and one more. */
  rowsNeeded: number;
}

export function pageBounds(f: OrderFilters, b: PageBounds, p: Params): string[] {
  if (f.view === 'issues' || f.q !== undefined || f.otaOrderId || f.displayId) return [];
  const column = statusColumn(f);
  if (!column || column === 'orders') return []; // every order counts: the rows are dense anyway
  const basis = b.sort.col === 'booked_at' ? 'booking' : 'departure';
  if ((f.startDate || f.endDate) && (f.dateBasis ?? 'departure') !== basis) return [];
  const where = [`team_id = ${b.team}`, `basis = ${p.add(basis)}`];
  if (f.startDate) where.push(`day >= ${p.add(f.startDate)}::date`);
  if (f.endDate) where.push(`day <= ${p.add(f.endDate)}::date`);
  if (f.ota) where.push(`ota = ${p.add(f.ota)}`);
  const [first, next, dir] = b.sort.desc ? ['max', '<', 'DESC'] : ['min', '>', 'ASC'];
  // rows after the cursor on its own day are not counted: only the days past it fill the page
  const cursorDay = b.after ? `(${p.add(b.after)}::timestamptz AT TIME ZONE ${b.tz})::date` : null;
  // the first day with a slot above 0 (never after the first day that has such orders); the counts
  // summed over every slot of a day (migration 018: one slot alone may be below 0)
  const from = [...where, `${column} > 0`, ...(cursorDay ? [`day ${next}= ${cursorDay}`] : [])];
  const counted = cursorDay ? [...where, `day ${next} ${cursorDay}`] : where;
  const start = (day: string) => `(${day})::timestamp AT TIME ZONE ${b.tz}`;
  const firstDay = `SELECT ${first}(day) FROM order_day_counts WHERE ${from.join(' AND ')}`;
  const lastDay = `SELECT day FROM (
      SELECT day, sum(sum(${column})) OVER (ORDER BY day ${dir}) AS running
        FROM order_day_counts WHERE ${counted.join(' AND ')} GROUP BY day) d
     WHERE running >= ${p.add(b.rowsNeeded)} ORDER BY day ${dir} LIMIT 1`;
  const col = `o.${b.sort.col}`;
  return b.sort.desc
    ? [`${col} < ${start(`(${firstDay}) + 1`)}`, `${col} >= COALESCE(${start(lastDay)}, '-infinity')`]
    : [`${col} >= ${start(firstDay)}`, `${col} < COALESCE(${start(`(${lastDay}) + 1`)}, 'infinity')`];
}
