import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { amountExample, parseAmount } from './amounts';
import { dayIn } from './date-groups';
import { priceLabel } from './display-names';
import { formatTime } from './format';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Edits of an order or a tour (departure time, price amounts, a tour's name) and their inverses. */
export interface EditablePrice {
  type: string;
  amount: number;
  currency: string;
}

export interface Editable {
  departureAt: string;
  prices: EditablePrice[];
  displayName?: string;
}

export type EditChange =
  /** A 24-hour `HH:mm` typed by a person, in the team's timezone; the day is kept. */
  | { field: 'departureTime'; time: string }
  /** An exact instant (what an undo restores). */
  | { field: 'departureAt'; value: string }
  | { field: 'price'; priceType: string; amount: number }
  /** An amount typed by a person, in the notation the screen writes the price's currency in. */
  | { field: 'priceText'; priceType: string; text: string }
  | { field: 'displayName'; value: string };

/** What a write sends for a change: only the fields it touches (prices are replaced as a list). */
export type EditPayload = { departureAt?: string; prices?: EditablePrice[]; displayName?: string };

/** `forward` is the change as an exact value (a redo gives the same record), `inverse` undoes it. */
export type EditResult<T> =
  | { ok: true; record: T; forward: EditChange; inverse: EditChange; payload: EditPayload }
  | { ok: false; error: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTime(value: string): boolean {
  return TIME.test(value);
}

/** The instant on the same day (in `tz`) at the given `HH:mm`. */
export function withTime(iso: string, time: string, tz: string): string {
  if (!isTime(time)) throw new Error(`Invalid time: ${time}`);
  return dayjs.tz(`${dayIn(iso, tz)} ${time}`, 'YYYY-MM-DD HH:mm', tz).toISOString();
}

export const priceNotFound = (type: string) => `Cannot find the price with type: ${type}`;

/** The field's label as the panel shows it ("Adult"), with how the currency's amounts are typed. */
const invalidAmount = (type: string, currency?: string) =>
  `Invalid amount for ${priceLabel(type)}${currency ? ` (write it as ${amountExample(currency)})` : ''}`;

/** Applies a change to a record; the inverse brings the record back exactly as it was. */
export function applyEdit<T extends Editable>(record: T, change: EditChange, tz: string): EditResult<T> {
  switch (change.field) {
    case 'departureTime': {
      if (!isTime(change.time)) return { ok: false, error: `Invalid time: ${change.time}` };
      return applyEdit(record, { field: 'departureAt', value: withTime(record.departureAt, change.time, tz) }, tz);
    }
    case 'departureAt': {
      const value = new Date(change.value).toISOString();
      return {
        ok: true,
        record: { ...record, departureAt: value },
        forward: { field: 'departureAt', value },
        inverse: { field: 'departureAt', value: record.departureAt },
        payload: { departureAt: value },
      };
    }
    case 'priceText': {
      const price = record.prices.find((p) => p.type === change.priceType);
      if (!price) return { ok: false, error: priceNotFound(change.priceType) };
      const amount = parseAmount(change.text, price.currency);
      if (amount === null) return { ok: false, error: invalidAmount(change.priceType, price.currency) };
      return applyEdit(record, { field: 'price', priceType: change.priceType, amount }, tz);
    }
    case 'price': {
      const index = record.prices.findIndex((p) => p.type === change.priceType);
      if (index < 0) return { ok: false, error: priceNotFound(change.priceType) };
      if (!Number.isFinite(change.amount) || change.amount < 0) {
        return { ok: false, error: invalidAmount(change.priceType) };
      }
      const prices = record.prices.map((p, i) => (i === index ? { ...p, amount: change.amount } : p));
      return {
        ok: true,
        record: { ...record, prices },
        forward: change,
        inverse: { field: 'price', priceType: change.priceType, amount: record.prices[index].amount },
        payload: { prices },
      };
    }
    case 'displayName': {
      const value = change.value.trim();
      if (!value) return { ok: false, error: 'A tour needs a name' };
      return {
        ok: true,
        record: { ...record, displayName: value },
        forward: { field: 'displayName', value },
        inverse: { field: 'displayName', value: record.displayName ?? '' },
        payload: { displayName: value },
      };
    }
  }
}

/** The text a change puts in its input (what a person typed, kept through a conflict). */
export function changeText(change: EditChange, tz: string): string {
  switch (change.field) {
    case 'departureTime':
      return change.time;
    case 'departureAt':
      return formatTime(change.value, tz);
    case 'price':
      return String(change.amount);
    case 'priceText':
      return change.text;
    case 'displayName':
      return change.value;
  }
}
