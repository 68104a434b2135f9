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
  /** The item rows of that day that follow the header (the loaded ones). */
  loaded: number;
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

export interface DateGroups<T> {
  rows: GroupedRow<T>[];
  /** The same rows as the RowKeys the selection gets (`id`, `date`, `header`). */
  keys: RowKeyLike[];
}

const bookedSort = (sort: OrderSort) => sort === 'BOOKED_AT_ASC' || sort === 'BOOKED_AT_DESC';

/** The day of an item's sort key in the team's timezone. */
export function sortDay(item: Datable, sort: OrderSort, timezone: string): string {
  const at = bookedSort(sort) && item.bookedAt ? item.bookedAt : item.departureAt;
  return dayIn(at, timezone);
}

/** The server counts orders by departure day: under a booking sort the headers count loaded rows. */
function serverCounts(options: GroupOptions): ReadonlyMap<string, number> {
  return bookedSort(options.sort) ? new Map() : new Map(options.dailyCounts.map((d) => [d.date, d.total]));
}

/**
 * What grouping keeps between two calls: the items and rows of the last call and where each
 * day's header is. Never changed once returned (a later call copies what it changes).
 */
export interface DateGroupState<T> extends DateGroups<T> {
  items: readonly T[];
  scope: string;
  dailyCounts: readonly DayCount[] | null;
  counts: ReadonlyMap<string, number>;
  /** Index of each day's header in `rows`, and its loaded item rows. */
  headerAt: ReadonlyMap<string, number>;
  loaded: ReadonlyMap<string, number>;
}

export const NO_GROUPS: DateGroupState<never> = Object.freeze({
  items: [],
  rows: [],
  keys: [],
  scope: '',
  dailyCounts: null,
  counts: new Map(),
  headerAt: new Map(),
  loaded: new Map(),
});

/**
 * Header rows and item rows, days in the order they first appear (the server's order).
 */
export function groupByDate<T extends Datable>(items: readonly T[], options: GroupOptions): DateGroups<T> {
  return nextDateGroups<T>(NO_GROUPS, items, options);
}

/** Places items after `rows`; false when one belongs to a day that is not the last one. */
function place<T extends Datable>(
  work: { rows: GroupedRow<T>[]; headerAt: Map<string, number>; loaded: Map<string, number> },
  from: readonly T[],
  start: number,
  options: GroupOptions,
  touched: Set<string>,
): boolean {
  const { rows, headerAt, loaded } = work;
  let last = rows.length ? rows[rows.length - 1].date : null;
  for (let i = start; i < from.length; i++) {
    const item = from[i];
    const date = sortDay(item, options.sort, options.timezone);
    if (date !== last) {
      if (headerAt.has(date)) return false;
      headerAt.set(date, rows.length);
      rows.push({ header: true, id: date, date, count: 0, loaded: 0 });
      last = date;
    }
    rows.push({ header: false, id: item.id, date, item });
    loaded.set(date, (loaded.get(date) ?? 0) + 1);
    touched.add(date);
  }
  return true;
}

function regroup<T extends Datable>(next: readonly T[], options: GroupOptions) {
  const days = new Map<string, ItemRow<T>[]>();
  for (const item of next) {
    const date = sortDay(item, options.sort, options.timezone);
    const row: ItemRow<T> = { header: false, id: item.id, date, item };
    const bucket = days.get(date);
    if (bucket) bucket.push(row);
    else days.set(date, [row]);
  }
  const rows: GroupedRow<T>[] = [];
  const headerAt = new Map<string, number>();
  const loaded = new Map<string, number>();
  for (const [date, bucket] of days) {
    headerAt.set(date, rows.length);
    loaded.set(date, bucket.length);
    rows.push({ header: true, id: date, date, count: 0, loaded: 0 });
    for (const row of bucket) rows.push(row);
  }
  return { rows, headerAt, loaded };
}

/**
 * The same items in the same order with some of their fields changed (a status move, an edit):
 * the rows keep their places and only the changed items' rows are replaced. Null when an id moved
 * or a changed item now falls on another day (then everything is grouped again).
 */
function repatch<T extends Datable>(
  prev: DateGroupState<T>,
  next: readonly T[],
  options: GroupOptions,
): GroupedRow<T>[] | null {
  if (next.length !== prev.items.length) return null;
  const changed = new Map<string, T>();
  for (let i = 0; i < next.length; i++) {
    if (next[i].id !== prev.items[i].id) return null;
    if (next[i] !== prev.items[i]) changed.set(next[i].id, next[i]);
  }
  const rows = prev.rows.slice();
  if (changed.size === 0) return rows;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const item = row.header ? undefined : changed.get(row.id);
    if (!item) continue;
    if (sortDay(item, options.sort, options.timezone) !== row.date) return null;
    rows[r] = { header: false, id: row.id, date: row.date, item };
  }
  return rows;
}

