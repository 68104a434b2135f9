import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  expandSchedule,
  formatLocal,
  formatUtc,
  isLocalDate,
  localDatesBetween,
  localToUtc,
  parseAvailabilityId,
  scheduledDeparture,
  weekdayOf,
  weeklyStartTimes,
} from '../../server/channel/departures';
import type { ProductSchedule } from '../../shared/schedule';

const base: ProductSchedule = {
  availabilityType: 'START_TIME',
  startTimes: { mon: ['14:00', '08:00'], tue: ['08:00'], wed: [], thu: ['08:00'], fri: ['08:00'], sat: ['09:30'] },
  capacity: 10,
  durationMinutes: 240,
  bookingCutoffMinutes: 60,
  cancellationCutoffMinutes: 1440,
  closedDates: ['2026-11-24'],
  options: [{ id: 'standard', name: 'Standard', default: true, units: [] }],
};

const openingHours: ProductSchedule = {
  ...base,
  availabilityType: 'OPENING_HOURS',
  startTimes: undefined,
  openingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], from: '09:00', to: '17:00' },
  durationMinutes: 480,
};

describe('local dates', () => {
  it('are real calendar dates written YYYY-MM-DD', () => {
    expect(isLocalDate('2026-11-27')).toBe(true);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
    expect(isLocalDate('27/11/2026')).toBe(false);
  });

  it('list a range with both ends, across months and years', () => {
    expect(localDatesBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(localDatesBetween('2026-11-27', '2026-11-27')).toEqual(['2026-11-27']);
    expect(localDatesBetween('2026-11-28', '2026-11-27')).toEqual([]);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange('2028-01-01', '2028-12-31')).toBe(366);
  });

  it('know their weekday', () => {
    expect(weekdayOf('2026-11-23')).toBe('mon');
    expect(weekdayOf('2026-11-27')).toBe('fri');
    expect(weekdayOf('2026-11-29')).toBe('sun');
  });
});

