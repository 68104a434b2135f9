import { findCountry } from '../../../shared/countries';
import { minutesOf } from '../../../shared/schedule-rules';
import {
  WEEKDAYS,
  type AvailabilityType,
  type ProductSchedule,
  type ScheduleOption,
  type ScheduleUnit,
  type UnitType,
  type Weekday,
} from '../../../shared/schedule';

/**
 * The schedule editor's draft and the edits a person makes to it, as pure functions: each edit
 * answers a new draft and leaves the old one alone. Prices of an option are edited by currency
 * column (every unit of an option in the same currencies), ages and names by unit.
 */

export type NumberField = 'capacity' | 'durationMinutes' | 'bookingCutoffMinutes' | 'cancellationCutoffMinutes';
type UnitPatch = Partial<Pick<ScheduleUnit, 'type' | 'name' | 'minAge' | 'maxAge'>>;

export type ScheduleEdit =
  | { kind: 'type'; availabilityType: AvailabilityType }
  | { kind: 'number'; field: NumberField; value: number }
  | { kind: 'timeAdd'; day: Weekday }
  | { kind: 'timeSet'; day: Weekday; index: number; time: string }
  | { kind: 'timeRemove'; day: Weekday; index: number }
  /** The day's start times on every day. */
  | { kind: 'timeCopy'; day: Weekday }
  | { kind: 'hoursDay'; day: Weekday; open: boolean }
  | { kind: 'hoursTime'; part: 'from' | 'to'; time: string }
  | { kind: 'closedRemove'; date: string }
  | { kind: 'optionAdd' }
  | { kind: 'optionRemove'; option: number }
  | { kind: 'optionName'; option: number; name: string }
  | { kind: 'optionDefault'; option: number }
  | { kind: 'unitAdd'; option: number }
  | { kind: 'unitRemove'; option: number; unit: number }
  | { kind: 'unitSet'; option: number; unit: number; patch: UnitPatch }
  | { kind: 'currencyAdd'; option: number }
  | { kind: 'currencyRemove'; option: number; index: number }
  | { kind: 'currencySet'; option: number; index: number; currency: string }
  | { kind: 'priceSet'; option: number; unit: number; index: number; retail?: number; net?: number | null };

/** Ages a new unit of a type starts with. */
export const UNIT_AGES: Record<UnitType, [number, number]> = {
  ADULT: [18, 99],
  SENIOR: [65, 99],
  YOUTH: [12, 17],
  CHILD: [3, 11],
  INFANT: [0, 2],
};
export const UNIT_NAMES: Record<UnitType, string> = {
  ADULT: 'Adult',
  SENIOR: 'Senior',
  YOUTH: 'Youth',
  CHILD: 'Child',
  INFANT: 'Infant',
};

/** The currency a team's prices start in: its country's (USD when it has none). */
export const teamCurrency = (teamCode: string) => findCountry(teamCode)?.currencies[0] ?? 'USD';

/** `base`, or `base-2`, `base-3`... whichever is not taken. */
function freeId(base: string, taken: string[]): string {
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

function newUnit(type: UnitType, currencies: string[], taken: string[]): ScheduleUnit {
  const [minAge, maxAge] = UNIT_AGES[type];
  return {
    id: freeId(type.toLowerCase(), taken),
    type,
    name: UNIT_NAMES[type],
    minAge,
    maxAge,
    // no price yet: the person enters it (an empty price is an error until then)
    prices: currencies.map((currency) => ({ currency, retail: Number.NaN, net: null })),
  };
}

/** The schedule a product not sold yet starts with: a departure at 09:00 every day, one option with
 *  adults and children, prices to fill in. */
export function newSchedule(currency: string): ProductSchedule {
  const currencies = currency === 'USD' ? ['USD'] : [currency, 'USD'];
  const adult = newUnit('ADULT', currencies, []);
  return {
    availabilityType: 'START_TIME',
    startTimes: Object.fromEntries(WEEKDAYS.map((day) => [day, ['09:00']])),
    capacity: 20,
    durationMinutes: 240,
    bookingCutoffMinutes: 120,
    cancellationCutoffMinutes: 1440,
    closedDates: [],
    options: [
      { id: 'standard', name: 'Standard', default: true, units: [adult, newUnit('CHILD', currencies, [adult.id])] },
    ],
  };
}

/** The currencies of an option (those of its first unit): the columns of its prices. */
export const optionCurrencies = (option: ScheduleOption) => option.units[0]?.prices.map((p) => p.currency) ?? [];

const EXTRA_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'AUD'];

