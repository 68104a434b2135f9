import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { shiftMonth } from './calendar';
import { DATE_BASES, type DateBasis } from './list-filters';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);

/**
 * The period the statistics screen shows: a month (`YYYY-MM`) and the date its orders are counted
 * by. Both live in the URL (`/statistics?month=2026-10&basis=booking`), so a view can be shared and
 * the back button works; absent means the default (the team's current month, departure date).
 */
export type { DateBasis };
export const DEFAULT_BASIS: DateBasis = 'departure';

export interface StatisticsQuery {
  month: string;
  basis: DateBasis;
}

export const STATISTICS_PATH = '/statistics';
export const STATISTICS_PARAMS = { month: 'month', basis: 'basis' } as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A real month written `YYYY-MM`. */
export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** The current month (`YYYY-MM`) in the team's timezone. */
export function currentMonth(timezone: string, now: number): string {
  return dayjs(now).tz(timezone).format('YYYY-MM');
}

/** The first and last day of a month, as the API's startDate and endDate. */
export function monthRange(month: string): { startDate: string; endDate: string } {
  const first = dayjs.utc(`${month}-01`);
  return { startDate: first.format('YYYY-MM-DD'), endDate: first.endOf('month').format('YYYY-MM-DD') };
}

/** The period the KPI changes compare against: the month before. */
export const previousMonth = (month: string): string => shiftMonth(month, -1);
export const nextMonth = (month: string): string => shiftMonth(month, 1);

export interface ParsedStatisticsQuery {
  query: StatisticsQuery;
  /** One readable sentence per value of the URL that was dropped. */
  notices: string[];
}

/** Reads the month and basis of a URL query; a value that makes no sense falls back to its default, with a notice. */
export function parseStatisticsQuery(search: string, defaultMonth: string): ParsedStatisticsQuery {
  const params = new URLSearchParams(search);
  const notices: string[] = [];
  const query: StatisticsQuery = { month: defaultMonth, basis: DEFAULT_BASIS };

  const month = params.get(STATISTICS_PARAMS.month)?.trim() ?? '';
  if (isMonth(month)) query.month = month;
  else if (month) notices.push(`Ignored the month "${month}": months are written YYYY-MM. Showing the current month.`);

  const basis = params.get(STATISTICS_PARAMS.basis)?.trim() ?? '';
  if ((DATE_BASES as readonly string[]).includes(basis)) query.basis = basis as DateBasis;
  else if (basis)
    notices.push(`Ignored the date basis "${basis}": it is departure or booking. Showing departure dates.`);

  return { query, notices };
}

/** The URL query (`?...`, or empty) of a period, leaving out each value equal to its default. */
export function statisticsSearch(query: StatisticsQuery, defaultMonth: string): string {
  const params = new URLSearchParams();
  if (query.month !== defaultMonth) params.set(STATISTICS_PARAMS.month, query.month);
  if (query.basis !== DEFAULT_BASIS) params.set(STATISTICS_PARAMS.basis, query.basis);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const sameQuery = (a: StatisticsQuery, b: StatisticsQuery): boolean =>
  a.month === b.month && a.basis === b.basis;
