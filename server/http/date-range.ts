import { badRequest } from './errors';

const DAY_MS = 86_400_000;

/**
 * Every day from startDate to endDate (YYYY-MM-DD, inclusive); 400 when the end is before the start
 * or the range spans more than maxDays. The contract's `format: date` has already refused anything
 * but a calendar day.
 */
export function rangeDays(startDate: string, endDate: string, maxDays: number): string[] {
  const from = Date.parse(`${startDate}T00:00:00Z`);
  const to = Date.parse(`${endDate}T00:00:00Z`);
  if (to < from) throw badRequest(`endDate (${endDate}) is before startDate (${startDate})`);
  const count = Math.round((to - from) / DAY_MS) + 1;
  if (count > maxDays)
    throw badRequest(`A range spans at most ${maxDays} days; ${startDate} to ${endDate} spans ${count}`);
  return Array.from({ length: count }, (_, i) => new Date(from + i * DAY_MS).toISOString().slice(0, 10));
}
