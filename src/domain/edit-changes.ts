import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { dayIn } from './date-groups';
import { languageName, priceLabel } from './display-names';
import { formatDateTime, formatMoney, formatTime } from './format';
import { statusLabel } from './statuses';

dayjs.extend(utc);

/** One field an edit changed, as the server records it (`EventLog.changes`). */
export interface FieldChange {
  field: string;
  from?: unknown;
  to?: unknown;
}

interface Price {
  type: string;
  amount: number;
  currency: string;
}

const isPriceList = (value: unknown): value is Price[] =>
  Array.isArray(value) && value.every((p) => p && typeof p === 'object' && 'type' in p && 'amount' in p);

const DAY_MS = 86_400_000;

/**
 * `13:30` when both sides are the same day; `Sat 12:00` when the other side is another day of the
 * same week or so (less than 7 days apart: the weekday names it); `2 Nov 2026 13:30` when further
 * (team timezone, 24-hour).
 */
function departure(iso: unknown, other: unknown, tz: string): string {
  if (typeof iso !== 'string') return '—';
  if (typeof other !== 'string') return formatDateTime(iso, tz);
  const day = dayIn(iso, tz);
  const otherDay = dayIn(other, tz);
  if (day === otherDay) return formatTime(iso, tz);
  const near = Math.abs(Date.parse(`${day}T00:00:00Z`) - Date.parse(`${otherDay}T00:00:00Z`)) < 7 * DAY_MS;
  return near ? `${dayjs.utc(day).format('ddd')} ${formatTime(iso, tz)}` : formatDateTime(iso, tz);
}

const money = (p: Price) => formatMoney(p.amount, p.currency);

/** `Adult US$45.00 -> US$50.00`, `Child added US$20.00`, `Child removed` for each price type that changed (as the panel labels them). */
function priceLines(from: unknown, to: unknown): string[] {
  const before = new Map((isPriceList(from) ? from : []).map((p) => [p.type, p]));
  const after = new Map((isPriceList(to) ? to : []).map((p) => [p.type, p]));
  const lines: string[] = [];
  for (const [type, now] of after) {
    const was = before.get(type);
    if (!was) lines.push(`${priceLabel(type)} added ${money(now)}`);
    else if (was.amount !== now.amount || was.currency !== now.currency)
      lines.push(`${priceLabel(type)} ${money(was)} -> ${money(now)}`);
  }
  for (const type of before.keys()) if (!after.has(type)) lines.push(`${priceLabel(type)} removed`);
  return lines;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const statusText = (value: unknown) => (typeof value === 'string' ? statusLabel(value) : text(value));
const languageText = (value: unknown) => (typeof value === 'string' && value ? languageName(value) : text(value));

/** The fields a channel changes (server/channel/order-changes.ts) besides departure and prices, as people name them. */
const LABELS: Readonly<Record<string, string>> = {
  displayName: 'Name',
  language: 'Language',
  adults: 'Adults',
  children: 'Children',
  customerName: 'Customer',
  customerEmail: 'E-mail',
  productId: 'Product',
  customerPhone: 'Phone',
  pickup: 'Pick-up',
  notes: 'Notes',
};

/** A party's check-in as one side of a change: `Expected`, `Checked in 2`, `No-show`. */
function checkInValue(value: unknown): string {
  const v = value && typeof value === 'object' ? (value as { state?: unknown; arrived?: unknown }) : { state: value };
  if (v.state === 'CHECKED_IN') return typeof v.arrived === 'number' ? `Checked in ${v.arrived}` : 'Checked in';
  if (v.state === 'NO_SHOW') return 'No-show';
  return v.state === 'EXPECTED' ? 'Expected' : text(v.state);
}

/** An event type as the activity names it: the day's check-in in words, the others by their code. */
export function activityTypeLabel(type: string): string {
  return type === 'CHECK_IN' ? 'Check-in' : type;
}

/**
 * An edit's changes as people read them in the activity and the inbox: `Departure 13:30 -> 14:00`,
 * `Departure Sat 12:00 -> Sun 08:00`, `Adults 2 -> 3`, `Adult US$45.00 -> US$50.00`, `Language Thai -> English`,
 * `Status New Order -> Canceled`.
 */
export function describeChanges(changes: readonly FieldChange[], tz: string): string[] {
  return changes.flatMap(({ field, from, to }) => {
    switch (field) {
      case 'departureAt':
        return [`Departure ${departure(from, to, tz)} -> ${departure(to, from, tz)}`];
      case 'prices':
        return priceLines(from, to);
      case 'statusV2':
        return [`Status ${statusText(from)} -> ${statusText(to)}`];
      case 'language':
        return [`Language ${languageText(from)} -> ${languageText(to)}`];
      case 'checkIn':
        return [`Check-in ${checkInValue(from)} -> ${checkInValue(to)}`];
      default:
        return field in LABELS ? [`${LABELS[field]} ${text(from)} -> ${text(to)}`] : [`${field} changed`];
    }
  });
}