function extendsItems<T>(prev: readonly T[], next: readonly T[]): boolean {
  if (next.length < prev.length) return false;
  for (let i = 0; i < prev.length; i++) if (next[i] !== prev[i]) return false;
  return true;
}

/**
 * `groupByDate` for a list that grows a page at a time: while `next` starts with the previous
 * call's items (a page appended), only the new items are dated and placed, and only the headers
 * whose count changed are replaced; items patched in place (same ids, same days) only replace
 * their rows; anything else (a removal, a row that changed day, a new sort or zone) groups
 * everything again. `prev` is left as it was.
 */
export function nextDateGroups<T extends Datable>(
  prev: DateGroupState<T>,
  next: readonly T[],
  options: GroupOptions,
): DateGroupState<T> {
  const scope = `${options.timezone}|${bookedSort(options.sort)}`;
  const recount = options.dailyCounts !== prev.dailyCounts || scope !== prev.scope;
  const counts = recount ? serverCounts(options) : prev.counts;
  let touched = new Set<string>();
  let patchedRows: GroupedRow<T>[] | null = null;
  let work: { rows: GroupedRow<T>[]; headerAt: Map<string, number>; loaded: Map<string, number> };
  if (next === prev.items && scope === prev.scope) {
    work = { rows: prev.rows.slice(), headerAt: new Map(prev.headerAt), loaded: new Map(prev.loaded) };
  } else if (
    scope === prev.scope &&
    next.length === prev.items.length &&
    (patchedRows = repatch(prev, next, options))
  ) {
    work = { rows: patchedRows, headerAt: new Map(prev.headerAt), loaded: new Map(prev.loaded) };
  } else if (scope === prev.scope && extendsItems(prev.items, next)) {
    work = { rows: prev.rows.slice(), headerAt: new Map(prev.headerAt), loaded: new Map(prev.loaded) };
    if (!place(work, next, prev.items.length, options, touched)) {
      work = regroup(next, options);
      touched = new Set(work.headerAt.keys());
    }
  } else {
    work = regroup(next, options);
    touched = new Set(work.headerAt.keys());
  }
  const { rows, headerAt, loaded } = work;
  for (const date of recount ? headerAt.keys() : touched) {
    const at = headerAt.get(date)!;
    const n = loaded.get(date) ?? 0;
    const count = counts.get(date) ?? n;
    const old = rows[at] as HeaderRow;
    if (old.count !== count || old.loaded !== n) rows[at] = { header: true, id: date, date, count, loaded: n };
  }
  return { items: next, rows, keys: rows, scope, dailyCounts: options.dailyCounts, counts, headerAt, loaded };
}

/**
 * Team-timezone days for tens of thousands of rows: dayjs' timezone plugin costs about a
 * millisecond per call, so one Intl formatter per zone is kept, and days are memoised by the
 * timestamp as written (no parsing for a row seen before) and per quarter hour of UTC (every zone's
 * offset and its changes are whole quarter hours, so a quarter hour never straddles a local midnight).
 */
const QUARTER_HOUR_MS = 900_000;
const MEMO_LIMIT = 100_000;

interface ZoneFormat {
  day: Intl.DateTimeFormat;
  days: Map<number, string>;
  byIso: Map<string, string>;
}
const zones = new Map<string, ZoneFormat>();

function zone(timezone: string): ZoneFormat {
  let z = zones.get(timezone);
  if (!z) {
    z = {
      // en-CA writes dates as YYYY-MM-DD
      day: new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      days: new Map(),
      byIso: new Map(),
    };
    zones.set(timezone, z);
  }
  return z;
}

/** The day (`YYYY-MM-DD`) of an ISO timestamp in the team's timezone. */
export function dayIn(iso: string, timezone: string): string {
  const z = zone(timezone);
  let day = z.byIso.get(iso);
  if (day !== undefined) return day;
  const ms = Date.parse(iso);
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  day = z.days.get(bucket);
  if (day === undefined) {
    if (z.days.size >= MEMO_LIMIT) z.days.clear();
    day = z.day.format(ms);
    z.days.set(bucket, day);
  }
  if (z.byIso.size >= MEMO_LIMIT) z.byIso.clear();
  z.byIso.set(iso, day);
  return day;
}
