import { describe, expect, it } from 'vitest';
import { scheduleErrors } from '../../shared/schedule-rules';
import { applyEdit, newSchedule, sameSchedule, teamCurrency } from '../../src/machines/product-schedule/draft';

/** The schedule editor's edits, as pure functions over the draft. */
describe('schedule draft edits', () => {
  const start = newSchedule('VND');

  it('starts a schedule in the team currency and USD, with prices still to enter', () => {
    expect(teamCurrency('VN')).toBe('VND');
    expect(teamCurrency('KH')).toBe('KHR');
    expect(teamCurrency('XX')).toBe('USD');
    expect(start.options[0].units.map((u) => [u.id, u.type, u.prices.map((p) => p.currency)])).toEqual([
      ['adult', 'ADULT', ['VND', 'USD']],
      ['child', 'CHILD', ['VND', 'USD']],
    ]);
    expect(scheduleErrors(start).map((e) => e.field)).toEqual([
      'options[0].units[0].prices[0].retail',
      'options[0].units[0].prices[1].retail',
      'options[0].units[1].prices[0].retail',
      'options[0].units[1].prices[1].retail',
    ]);
    expect(newSchedule('USD').options[0].units[0].prices.map((p) => p.currency)).toEqual(['USD']);
  });

  it('turns departures into opening hours and back, keeping the days', () => {
    let s = applyEdit(start, { kind: 'timeRemove', day: 'sun', index: 0 });
    s = applyEdit(s, { kind: 'timeSet', day: 'mon', index: 0, time: '08:30' });
    const hours = applyEdit(s, { kind: 'type', availabilityType: 'OPENING_HOURS' });
    expect(hours.startTimes).toBeUndefined();
    expect(hours.openingHours).toEqual({
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      from: '08:30',
      to: '17:00',
    });
    const back = applyEdit(hours, { kind: 'type', availabilityType: 'START_TIME' });
    expect(back.openingHours).toBeUndefined();
    expect(back.startTimes).toEqual({
      mon: ['08:30'],
      tue: ['08:30'],
      wed: ['08:30'],
      thu: ['08:30'],
      fri: ['08:30'],
      sat: ['08:30'],
    });
  });

  it('adds a time an hour after the last one, copies a day to all', () => {
    const s = applyEdit(start, { kind: 'timeAdd', day: 'tue' });
    expect(s.startTimes!.tue).toEqual(['09:00', '10:00']);
    expect(applyEdit(s, { kind: 'timeCopy', day: 'tue' }).startTimes!.sun).toEqual(['09:00', '10:00']);
  });

  it('edits prices by currency column, so units stay in the same currencies', () => {
    let s = applyEdit(start, { kind: 'currencyAdd', option: 0 });
    expect(s.options[0].units.map((u) => u.prices.map((p) => p.currency))).toEqual([
      ['VND', 'USD', 'EUR'],
      ['VND', 'USD', 'EUR'],
    ]);
    s = applyEdit(s, { kind: 'currencySet', option: 0, index: 2, currency: 'GBP' });
    s = applyEdit(s, { kind: 'currencyRemove', option: 0, index: 0 });
    expect(s.options[0].units.map((u) => u.prices.map((p) => p.currency))).toEqual([
      ['USD', 'GBP'],
      ['USD', 'GBP'],
    ]);
    s = applyEdit(s, { kind: 'priceSet', option: 0, unit: 1, index: 1, retail: 20, net: 15 });
    expect(s.options[0].units[1].prices[1]).toEqual({ currency: 'GBP', retail: 20, net: 15 });
    expect(s.options[0].units[0].prices[1].retail).toBeNaN();
  });

  it('keeps one default option: choosing one, and removing the default', () => {
    let s = applyEdit(start, { kind: 'optionAdd' });
    expect(s.options.map((o) => [o.id, o.default])).toEqual([
      ['standard', true],
      ['option-2', false],
    ]);
    s = applyEdit(s, { kind: 'optionDefault', option: 1 });
    expect(s.options.map((o) => o.default)).toEqual([false, true]);
    s = applyEdit(s, { kind: 'optionRemove', option: 1 });
    expect(s.options.map((o) => [o.id, o.default])).toEqual([['standard', true]]);
  });

  it('names a new unit for what is missing, with a free id', () => {
    let s = applyEdit(start, { kind: 'unitAdd', option: 0 });
    expect(s.options[0].units.map((u) => u.id)).toEqual(['adult', 'child', 'child-2']);
    s = applyEdit(s, {
      kind: 'unitSet',
      option: 0,
      unit: 2,
      patch: { type: 'INFANT', name: 'Baby', minAge: 0, maxAge: 2 },
    });
    expect(s.options[0].units[2]).toMatchObject({ type: 'INFANT', name: 'Baby', minAge: 0, maxAge: 2 });
  });

  it('tells the same schedule whatever the order of its keys, and an empty price from another', () => {
    const { options, capacity, ...rest } = start;
    expect(sameSchedule(start, { capacity, ...rest, options })).toBe(true);
    // an empty price is not a price of nothing
    const emptied = JSON.parse(JSON.stringify(start, (_, v) => (Number.isNaN(v) ? null : v)));
    expect(sameSchedule(start, emptied)).toBe(false);
    expect(sameSchedule(start, null)).toBe(false);
  });
});
