import dayjs from 'dayjs';
import type { OrderSort } from './statuses';

/**
 * Rows of a date-grouped list: a header per day (id `YYYY-MM-DD`, not a real item) followed by
 * that day's items, in the team's timezone, by the date of the sort key (departure or booked).
 */
export interface Datable {
  id: string;
  departureAt: string;
  bookedAt?: string;
}

export interface DayCount {
  date: string;
  total: number;
}

export interface HeaderRow {
  header: true;
  id: string;
  date: string;
  /** Orders of that day: the server's day count when known, else the rows loaded for it. */
  count: number;
}

export interface ItemRow<T> {
  header: false;
  id: string;
  date: string;
  item: T;
}

export type GroupedRow<T> = HeaderRow | ItemRow<T>;

/** What the selection gets for ranges and a header's day (the RowKey of list.types). */
export interface RowKeyLike {
  id: string;
  date: string;
  header: boolean;
}

export interface GroupOptions {
  timezone: string;
  sort: OrderSort;
  /**
   * Day counts of the server (orders by departure day). Tours have no day-count endpoint, and the
   * server counts orders by departure only: then (and for a day the counts do not cover) a header
   * shows how many rows of that day are loaded.
   */
  dailyCounts: readonly DayCount[];
}

const bookedSort = (sort: OrderSort) => sort === 'BOOKED_AT_ASC' || sort === 'BOOKED_AT_DESC';

/** The day of an item's sort key in the team's timezone. */
export function sortDay(item: Datable, sort: OrderSort, timezone: string): string {
  const at = bookedSort(sort) && item.bookedAt ? item.bookedAt : item.departureAt;
  return dayIn(at, timezone);
}

/** Item rows by item object, per timezone and sort day: a page that lands only dates its new rows. */
const itemRows = new Map<string, WeakMap<object, ItemRow<Datable>>>();

function itemRow<T extends Datable>(item: T, sort: OrderSort, timezone: string): ItemRow<T> {
  const cacheKey = `${timezone}|${bookedSort(sort)}`;
  let cache = itemRows.get(cacheKey);
  if (!cache) itemRows.set(cacheKey, (cache = new WeakMap()));
  let row = cache.get(item) as ItemRow<T> | undefined;
  if (!row) {
    row = { header: false, id: item.id, date: sortDay(item, sort, timezone), item };
    cache.set(item, row as ItemRow<Datable>);
  }
  return row;
}

/**
 * Header rows and item rows, days in the order they first appear (the server's order). The rows
 * are also the RowKeys the selection gets (`id`, `date`, `header`).
 */
export function groupByDate<T extends Datable>(
  items: readonly T[],
  options: GroupOptions,
): { rows: GroupedRow<T>[]; keys: RowKeyLike[] } {
  const days = new Map<string, ItemRow<T>[]>();
  for (const item of items) {
    const row = itemRow(item, options.sort, options.timezone);
    const bucket = days.get(row.date);
    if (bucket) bucket.push(row);
    else days.set(row.date, [row]);
  }
  const serverCounts = bookedSort(options.sort)
    ? new Map<string, number>()
    : new Map(options.dailyCounts.map((d) => [d.date, d.total]));
  const rows: GroupedRow<T>[] = [];
  for (const [date, bucket] of days) {
    rows.push({ header: true, id: date, date, count: serverCounts.get(date) ?? bucket.length });
    for (const row of bucket) rows.push(row);
  }
  return { rows, keys: rows };
}

/**
 * Team-timezone days and times for tens of thousands of rows: dayjs' timezone plugin costs about a
 * millisecond per call, so one Intl formatter per zone is kept, and days are memoised per
 * quarter hour of UTC (every zone's offset and its changes are whole quarter hours, so a quarter
 * hour never straddles a local midnight).
 */
const QUARTER_HOUR_MS = 900_000;
const MEMO_LIMIT = 100_000;

interface ZoneFormat {
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  days: Map<number, string>;
}
const zones = new Map<string, ZoneFormat>();

function zone(timezone: string): ZoneFormat {
  let z = zones.get(timezone);
  if (!z) {
    z = {
      // en-CA writes dates as YYYY-MM-DD
      day: new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      time: new Intl.DateTimeFormat('en-GB', {
        timeZone: timezone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
      days: new Map(),
    };
    zones.set(timezone, z);
  }
  return z;
}

/** The day (`YYYY-MM-DD`) of an ISO timestamp in the team's timezone. */
export function dayIn(iso: string, timezone: string): string {
  const z = zone(timezone);
  const ms = Date.parse(iso);
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  let day = z.days.get(bucket);
  if (day === undefined) {
    if (z.days.size >= MEMO_LIMIT) z.days.clear();
    day = z.day.format(ms);
    z.days.set(bucket, day);
  }
  return day;
}

/** A time of day in the team's timezone, 24-hour (`14:05`). */
export function timeIn(iso: string, timezone: string): string {
  return zone(timezone).time.format(Date.parse(iso));
}

/** A header's day as people read it (`Sun, 22 Nov 2026`); `date` is already the team's day. */
export function dayLabel(date: string): string {
  return dayjs(date).format('ddd, D MMM YYYY');
}
