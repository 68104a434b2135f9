import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The create-tour form's departure: a day and a 24-hour time in the team's timezone. */
export interface DepartureFields {
  date: string;
  time: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A tour without orders departs at this time unless the person says otherwise. */
export const NEW_TOUR_TIME = '09:00';

/** Defaults: the first order's departure, or today at NEW_TOUR_TIME for a tour without orders. */
export function departureDefaults(departureAt: string | null, tz: string, now: Date): DepartureFields {
  if (departureAt) {
    const local = dayjs(departureAt).tz(tz);
    return { date: local.format('YYYY-MM-DD'), time: local.format('HH:mm') };
  }
  return { date: dayjs(now).tz(tz).format('YYYY-MM-DD'), time: NEW_TOUR_TIME };
}

export function isValidDeparture({ date, time }: DepartureFields): boolean {
  return DATE.test(date) && TIME.test(time) && dayjs(date).format('YYYY-MM-DD') === date;
}

/** The ISO timestamp of a day and time in the team's timezone. */
export function toDepartureAt({ date, time }: DepartureFields, tz: string): string {
  return dayjs.tz(`${date} ${time}`, tz).toISOString();
}

/** The earliest departure among the given ids' rows (the server's "first order"), or null. */
export function firstDeparture(
  rows: ReadonlyArray<{ id: string; departureAt?: string }>,
  ids: readonly string[],
): string | null {
  const wanted = new Set(ids);
  let first: string | null = null;
  for (const row of rows) {
    if (!wanted.has(row.id) || !row.departureAt) continue;
    if (first === null || Date.parse(row.departureAt) < Date.parse(first)) first = row.departureAt;
  }
  return first;
}