function withType(s: ProductSchedule, type: AvailabilityType): ProductSchedule {
  if (type === s.availabilityType) return s;
  const { startTimes, openingHours, ...rest } = s;
  if (type === 'OPENING_HOURS') {
    // open on the days that had departures, from the first of them
    const days = WEEKDAYS.filter((d) => (startTimes?.[d] ?? []).length > 0);
    const first = WEEKDAYS.flatMap((d) => startTimes?.[d] ?? []).sort()[0] ?? '09:00';
    const to = minutesOf(first) < minutesOf('17:00') ? '17:00' : '23:59';
    return {
      ...rest,
      availabilityType: type,
      openingHours: { days: days.length ? days : [...WEEKDAYS], from: first, to },
    };
  }
  // a departure at the opening time on each open day
  const from = openingHours?.from ?? '09:00';
  const open = openingHours?.days.length ? openingHours.days : WEEKDAYS;
  return { ...rest, availabilityType: type, startTimes: Object.fromEntries(open.map((d) => [d, [from]])) };
}

function setDay(s: ProductSchedule, day: Weekday, times: string[]): ProductSchedule {
  return { ...s, startTimes: { ...s.startTimes, [day]: times } };
}

function setOption(s: ProductSchedule, i: number, change: (o: ScheduleOption) => ScheduleOption): ProductSchedule {
  return { ...s, options: s.options.map((o, k) => (k === i ? change(o) : o)) };
}

function setUnits(o: ScheduleOption, change: (u: ScheduleUnit, j: number) => ScheduleUnit): ScheduleOption {
  return { ...o, units: o.units.map(change) };
}

function editOption(s: ProductSchedule, edit: ScheduleEdit): ProductSchedule {
  switch (edit.kind) {
    case 'optionAdd': {
      const ids = s.options.map((o) => o.id);
      const currencies = s.options[0] ? optionCurrencies(s.options[0]) : ['USD'];
      const n = s.options.length + 1;
      const option = {
        id: freeId(`option-${n}`, ids),
        name: `Option ${n}`,
        default: s.options.length === 0,
        units: [newUnit('ADULT', currencies, [])],
      };
      return { ...s, options: [...s.options, option] };
    }
    case 'optionRemove': {
      const options = s.options.filter((_, k) => k !== edit.option);
      // the default goes to the first option left
      if (s.options[edit.option]?.default && options[0]) options[0] = { ...options[0], default: true };
      return { ...s, options };
    }
    case 'optionName':
      return setOption(s, edit.option, (o) => ({ ...o, name: edit.name }));
    case 'optionDefault':
      return { ...s, options: s.options.map((o, k) => ({ ...o, default: k === edit.option })) };
    case 'unitAdd':
      return setOption(s, edit.option, (o) => {
        const type: UnitType = o.units.some((u) => u.type === 'ADULT') ? 'CHILD' : 'ADULT';
        const unit = newUnit(
          type,
          optionCurrencies(o),
          o.units.map((u) => u.id),
        );
        return { ...o, units: [...o.units, unit] };
      });
    case 'unitRemove':
      return setOption(s, edit.option, (o) => ({ ...o, units: o.units.filter((_, j) => j !== edit.unit) }));
    case 'unitSet':
      return setOption(s, edit.option, (o) => setUnits(o, (u, j) => (j === edit.unit ? { ...u, ...edit.patch } : u)));
    case 'currencyAdd':
      return setOption(s, edit.option, (o) => {
        const used = optionCurrencies(o);
        const currency = EXTRA_CURRENCIES.find((c) => !used.includes(c)) ?? '';
        return setUnits(o, (u) => ({ ...u, prices: [...u.prices, { currency, retail: Number.NaN, net: null }] }));
      });
    case 'currencyRemove':
      return setOption(s, edit.option, (o) =>
        setUnits(o, (u) => ({ ...u, prices: u.prices.filter((_, k) => k !== edit.index) })),
      );
    case 'currencySet':
      return setOption(s, edit.option, (o) =>
        setUnits(o, (u) => ({
          ...u,
          prices: u.prices.map((p, k) => (k === edit.index ? { ...p, currency: edit.currency } : p)),
        })),
      );
    case 'priceSet':
      return setOption(s, edit.option, (o) =>
        setUnits(o, (u, j) =>
          j !== edit.unit
            ? u
            : {
                ...u,
                prices: u.prices.map((p, k) =>
                  k !== edit.index
                    ? p
                    : {
                        ...p,
                        ...(edit.retail === undefined ? {} : { retail: edit.retail }),
                        ...(edit.net === undefined ? {} : { net: edit.net }),
                      },
                ),
              },
        ),
      );
    default:
      return s;
  }
}

