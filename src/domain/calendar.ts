import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * The month grid of the date range picker. Days are plain `YYYY-MM-DD` strings (calendar
 * days of the team, no time or zone), computed in UTC so the browser's zone never shifts them.
 */
export interface CalendarCell {
  date: string;
  /** Day of the month, 1-31. */
  day: number;
  inMonth: boolean;
}

/** Always 6 weeks: the picker keeps the same height whatever the month. */
export const GRID_CELLS = 42;

/**
 * Weeks start on Monday (ISO 8601): the teams work in Asia and Europe, where calendars
 * start on Monday.
 */
export const WEEK_START = 1;
export const WEEKDAY_LABELS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/** `YYYY-MM` of a `YYYY-MM-DD` day. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month `delta` months after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  return dayjs.utc(`${month}-01`).add(delta, 'month').format('YYYY-MM');
}

/** "November 2026". */
export function monthTitle(month: string): string {
  return dayjs.utc(`${month}-01`).format('MMMM YYYY');
}

/** The 42 days shown for `month`: from the week start on or before its 1st, six full weeks. */
export function monthGrid(month: string): CalendarCell[] {
  const first = dayjs.utc(`${month}-01`);
  const lead = (first.day() - WEEK_START + 7) % 7;
  const start = first.subtract(lead, 'day');
  return Array.from({ length: GRID_CELLS }, (_, i) => {
    const day = start.add(i, 'day');
    return { date: day.format('YYYY-MM-DD'), day: day.date(), inMonth: day.format('YYYY-MM') === month };
  });
}

/** Whether `date` lies within start..end, both inclusive (an open end means the start day alone). */
export function inRange(date: string, start: string | null, end: string | null): boolean {
  if (!start) return false;
  return date >= start && date <= (end ?? start);
}
