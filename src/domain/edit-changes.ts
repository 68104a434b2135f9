import { dayIn } from './date-groups';
import { formatDateTime, formatMoney, formatTime } from './format';

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

/** `13:30`, or `2 Nov 2026 13:30` when the other side of the change is another day (team timezone, 24-hour). */
function departure(iso: unknown, other: unknown, tz: string): string {
  if (typeof iso !== 'string') return '—';
  const sameDay = typeof other === 'string' && dayIn(other, tz) === dayIn(iso, tz);
  return sameDay ? formatTime(iso, tz) : formatDateTime(iso, tz);
}

const money = (p: Price) => formatMoney(p.amount, p.currency);

/** `ADULT US$45.00 -> US$50.00`, `CHILD added US$20.00`, `CHILD removed` for each price type that changed. */
function priceLines(from: unknown, to: unknown): string[] {
  const before = new Map((isPriceList(from) ? from : []).map((p) => [p.type, p]));
  const after = new Map((isPriceList(to) ? to : []).map((p) => [p.type, p]));
  const lines: string[] = [];
  for (const [type, now] of after) {
    const was = before.get(type);
    if (!was) lines.push(`${type} added ${money(now)}`);
    else if (was.amount !== now.amount || was.currency !== now.currency)
      lines.push(`${type} ${money(was)} -> ${money(now)}`);
  }
  for (const type of before.keys()) if (!after.has(type)) lines.push(`${type} removed`);
  return lines;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** An edit's changes as people read them in the activity: `Departure 13:30 -> 14:00`, `ADULT US$45.00 -> US$50.00`. */
export function describeChanges(changes: readonly FieldChange[], tz: string): string[] {
  return changes.flatMap(({ field, from, to }) => {
    switch (field) {
      case 'departureAt':
        return [`Departure ${departure(from, to, tz)} -> ${departure(to, from, tz)}`];
      case 'prices':
        return priceLines(from, to);
      case 'displayName':
        return [`Name ${text(from)} -> ${text(to)}`];
      case 'language':
        return [`Language ${text(from)} -> ${text(to)}`];
      default:
        return [`${field} changed`];
    }
  });
}
