/**
 * A product's departures from its schedule (pure): which local starts a schedule has on which local
 * dates, in the team's timezone, and the OCTO availability ids that name them
 * (`2026-11-27T08:00:00+07:00`, the local start with its offset).
 *
 * Calendar arithmetic uses dayjs in UTC mode (a local date is handled as a UTC midnight). Zone
 * offsets come from a cached Intl.DateTimeFormat instead of dayjs's timezone plugin, and only once
 * per local day of a range (ZoneDays): dayjs's `tz()` costs about 0.3 ms a call and even a cached
 * Intl lookup about 20 µs, while a 90-day calendar of 15 departures a day (1,350 departures, each
 * with a start, an end and a cut-off) must fit in 30 ms.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { WEEKDAYS, type ProductSchedule, type Weekday } from '../../shared/schedule';
import { zoneFormatters } from '../time/zone-formatter';

dayjs.extend(utc);

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A local date as a UTC midnight, and back. */
const wallOf = (localDate: string) => Date.parse(`${localDate}T00:00:00Z`);
const dateOfWall = (wall: number) => new Date(wall).toISOString().slice(0, 10);
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const AVAILABILITY_ID = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00([+-]\d{2}:\d{2})$/;

/** One departure of a schedule, before any capacity is counted. */
export interface ScheduledDeparture {
  /** The OCTO availability id: the local start with its offset. */
  availabilityId: string;
  localDate: string;
  /** "HH:mm" local */
  localTime: string;
  startsAt: Date;
  /** start + durationMinutes, local with its offset */
  localDateTimeEnd: string;
  /** start - bookingCutoffMinutes */
  utcCutoffAt: Date;
  /** The date is one of the schedule's closed dates. */
  closedDate: boolean;
  /** The local day [from, to) in UTC: OPENING_HOURS counts every order of the day. */
  dayFrom: Date;
  dayTo: Date;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isLocalDate(value: string): boolean {
  const m = LOCAL_DATE.exec(value);
  if (!m) return false;
  const d = dayjs.utc(value);
  return d.isValid() && d.format('YYYY-MM-DD') === value;
}

/** The local dates from start to end, both included (empty when end is before start). */
export function localDatesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  const last = dayjs.utc(end).valueOf();
  for (let d = dayjs.utc(start).valueOf(); d <= last; d += DAY_MS) dates.push(dateOfWall(d));
  return dates;
}

/** Days from start to end, both included (0 when end is before start). */
export function daysInRange(start: string, end: string): number {
  return Math.max(0, dayjs.utc(end).diff(dayjs.utc(start), 'day') + 1);
}

/** The weekday of a local date. */
export function weekdayOf(localDate: string): Weekday {
  // dayjs: 0 = Sunday; WEEKDAYS starts on Monday
  return WEEKDAYS[(new Date(wallOf(localDate)).getUTCDay() + 6) % 7];
}

const offsetFormatter = zoneFormatters('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The zone's offset from UTC at an instant, in minutes (e.g. 420 for +07:00). */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of offsetFormatter(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / MINUTE_MS);
}

/**
 * The UTC instant of a local date and time ("HH:mm", or minutes after midnight) in a zone. A time
 * that a DST change skips moves forward by the change (02:30 becomes 03:30); a time that happens
 * twice is its first occurrence (as Temporal's "compatible" disambiguation).
 */
export function localToUtc(localDate: string, time: string | number, timeZone: string): Date {
  const minutes = typeof time === 'number' ? time : minutesOf(time);
  const wall = wallOf(localDate) + minutes * MINUTE_MS;
  // the offsets a day either side (a zone's offset is at most 14 hours, so the change, if any, is between)
  const before = zoneOffsetMinutes(timeZone, wall - DAY_MS);
  const after = zoneOffsetMinutes(timeZone, wall + DAY_MS);
  const early = wall - before * MINUTE_MS;
  if (before === after) return new Date(early);
  const late = wall - after * MINUTE_MS;
  const earlyHolds = zoneOffsetMinutes(timeZone, early) === before;
  const lateHolds = zoneOffsetMinutes(timeZone, late) === after;
  if (earlyHolds && lateHolds) return new Date(Math.min(early, late));
  if (lateHolds) return new Date(late);
  return new Date(early);
}

