import { zoneFormatters } from '../time/zone-formatter';

/** Wall-clock times in a team's timezone, converted to UTC instants (no dependency but Intl). */

const formatter = zoneFormatters('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface LocalDate {
  year: number;
  month: number; // 1..12
  day: number;
}

function localParts(instant: Date, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts;
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The calendar day it is at that instant in the zone. */
export function localDate(instant: Date, timeZone: string): LocalDate {
  const p = localParts(instant, timeZone);
  return { year: p.year, month: p.month, day: p.day };
}

const zoned = new Map<string, number>();

/** The UTC instant of a wall-clock time in the zone; `day` may overflow (Date.UTC normalises it). */
export function zonedTime(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const key = `${timeZone}|${naive}`;
  let instant = zoned.get(key);
  if (instant === undefined) {
    const first = naive - offsetMinutes(new Date(naive), timeZone) * 60000;
    instant = naive - offsetMinutes(new Date(first), timeZone) * 60000;
    zoned.set(key, instant);
  }
  return new Date(instant);
}

/** "HH:MM" of an instant in the zone. */
export function localTime(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const DAY_MS = 24 * 60 * 60 * 1000;
