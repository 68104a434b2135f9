import { describe, expect, it } from 'vitest';
import type { ProductSchedule } from '../../shared/schedule';
import { isCalendarDate, scheduleErrors } from '../../shared/schedule-rules';

/** Each rule of a product schedule: the field it names and what a person reads there. */
const times = ['08:00', '14:00'];
const valid = (): ProductSchedule => ({
  availabilityType: 'START_TIME',
  startTimes: { mon: times, tue: times, wed: [], sat: ['09:30'] },
  capacity: 12,
  durationMinutes: 240,
  bookingCutoffMinutes: 60,
  cancellationCutoffMinutes: 1440,
  closedDates: ['2026-12-25', '2028-02-29'],
  options: [
    {
      id: 'standard',
      name: 'Standard',
      default: true,
      units: [
        {
          id: 'adult',
          type: 'ADULT',
          name: 'Adult',
          minAge: 12,
          maxAge: 99,
          prices: [
            { currency: 'VND', retail: 1_100_000, net: 900_000 },
            { currency: 'USD', retail: 45.5, net: null },
          ],
        },
        {
          id: 'child',
          type: 'CHILD',
          name: 'Child',
          minAge: 3,
          maxAge: 11,
          prices: [
            { currency: 'USD', retail: 25 },
            { currency: 'VND', retail: 600_000, net: 600_000 },
          ],
        },
      ],
    },
    {
      id: 'private',
      name: 'Private',
      default: false,
      units: [
        { id: 'adult', type: 'ADULT', name: 'Adult', minAge: 0, maxAge: 120, prices: [{ currency: 'USD', retail: 0 }] },
      ],
    },
  ],
});
const hours = (): ProductSchedule => {
  const { startTimes: _, ...rest } = valid();
  return {
    ...rest,
    availabilityType: 'OPENING_HOURS',
    openingHours: { days: ['mon', 'sun'], from: '09:00', to: '17:30' },
  };
};
const change = (edit: (s: ProductSchedule) => void, from = valid()) => {
  edit(from);
  return scheduleErrors(from);
};

describe('scheduleErrors', () => {
  it('finds nothing wrong with a usable schedule of either type', () => {
    expect(scheduleErrors(valid())).toEqual([]);
    expect(scheduleErrors(hours())).toEqual([]);
  });

  it.each<[string, (s: ProductSchedule) => void, string, string]>([
    ['no default option', (s) => (s.options[0].default = false), 'options', 'Choose the default option'],
    [
      'two default options',
      (s) => (s.options[1].default = true),
      'options[1].default',
      'Only one option can be the default',
    ],
    ['an option id twice', (s) => (s.options[1].id = 'standard'), 'options[1].id', 'Another option has this id'],
    [
      'a unit id twice in an option',
      (s) => (s.options[0].units[1].id = 'adult'),
      'options[0].units[1].id',
      'Another unit of this option has this id',
    ],
    [
      'a minimum age above the maximum',
      (s) => (s.options[0].units[1].minAge = 12),
      'options[0].units[1].maxAge',
      'Must be at least the minimum age',
    ],
    [
      'a currency twice for a unit',
      (s) => s.options[1].units[0].prices.push({ currency: 'USD', retail: 1 }),
      'options[1].units[0].prices[1].currency',
      'USD is priced already for this unit',
    ],
    [
      'units of an option in other currencies',
      (s) => s.options[0].units[1].prices.pop(),
      'options[0].units[1].prices',
      'Price it in the same currencies as Adult (USD, VND)',
    ],
    [
      'net above retail',
      (s) => (s.options[0].units[0].prices[0].net = 1_100_001),
      'options[0].units[0].prices[0].net',
      'Must not be more than the retail price',
    ],
    [
      'a negative price',
      (s) => (s.options[0].units[0].prices[1].retail = -1),
      'options[0].units[0].prices[1].retail',
      'Enter a price of 0 or more',
    ],
    [
      'a time twice on a day',
      (s) => (s.startTimes!.tue = ['14:00', '08:00', '14:00']),
      'startTimes.tue',
      '14:00 is listed twice',
    ],
    ['an empty time', (s) => (s.startTimes!.sat = ['']), 'startTimes.sat', 'Enter a time'],
    ['no start time on any day', (s) => (s.startTimes = { mon: [] }), 'startTimes', 'Add at least one start time'],
    ['no start times at all', (s) => delete s.startTimes, 'startTimes', 'Add at least one start time'],
    [
      'opening hours on a START_TIME product',
      (s) => (s.openingHours = { days: ['mon'], from: '09:00', to: '10:00' }),
      'openingHours',
      'Opening hours are for products open from/to, not for start times',
    ],
    [
      'a day that is not in the calendar',
      (s) => (s.closedDates = ['2026-02-30']),
      'closedDates[0]',
      '2026-02-30 is not a date of the calendar',
    ],
    [
      'a date twice',
      (s) => (s.closedDates = ['2026-05-01', '2026-05-01']),
      'closedDates[1]',
      '2026-05-01 is listed twice',
    ],
    ['no places', (s) => (s.capacity = 0), 'capacity', 'Must be a whole number of places from 1 to 10,000'],
    [
      'part of a minute',
      (s) => (s.bookingCutoffMinutes = 1.5),
      'bookingCutoffMinutes',
      'Must be a whole number of minutes from 0 to 43,200',
    ],
    ['an empty option name', (s) => (s.options[1].name = '  '), 'options[1].name', 'Enter a name'],
    [
      'a unit without prices',
      (s) => (s.options[1].units[0].prices = []),
      'options[1].units[0].prices',
      'Add at least one price',
    ],
    [
      'a lower-case currency',
      (s) => (s.options[1].units[0].prices[0].currency = 'usd'),
      'options[1].units[0].prices[0].currency',
      'Use a three-letter currency code, such as USD',
    ],
  ])('refuses %s on its field', (_, edit, field, message) => {
    expect(change(edit)).toEqual([{ field, message }]);
  });

  it.each<[string, (s: ProductSchedule) => void, string, string]>([
    ['no opening hours', (s) => delete s.openingHours, 'openingHours', 'Set the opening hours'],
    ['no open day', (s) => (s.openingHours!.days = []), 'openingHours.days', 'Choose at least one day'],
    [
      'closing before opening',
      (s) => (s.openingHours!.to = '08:59'),
      'openingHours.to',
      'Must be after the opening time',
    ],
    [
      'closing when it opens',
      (s) => (s.openingHours!.to = '09:00'),
      'openingHours.to',
      'Must be after the opening time',
    ],
    [
      'start times on an OPENING_HOURS product',
      (s) => (s.startTimes = { mon: ['08:00'] }),
      'startTimes',
      'Start times are for products with departures, not for opening hours',
    ],
  ])('refuses %s for opening hours', (_, edit, field, message) => {
    expect(change(edit, hours())).toEqual([{ field, message }]);
  });

  it('names every field at fault at once', () => {
    const s = valid();
    s.capacity = 0;
    s.options[0].units[0].maxAge = 5;
    s.options[1].units[0].prices[0].net = 3;
    expect(scheduleErrors(s).map((e) => e.field)).toEqual([
      'capacity',
      'options[0].units[0].maxAge',
      'options[1].units[0].prices[0].net',
    ]);
  });
});

describe('isCalendarDate', () => {
  it('knows leap years and month lengths', () => {
    expect(['2028-02-29', '2026-01-31', '2026-12-01'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-04-31', '2026-13-01', '2026-1-01', ''].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
