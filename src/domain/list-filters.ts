import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { formatDay } from './format';
import { DEFAULT_ORDER_SORT, ORDER_SORTS, OTAS, STATUSES, type Ota, type OrderSort, type Status } from './statuses';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);

/** Which date of an order the range filters on: its departure, or when it was booked. */
export const DATE_BASES = ['departure', 'booking'] as const;
export type DateBasis = (typeof DATE_BASES)[number];

/**
 * The filters of an order or tour list. They live in the URL query so a view can be
 * reloaded and shared; `startDate`/`endDate` null means no date filter ("Pick a date").
 */
export interface ListFilters {
  startDate: string | null;
  endDate: string | null;
  basis: DateBasis;
  ota: Ota | null;
  status: Status | null;
  /** As typed: a display id or OTA order id (or their start), a customer's name or e-mail. */
  search: string;
  sort: OrderSort;
}

/**
 * The query parameters of listOrders, countOrdersTotal and countOrdersDaily that the filters
 * decide (the tours' and exports' services take what their operations know of it).
 */
export interface ListQuery {
  startDate?: string;
  endDate?: string;
  /** Only with dates, and only when it is not the contract's default (departure). */
  dateBasis?: 'booking';
  ota?: Ota;
  statusV2?: Status;
  q?: string;
  orderBy: OrderSort;
}

/** Which kind of list the filters are for: tours have no OTA. */
type FilterKind = 'orders' | 'tours';

/**
 * The URL query names. Absent means "the default"; `dates=all` says "no date chosen",
 * since an absent range means the current month.
 */
export const FILTER_PARAMS = {
  from: 'from',
  to: 'to',
  dates: 'dates',
  ota: 'ota',
  status: 'status',
  search: 'q',
  sort: 'sort',
  /** `basis=booking`; absent means departure. */
  basis: 'basis',
} as const;
const ALL_DATES = 'all';

export const NO_DATE_LABEL = 'Pick a date';

/** The contract's longest search (SearchQuery maxLength); the box takes no more. */
export const SEARCH_MAX_LENGTH = 100;

export const SORT_LABELS: Record<OrderSort, string> = {
  DEPARTURE_AT_ASC: 'Departure, earliest first',
  DEPARTURE_AT_DESC: 'Departure, latest first',
  BOOKED_AT_ASC: 'Booked, oldest first',
  BOOKED_AT_DESC: 'Booked, newest first',
};

/** Display ids: `VN-000123` for orders, `T-000123` for tours; anything else is an OTA order id. */
const DISPLAY_ID = /^(?:[A-Z]{2}|T)-\d+$/;
/** Views that list one day of their own: the range does not apply to them. */
const DAY_VIEWS = ['today', 'tomorrow'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  return DAY.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value;
}

/** Today (`YYYY-MM-DD`) in the team's timezone. */
export function dayIn(timezone: string, now: number): string {
  return dayjs(now).tz(timezone).format('YYYY-MM-DD');
}

/** Defaults: the current month in the team's timezone, every OTA and status, no search, departure first. */
export function defaultListFilters(timezone: string, now: number): ListFilters {
  const today = dayjs(now).tz(timezone);
  return {
    startDate: today.startOf('month').format('YYYY-MM-DD'),
    endDate: today.endOf('month').format('YYYY-MM-DD'),
    basis: 'departure',
    ota: null,
    status: null,
    search: '',
    sort: DEFAULT_ORDER_SORT,
  };
}

export interface ParsedFilters {
  filters: ListFilters;
  /** One readable sentence per value of the URL that was dropped. */
  notices: string[];
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * Reads the filters from a URL query. A value that makes no sense is dropped (that filter
 * falls back to its default) with a notice; the other filters are kept as they are.
 */
export function parseListFilters(
  params: URLSearchParams,
  defaults: ListFilters,
  kind: FilterKind = 'orders',
): ParsedFilters {
  const notices: string[] = [];
  const filters: ListFilters = { ...defaults };
  const get = (name: string) => params.get(name)?.trim() ?? '';

  const from = get(FILTER_PARAMS.from);
  const to = get(FILTER_PARAMS.to);
  const dates = get(FILTER_PARAMS.dates);
  if (from || to) {
    if (!isDay(from) || !isDay(to)) {
      notices.push(
        `Ignored the date range "${from || '?'} to ${to || '?'}": dates must be real days written YYYY-MM-DD. Showing the default dates.`,
      );
    } else if (to < from) {
      notices.push(`Ignored the date range "${from} to ${to}": it ends before it starts. Showing the default dates.`);
    } else {
      filters.startDate = from;
      filters.endDate = to;
    }
  } else if (dates === ALL_DATES) {
    filters.startDate = null;
    filters.endDate = null;
  } else if (dates) {
    notices.push(`Ignored the dates value "${dates}". Showing the default dates.`);
  }

  const basis = get(FILTER_PARAMS.basis).toLowerCase();
  if (basis) {
    if (!oneOf(DATE_BASES, basis)) notices.push(`Ignored the unknown date basis "${basis}".`);
    else if (kind === 'tours' && basis !== 'departure')
      notices.push('Ignored the booking date basis: tours are filtered by departure.');
    else filters.basis = basis;
  }

  const ota = get(FILTER_PARAMS.ota).toUpperCase();
  if (ota) {
    if (kind === 'tours') notices.push('Ignored the OTA filter: tours are not filtered by OTA.');
    else if (oneOf(OTAS, ota)) filters.ota = ota;
    else notices.push(`Ignored the unknown OTA "${ota}".`);
  }

  const status = get(FILTER_PARAMS.status);
  if (status) {
    if (oneOf(STATUSES, status)) filters.status = status;
    else notices.push(`Ignored the unknown status "${status}".`);
  }

  const search = get(FILTER_PARAMS.search);
  if (search.length > SEARCH_MAX_LENGTH) {
    notices.push(`Ignored the search: it is longer than ${SEARCH_MAX_LENGTH} characters.`);
  } else filters.search = search;

  const sort = get(FILTER_PARAMS.sort).toUpperCase();
  if (sort) {
    if (oneOf(ORDER_SORTS, sort)) filters.sort = sort;
    else notices.push(`Ignored the unknown sort "${sort}".`);
  }
  return { filters, notices };
}

/**
 * Writes the filters into a copy of `base` (other parameters are kept), leaving out every
 * value equal to its default so that the default view has a clean URL.
 */
export function writeListFilters(base: URLSearchParams, filters: ListFilters, defaults: ListFilters): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of Object.values(FILTER_PARAMS)) params.delete(name);
  if (filters.startDate === null || filters.endDate === null) {
    params.set(FILTER_PARAMS.dates, ALL_DATES);
  } else if (filters.startDate !== defaults.startDate || filters.endDate !== defaults.endDate) {
    params.set(FILTER_PARAMS.from, filters.startDate);
    params.set(FILTER_PARAMS.to, filters.endDate);
  }
  if (filters.basis !== defaults.basis) params.set(FILTER_PARAMS.basis, filters.basis);
  if (filters.ota) params.set(FILTER_PARAMS.ota, filters.ota);
  if (filters.status) params.set(FILTER_PARAMS.status, filters.status);
  const search = filters.search.trim();
  if (search) params.set(FILTER_PARAMS.search, search);
  if (filters.sort !== defaults.sort) params.set(FILTER_PARAMS.sort, filters.sort);
  return params;
}

