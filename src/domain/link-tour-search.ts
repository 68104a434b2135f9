import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How the link dialogs search tours: a display id is asked of the server, a name narrows the list. */

/** `T-000123`, `t-123`, `T123` or `123` -> `T-000123`; null when the text is not a tour display id. */
export function tourDisplayId(query: string): string | null {
  const match = /^(?:T-?)?(\d{1,15})$/i.exec(query.trim());
  return match ? `T-${match[1].padStart(6, '0')}` : null;
}

/** What a tour needs for the search: its names. */
export interface NamedTour {
  displayId: string;
  displayName: string;
}

/** The tours to offer for a query: all of them, or those whose name or display id contains it. */
export function matchingTours<T extends NamedTour>(tours: readonly T[], query: string): T[] {
  const text = query.trim().toLowerCase();
  if (!text || tourDisplayId(text)) return [...tours];
  return tours.filter((t) => t.displayName.toLowerCase().includes(text) || t.displayId.toLowerCase().includes(text));
}

/** The link dialogs first offer the tours departing this many days around the selected orders. */
export const DAYS_AROUND = 3;

/**
 * The days (in the team's timezone) from DAYS_AROUND before the first of the given ids' rows to
 * DAYS_AROUND after the last; around today when none is found.
 */
export function orderDays(
  rows: ReadonlyArray<{ id: string; departureAt?: string }>,
  ids: readonly string[],
  tz: string,
  now: Date,
): { startDate: string; endDate: string } {
  const wanted = new Set(ids);
  const days = rows
    .filter((r) => wanted.has(r.id) && r.departureAt)
    .map((r) => dayjs(r.departureAt).tz(tz).format('YYYY-MM-DD'))
    .sort();
  const today = dayjs(now).tz(tz).format('YYYY-MM-DD');
  const shift = (day: string, by: number) => dayjs(day).add(by, 'day').format('YYYY-MM-DD');
  return {
    startDate: shift(days[0] ?? today, -DAYS_AROUND),
    endDate: shift(days[days.length - 1] ?? today, DAYS_AROUND),
  };
}