/** An instant with a known offset as OCTO writes local times (no zone lookup). */
function writeLocal(utcMs: number, offset: number): string {
  const abs = Math.abs(offset);
  const local = new Date(utcMs + offset * MINUTE_MS).toISOString().slice(0, 19);
  return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as OCTO writes local times: `YYYY-MM-DDTHH:mm:ss±HH:MM` in the zone. */
export function formatLocal(at: Date | number, timeZone: string): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return writeLocal(ms, zoneOffsetMinutes(timeZone, ms));
}

/** An instant as OCTO writes UTC times: `2026-11-27T01:00:00Z` (no milliseconds when there are none). */
export function formatUtc(at: Date): string {
  return at.toISOString().replace('.000Z', 'Z');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight of "HH:mm". */
export function minutesOf(time: string): number {
  const m = LOCAL_TIME.exec(time);
  if (!m) throw new Error(`Not a local time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The local date and time an availability id names, or null when it is not written as OCTO writes one. */
export function parseAvailabilityId(id: string): { localDate: string; localTime: string } | null {
  const m = AVAILABILITY_ID.exec(id);
  if (!m || !isLocalDate(m[1]) || !LOCAL_TIME.test(m[2])) return null;
  return { localDate: m[1], localTime: m[2] };
}

/** The schedule's local start times on a weekday, sorted ("HH:mm"). */
export function startTimesOn(schedule: ProductSchedule, weekday: Weekday): string[] {
  if (schedule.availabilityType === 'OPENING_HOURS') {
    return schedule.openingHours?.days.includes(weekday) ? [schedule.openingHours.from] : [];
  }
  return [...new Set(schedule.startTimes?.[weekday] ?? [])].sort();
}

/** Every distinct local start time of the week, sorted. */
export function weeklyStartTimes(schedule: ProductSchedule): string[] {
  return [...new Set(WEEKDAYS.flatMap((d) => startTimesOn(schedule, d)))].sort();
}

/** Local midnights already looked up, by zone and date: zones do not change while the server runs. */
const midnights = new Map<string, readonly [number, number]>();
const MIDNIGHTS_KEPT = 100_000;

/**
 * The UTC instant of a local midnight and the offset then; one lookup when the offset is still the
 * one of the day before (`previous`), and none when this midnight was looked up already.
 */
function midnightOf(timeZone: string, wall: number, previous: number | undefined): readonly [number, number] {
  const key = `${timeZone}|${wall}`;
  const known = midnights.get(key);
  if (known) return known;
  let midnight = wall - (previous ?? zoneOffsetMinutes(timeZone, wall)) * MINUTE_MS;
  let offset = zoneOffsetMinutes(timeZone, midnight);
  if (offset !== previous) {
    midnight = localToUtc(dateOfWall(wall), 0, timeZone).getTime();
    offset = zoneOffsetMinutes(timeZone, midnight);
  }
  if (midnights.size >= MIDNIGHTS_KEPT) midnights.clear();
  const found = [midnight, offset] as const;
  midnights.set(key, found);
  return found;
}

/**
 * A zone's local midnights and offsets over a span of local dates, looked up once per day. A day
 * whose offset equals the next day's has no transition: every instant in it has that offset, so
 * conversions of the day need no further lookup; the rare day with a DST change is converted exactly.
 */
class ZoneDays {
  private readonly firstWall: number;
  /** UTC ms of each local midnight, one more than the days (the end of the last day). */
  private readonly midnights: number[] = [];
  private readonly offsets: number[] = [];

  constructor(
    private readonly timeZone: string,
    firstDate: string,
    days: number,
  ) {
    this.firstWall = wallOf(firstDate);
    let previous: number | undefined;
    for (let i = 0; i <= days; i++) {
      const wall = this.firstWall + i * DAY_MS;
      const [midnight, offset] = midnightOf(timeZone, wall, previous);
      this.midnights.push(midnight);
      this.offsets.push(offset);
      previous = offset;
    }
  }

  private steady(day: number): boolean {
    return day >= 0 && day + 1 < this.offsets.length && this.offsets[day] === this.offsets[day + 1];
  }

  /** The local midnight of day i (UTC ms). */
  midnight(day: number): number {
    return this.midnights[day];
  }

  /** The UTC instant of minutes after midnight of day i. */
  toUtc(day: number, minutes: number): number {
    if (this.steady(day)) {
      const utcMs = this.firstWall + day * DAY_MS + minutes * MINUTE_MS - this.offsets[day] * MINUTE_MS;
      // (a change right at midnight leaves the day's first wall times outside it)
      if (utcMs >= this.midnights[day] && utcMs < this.midnights[day + 1]) return utcMs;
    }
    return localToUtc(dateOfWall(this.firstWall + day * DAY_MS), minutes, this.timeZone).getTime();
  }

  /** The zone's offset at an instant (from the table when it covers a steady day). */
  offsetAt(utcMs: number): number {
    let day = Math.floor((utcMs - this.midnights[0]) / DAY_MS);
    while (day > 0 && day < this.midnights.length && utcMs < this.midnights[day]) day--;
    while (day + 1 < this.midnights.length && utcMs >= this.midnights[day + 1]) day++;
    return this.steady(day) && utcMs >= this.midnights[day]
      ? this.offsets[day]
      : zoneOffsetMinutes(this.timeZone, utcMs);
  }

  format(utcMs: number): string {
    return writeLocal(utcMs, this.offsetAt(utcMs));
  }
}

/** The departures of the local dates from start to end, both included, in order. */
export function expandSchedule(
  schedule: ProductSchedule,
  timeZone: string,
  localDateStart: string,
  localDateEnd: string,
  /** Only the departures starting at this local time ("HH:mm"). */
  onlyTime?: string,
): ScheduledDeparture[] {
  const dates = localDatesBetween(localDateStart, localDateEnd);
  if (dates.length === 0) return [];
  // the table reaches past the last end, so ends need no lookup of their own either
  const extra = Math.ceil(schedule.durationMinutes / 1440) + 1;
  const zone = new ZoneDays(timeZone, localDateStart, dates.length + extra);
  const closed = new Set(schedule.closedDates);
  const timesByWeekday = new Map(
    WEEKDAYS.map((d) => [
      d,
      startTimesOn(schedule, d)
        .filter((t) => onlyTime === undefined || t === onlyTime)
        .map((t) => [t, minutesOf(t)] as const),
    ]),
  );
  const out: ScheduledDeparture[] = [];
  dates.forEach((localDate, day) => {
    const times = timesByWeekday.get(weekdayOf(localDate)) ?? [];
    if (times.length === 0) return;
    const dayFrom = new Date(zone.midnight(day));
    const dayTo = new Date(zone.midnight(day + 1));
    for (const [localTime, minutes] of times) {
      const start = zone.toUtc(day, minutes);
      out.push({
        availabilityId: zone.format(start),
        localDate,
        localTime,
        startsAt: new Date(start),
        localDateTimeEnd: zone.format(start + schedule.durationMinutes * MINUTE_MS),
        utcCutoffAt: new Date(start - schedule.bookingCutoffMinutes * MINUTE_MS),
        closedDate: closed.has(localDate),
        dayFrom,
        dayTo,
      });
    }
  });
  return out;
}

/** The departures of one local date (none on a weekday without start times). */
export function departuresOn(schedule: ProductSchedule, timeZone: string, localDate: string): ScheduledDeparture[] {
  return expandSchedule(schedule, timeZone, localDate, localDate);
}

/** The departure an availability id names, or null (wrong format, time, weekday or offset). */
export function scheduledDeparture(
  schedule: ProductSchedule,
  timeZone: string,
  availabilityId: string,
): ScheduledDeparture | null {
  const parsed = parseAvailabilityId(availabilityId);
  if (!parsed) return null;
  // only the named start is worked out (a day of a busy schedule has dozens)
  const [found] = expandSchedule(schedule, timeZone, parsed.localDate, parsed.localDate, parsed.localTime);
  return found?.availabilityId === availabilityId ? found : null;
}
