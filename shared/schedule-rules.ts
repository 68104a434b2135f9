/**
 * What makes a product schedule (shared/schedule.ts) unusable, field by field. The server refuses a
 * schedule with any of these (400 INVALID_SCHEDULE, nothing saved); the app shows the same messages
 * live next to the fields. Besides the rules the contract's JSON schema cannot say (one default
 * option, unique ids, ages in order, prices that agree, the availability type's own hours), it
 * repeats the schema's bounds, so that a form never gets as far as a request the server refuses
 * without naming the field.
 */
import { WEEKDAYS, type ProductSchedule, type ScheduleOption, type ScheduleUnit } from './schedule';

export interface FieldError {
  /** A path into the schedule, e.g. `options[0].units[1].prices[0].retail` or `startTimes.mon`. */
  field: string;
  /** What a person reads next to the field. */
  message: string;
}

export const SCHEDULE_LIMITS = {
  capacity: { min: 1, max: 10_000 },
  durationMinutes: { min: 1, max: 10_080 },
  bookingCutoffMinutes: { min: 0, max: 43_200 },
  cancellationCutoffMinutes: { min: 0, max: 43_200 },
  age: { min: 0, max: 120 },
  options: 20,
  units: 10,
  prices: 10,
  timesPerDay: 48,
  closedDates: 366,
  name: 100,
} as const;

const ID = /^[A-Za-z0-9_-]{1,50}$/;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^[A-Z]{3}$/;

const fmt = (n: number) => n.toLocaleString('en');

/** "YYYY-MM-DD" that names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const isLocalTime = (value: string) => TIME.test(value);

/** Minutes since midnight of "HH:mm". */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function wholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

type Push = (field: string, message: string) => void;

function checkNumbers(s: ProductSchedule, push: Push) {
  const whole = (field: keyof typeof SCHEDULE_LIMITS & keyof ProductSchedule, words: string) => {
    const { min, max } = SCHEDULE_LIMITS[field] as { min: number; max: number };
    if (!wholeIn(s[field], min, max)) push(field, `${words} from ${fmt(min)} to ${fmt(max)}`);
  };
  whole('capacity', 'Must be a whole number of places');
  whole('durationMinutes', 'Must be a whole number of minutes');
  whole('bookingCutoffMinutes', 'Must be a whole number of minutes');
  whole('cancellationCutoffMinutes', 'Must be a whole number of minutes');
}

function checkStartTimes(s: ProductSchedule, push: Push) {
  if (s.openingHours !== undefined)
    push('openingHours', 'Opening hours are for products open from/to, not for start times');
  let any = false;
  for (const day of WEEKDAYS) {
    const times = s.startTimes?.[day] ?? [];
    if (times.length > 0) any = true;
    const bad = times.find((t) => !isLocalTime(t));
    const twice = times.find((t, i) => times.indexOf(t) !== i);
    if (bad !== undefined) push(`startTimes.${day}`, bad === '' ? 'Enter a time' : `${bad} is not a time (HH:mm)`);
    else if (twice !== undefined) push(`startTimes.${day}`, `${twice} is listed twice`);
    else if (times.length > SCHEDULE_LIMITS.timesPerDay)
      push(`startTimes.${day}`, `At most ${SCHEDULE_LIMITS.timesPerDay} start times a day`);
  }
  if (!any) push('startTimes', 'Add at least one start time');
}

function checkOpeningHours(s: ProductSchedule, push: Push) {
  if (s.startTimes !== undefined)
    push('startTimes', 'Start times are for products with departures, not for opening hours');
  const hours = s.openingHours;
  if (!hours) {
    push('openingHours', 'Set the opening hours');
    return;
  }
  if (hours.days.length === 0) push('openingHours.days', 'Choose at least one day');
  else if (new Set(hours.days).size !== hours.days.length || hours.days.some((d) => !WEEKDAYS.includes(d)))
    push('openingHours.days', 'Each weekday at most once');
  const from = isLocalTime(hours.from);
  const to = isLocalTime(hours.to);
  if (!from) push('openingHours.from', 'Enter a time (HH:mm)');
  if (!to) push('openingHours.to', 'Enter a time (HH:mm)');
  if (from && to && minutesOf(hours.from) >= minutesOf(hours.to))
    push('openingHours.to', 'Must be after the opening time');
}

function checkClosedDates(s: ProductSchedule, push: Push) {
  if (s.closedDates.length > SCHEDULE_LIMITS.closedDates)
    push('closedDates', `At most ${SCHEDULE_LIMITS.closedDates} closed dates`);
  s.closedDates.forEach((date, i) => {
    if (!isCalendarDate(date)) push(`closedDates[${i}]`, `${date || 'This'} is not a date of the calendar`);
    else if (s.closedDates.indexOf(date) !== i) push(`closedDates[${i}]`, `${date} is listed twice`);
  });
}