describe('zones', () => {
  it('turn a local start into its UTC instant and back, as OCTO writes it', () => {
    const vn = localToUtc('2026-11-27', '08:00', 'Asia/Ho_Chi_Minh');
    const jp = localToUtc('2026-11-27', '08:00', 'Asia/Tokyo');
    expect(vn.toISOString()).toBe('2026-11-27T01:00:00.000Z');
    expect(jp.toISOString()).toBe('2026-11-26T23:00:00.000Z');
    expect(formatLocal(vn, 'Asia/Ho_Chi_Minh')).toBe('2026-11-27T08:00:00+07:00');
    expect(formatLocal(jp, 'Asia/Tokyo')).toBe('2026-11-27T08:00:00+09:00');
    expect(formatLocal(localToUtc('2026-11-27', '08:00', 'America/New_York'), 'America/New_York')).toBe(
      '2026-11-27T08:00:00-05:00',
    );
    expect(formatLocal(localToUtc('2026-11-27', '08:00', 'Asia/Kolkata'), 'Asia/Kolkata')).toBe(
      '2026-11-27T08:00:00+05:30',
    );
    expect(formatUtc(vn)).toBe('2026-11-27T01:00:00Z');
  });

  it('follow daylight saving time on each side of the change', () => {
    // Paris moves from +01:00 to +02:00 on 2026-03-29 and back on 2026-10-25
    expect(localToUtc('2026-03-28', '08:00', 'Europe/Paris').toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(localToUtc('2026-03-29', '08:00', 'Europe/Paris').toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(localToUtc('2026-10-25', '08:00', 'Europe/Paris').toISOString()).toBe('2026-10-25T07:00:00.000Z');
    const [day] = expandSchedule(
      { ...base, startTimes: { sun: ['08:00'] }, durationMinutes: 24 * 60 },
      'Europe/Paris',
      '2026-03-29',
      '2026-03-29',
    );
    expect(day.availabilityId).toBe('2026-03-29T08:00:00+02:00');
    expect(day.localDateTimeEnd).toBe('2026-03-30T08:00:00+02:00');
    expect(day.dayTo.getTime() - day.dayFrom.getTime()).toBe(23 * 3_600_000);
  });
});

describe('a year of departures', () => {
  it('agrees with the exact conversion of each start and end, in zones with DST changes', () => {
    const times = ['00:00', '00:30', '02:30', '08:00', '23:30'];
    const schedule: ProductSchedule = {
      ...base,
      startTimes: { mon: times, tue: times, wed: times, thu: times, fri: times, sat: times, sun: times },
      closedDates: [],
    };
    for (const zone of [
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'America/Santiago',
      'Asia/Ho_Chi_Minh',
    ]) {
      for (const durationMinutes of [90, 1500]) {
        const all = expandSchedule({ ...schedule, durationMinutes }, zone, '2026-01-01', '2026-12-31');
        expect(all).toHaveLength(365 * times.length);
        for (const d of all) {
          const exact = localToUtc(d.localDate, d.localTime, zone);
          expect(d.startsAt.toISOString(), `${zone} ${d.localDate} ${d.localTime}`).toBe(exact.toISOString());
          expect(d.availabilityId).toBe(formatLocal(exact, zone));
          expect(d.localDateTimeEnd).toBe(formatLocal(exact.getTime() + durationMinutes * 60_000, zone));
          expect(d.dayFrom.toISOString()).toBe(localToUtc(d.localDate, '00:00', zone).toISOString());
        }
      }
    }
  });
});

describe('a START_TIME schedule', () => {
  it('has its weekday start times on each date, sorted, with end, cut-off and closed dates', () => {
    const all = expandSchedule(base, 'Asia/Ho_Chi_Minh', '2026-11-23', '2026-11-29');
    expect(all.map((d) => d.availabilityId)).toEqual([
      '2026-11-23T08:00:00+07:00',
      '2026-11-23T14:00:00+07:00',
      '2026-11-24T08:00:00+07:00',
      // Wednesday has no start, Sunday none either
      '2026-11-26T08:00:00+07:00',
      '2026-11-27T08:00:00+07:00',
      '2026-11-28T09:30:00+07:00',
    ]);
    const monday = all[0];
    expect(monday.localDate).toBe('2026-11-23');
    expect(monday.startsAt.toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(monday.localDateTimeEnd).toBe('2026-11-23T12:00:00+07:00');
    expect(monday.utcCutoffAt.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(all.filter((d) => d.closedDate).map((d) => d.localDate)).toEqual(['2026-11-24']);
  });

  it('lists every distinct start time of the week', () => {
    expect(weeklyStartTimes(base)).toEqual(['08:00', '09:30', '14:00']);
  });

  it('names a departure by its availability id, and nothing else', () => {
    const d = scheduledDeparture(base, 'Asia/Ho_Chi_Minh', '2026-11-23T14:00:00+07:00');
    expect(d?.startsAt.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    for (const id of [
      '2026-11-23T15:00:00+07:00', // not a start time
      '2026-11-25T08:00:00+07:00', // Wednesday: no departure
      '2026-11-23T08:00:00+09:00', // another offset
      '2026-11-23T08:00:00Z',
      '2026-11-23 08:00',
      '2026-02-30T08:00:00+07:00',
      'tomorrow',
    ]) {
      expect(scheduledDeparture(base, 'Asia/Ho_Chi_Minh', id)).toBeNull();
    }
    // a closed date still names its departure (it is shown CLOSED)
    expect(scheduledDeparture(base, 'Asia/Ho_Chi_Minh', '2026-11-24T08:00:00+07:00')?.closedDate).toBe(true);
  });

  it('parses availability ids as OCTO writes them', () => {
    expect(parseAvailabilityId('2026-11-27T08:00:00+07:00')).toEqual({ localDate: '2026-11-27', localTime: '08:00' });
    expect(parseAvailabilityId('2026-11-27T08:00:30+07:00')).toBeNull();
    expect(parseAvailabilityId('2026-11-27T24:00:00+07:00')).toBeNull();
  });
});

describe('an OPENING_HOURS schedule', () => {
  it('has one departure a day at its opening, on its open days, and the whole local day counts', () => {
    const all = expandSchedule(openingHours, 'Asia/Tokyo', '2026-11-27', '2026-11-30');
    expect(all.map((d) => d.availabilityId)).toEqual([
      '2026-11-27T09:00:00+09:00',
      '2026-11-28T09:00:00+09:00',
      // Sunday closed
      '2026-11-30T09:00:00+09:00',
    ]);
    expect(all[0].localDateTimeEnd).toBe('2026-11-27T17:00:00+09:00');
    expect(all[0].dayFrom.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(all[0].dayTo.toISOString()).toBe('2026-11-27T15:00:00.000Z');
    expect(weeklyStartTimes(openingHours)).toEqual(['09:00']);
    expect(scheduledDeparture(openingHours, 'Asia/Tokyo', '2026-11-27T10:00:00+09:00')).toBeNull();
  });
});