/** The draft after one edit. */
export function applyEdit(s: ProductSchedule, edit: ScheduleEdit): ProductSchedule {
  switch (edit.kind) {
    case 'type':
      return withType(s, edit.availabilityType);
    case 'number':
      return { ...s, [edit.field]: edit.value };
    case 'timeAdd': {
      const times = s.startTimes?.[edit.day] ?? [];
      // an hour after the day's last departure, or 09:00
      const last = times
        .filter((t) => /^\d\d:\d\d$/.test(t))
        .sort()
        .at(-1);
      const next = last ? Math.min(minutesOf(last) + 60, 23 * 60 + 59) : 9 * 60;
      const time = `${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`;
      return setDay(s, edit.day, [...times, time]);
    }
    case 'timeSet':
      return setDay(
        s,
        edit.day,
        (s.startTimes?.[edit.day] ?? []).map((t, i) => (i === edit.index ? edit.time : t)),
      );
    case 'timeRemove':
      return setDay(
        s,
        edit.day,
        (s.startTimes?.[edit.day] ?? []).filter((_, i) => i !== edit.index),
      );
    case 'timeCopy': {
      const times = s.startTimes?.[edit.day] ?? [];
      return { ...s, startTimes: Object.fromEntries(WEEKDAYS.map((d) => [d, [...times]])) };
    }
    case 'hoursDay': {
      const hours = s.openingHours ?? { days: [], from: '09:00', to: '17:00' };
      const days = WEEKDAYS.filter((d) => (d === edit.day ? edit.open : hours.days.includes(d)));
      return { ...s, openingHours: { ...hours, days } };
    }
    case 'hoursTime': {
      const hours = s.openingHours ?? { days: [], from: '09:00', to: '17:00' };
      return { ...s, openingHours: { ...hours, [edit.part]: edit.time } };
    }
    case 'closedRemove':
      return { ...s, closedDates: s.closedDates.filter((d) => d !== edit.date) };
    default:
      return editOption(s, edit);
  }
}

/** A closed date added, the dates kept in calendar order. */
export const withClosedDate = (s: ProductSchedule, date: string): ProductSchedule => ({
  ...s,
  closedDates: [...s.closedDates, date].sort(),
});

/** JSON with sorted keys, an empty price (NaN) as "NaN": equal texts, equal schedules. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => {
    if (typeof v === 'number' && Number.isNaN(v)) return 'NaN';
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return v;
  });
}

/** Two drafts hold the same schedule (whatever the order of their keys). */
export const sameSchedule = (a: ProductSchedule | null, b: ProductSchedule | null) => canonical(a) === canonical(b);