const currencies = (unit: ScheduleUnit) => [...new Set(unit.prices.map((p) => p.currency))].sort();

function checkUnit(unit: ScheduleUnit, at: string, option: ScheduleOption, j: number, push: Push) {
  const { min, max } = SCHEDULE_LIMITS.age;
  if (!ID.test(unit.id)) push(`${at}.id`, 'Use 1 to 50 letters, digits, - or _');
  else if (option.units.findIndex((u) => u.id === unit.id) !== j)
    push(`${at}.id`, 'Another unit of this option has this id');
  if (unit.name.trim() === '') push(`${at}.name`, 'Enter a name');
  else if (unit.name.length > SCHEDULE_LIMITS.name) push(`${at}.name`, `At most ${SCHEDULE_LIMITS.name} characters`);
  const minOk = wholeIn(unit.minAge, min, max);
  const maxOk = wholeIn(unit.maxAge, min, max);
  if (!minOk) push(`${at}.minAge`, `Must be a whole number of years from ${min} to ${max}`);
  if (!maxOk) push(`${at}.maxAge`, `Must be a whole number of years from ${min} to ${max}`);
  if (minOk && maxOk && unit.minAge > unit.maxAge) push(`${at}.maxAge`, 'Must be at least the minimum age');
  if (unit.prices.length === 0) push(`${at}.prices`, 'Add at least one price');
  if (unit.prices.length > SCHEDULE_LIMITS.prices) push(`${at}.prices`, `At most ${SCHEDULE_LIMITS.prices} prices`);
  unit.prices.forEach((price, k) => {
    const p = `${at}.prices[${k}]`;
    if (!CURRENCY.test(price.currency)) push(`${p}.currency`, 'Use a three-letter currency code, such as USD');
    else if (unit.prices.findIndex((q) => q.currency === price.currency) !== k)
      push(`${p}.currency`, `${price.currency} is priced already for this unit`);
    const retailOk = typeof price.retail === 'number' && Number.isFinite(price.retail) && price.retail >= 0;
    if (!retailOk) push(`${p}.retail`, 'Enter a price of 0 or more');
    const net = price.net ?? null;
    if (net !== null && !(typeof net === 'number' && Number.isFinite(net) && net >= 0))
      push(`${p}.net`, 'Enter a price of 0 or more, or leave it empty');
    else if (net !== null && retailOk && net > price.retail) push(`${p}.net`, 'Must not be more than the retail price');
  });
}

function checkOption(s: ProductSchedule, option: ScheduleOption, i: number, push: Push) {
  const at = `options[${i}]`;
  if (!ID.test(option.id)) push(`${at}.id`, 'Use 1 to 50 letters, digits, - or _');
  else if (s.options.findIndex((o) => o.id === option.id) !== i) push(`${at}.id`, 'Another option has this id');
  if (option.name.trim() === '') push(`${at}.name`, 'Enter a name');
  else if (option.name.length > SCHEDULE_LIMITS.name) push(`${at}.name`, `At most ${SCHEDULE_LIMITS.name} characters`);
  if (option.units.length === 0) push(`${at}.units`, 'Add at least one unit');
  if (option.units.length > SCHEDULE_LIMITS.units) push(`${at}.units`, `At most ${SCHEDULE_LIMITS.units} units`);
  option.units.forEach((unit, j) => checkUnit(unit, `${at}.units[${j}]`, option, j, push));
  // every unit of an option in the currencies of its first unit: a reseller sells it in one currency
  const first = option.units[0];
  if (!first) return;
  const expected = currencies(first).join(', ');
  option.units.slice(1).forEach((unit, j) => {
    if (currencies(unit).join(', ') !== expected)
      push(
        `${at}.units[${j + 1}].prices`,
        `Price it in the same currencies as ${first.name.trim() || 'the first unit'} (${expected})`,
      );
  });
}

function checkOptions(s: ProductSchedule, push: Push) {
  if (s.options.length === 0) push('options', 'Add at least one option');
  if (s.options.length > SCHEDULE_LIMITS.options) push('options', `At most ${SCHEDULE_LIMITS.options} options`);
  const defaults = s.options.flatMap((o, i) => (o.default ? [i] : []));
  if (s.options.length > 0 && defaults.length === 0) push('options', 'Choose the default option');
  for (const i of defaults.slice(1)) push(`options[${i}].default`, 'Only one option can be the default');
  s.options.forEach((option, i) => checkOption(s, option, i, push));
}

/** Each field of the schedule at fault and why; none when the schedule can be saved. */
export function scheduleErrors(schedule: ProductSchedule): FieldError[] {
  const errors: FieldError[] = [];
  const push: Push = (field, message) => errors.push({ field, message });
  if (schedule.availabilityType === 'START_TIME') checkStartTimes(schedule, push);
  else checkOpeningHours(schedule, push);
  checkNumbers(schedule, push);
  checkClosedDates(schedule, push);
  checkOptions(schedule, push);
  return errors;
}