const sameRange = (a: ListFilters, b: ListFilters) => a.startDate === b.startDate && a.endDate === b.endDate;

/**
 * SPEC section 4: a search is active when search text, an OTA filter, a status filter or a
 * non-default sort is set. A date range (or its basis) is no search: the bar says nothing of it.
 */
export function isSearchActive(filters: ListFilters, defaults: ListFilters): boolean {
  return (
    filters.search.trim() !== '' || filters.ota !== null || filters.status !== null || filters.sort !== defaults.sort
  );
}

/** Whether anything differs from the defaults (a search, another range or basis): Reset has work to do. */
export function differsFromDefaults(filters: ListFilters, defaults: ListFilters): boolean {
  return isSearchActive(filters, defaults) || filters.basis !== defaults.basis || !sameRange(filters, defaults);
}

/** The date picker's label: the range's days as every dialog shows them, or "Pick a date". */
export function rangeLabel(startDate: string | null, endDate: string | null): string {
  if (!startDate) return NO_DATE_LABEL;
  const end = endDate ?? startDate;
  return end === startDate ? formatDay(startDate) : `${formatDay(startDate)} – ${formatDay(end)}`;
}

/**
 * Why a list's request leaves the range out, or null when it applies: a search looks at every
 * date (an order is found wherever it is), and today's and tomorrow's tours have their own day.
 */
export type DatesSetAside = 'search' | (typeof DAY_VIEWS)[number] | null;

export function datesSetAside(filters: ListFilters, view: string | null): DatesSetAside {
  const dayView = DAY_VIEWS.find((v) => v === view);
  if (dayView) return dayView;
  return filters.search.trim() ? 'search' : null;
}

/**
 * The request of a list (its page, its counts) for these filters in a view: the one mapping that
 * every caller shares, so a list, its count and its day headers always count the same rows.
 */
export function toListQuery(filters: ListFilters, view: string | null): ListQuery {
  const query: ListQuery = { orderBy: filters.sort };
  if (datesSetAside(filters, view) === null && filters.startDate && filters.endDate) {
    query.startDate = filters.startDate;
    query.endDate = filters.endDate;
    if (filters.basis === 'booking') query.dateBasis = filters.basis;
  }
  if (filters.ota) query.ota = filters.ota;
  if (filters.status) query.statusV2 = filters.status;
  const search = filters.search.trim();
  if (search) query.q = search;
  return query;
}

/**
 * A search as the operations that only know exact ids take it (tours, exports): a display id
 * (`vn-000123`), else an OTA order id, upper-cased as the contract asks.
 */
export function exactIdSearch(q: string): { displayId: string } | { otaOrderId: string } {
  const id = q.trim().toUpperCase();
  return DISPLAY_ID.test(id) ? { displayId: id } : { otaOrderId: id };
}

/** The URL query (`?...`, or empty) of `search` with the filters written in, other parameters kept. */
export function withFilters(search: string, filters: ListFilters, defaults: ListFilters): string {
  const query = writeListFilters(new URLSearchParams(search), filters, defaults).toString();
  return query ? `?${query}` : '';
}

export function sameFilters(a: ListFilters, b: ListFilters): boolean {
  return (
    sameRange(a, b) &&
    a.basis === b.basis &&
    a.ota === b.ota &&
    a.status === b.status &&
    a.search.trim() === b.search.trim() &&
    a.sort === b.sort
  );
}

/** Everything a list screen reads from its URL's query at one clock reading: defaults, filters, notices. */
export function filtersOfUrl(search: string, timezone: string, now: number, kind: FilterKind = 'orders') {
  const defaults = defaultListFilters(timezone, now);
  return { defaults, ...parseListFilters(new URLSearchParams(search), defaults, kind) };
}
