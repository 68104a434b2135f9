import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

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

/** `13:30`, or `Nov 2 13:30` when the other side of the change is another day (team timezone, 24-hour). */
function departure(iso: unknown, other: unknown, tz: string): string {
  if (typeof iso !== 'string') return '—';
  const at = dayjs(iso).tz(tz);
  const sameDay = typeof other === 'string' && dayjs(other).tz(tz).format('YYYY-MM-DD') === at.format('YYYY-MM-DD');
  return at.format(sameDay ? 'HH:mm' : 'MMM D HH:mm');
}

/** `ADULT 45 -> 50 USD`, `CHILD added 20 USD`, `CHILD removed` for each price type that changed. */
function priceLines(from: unknown, to: unknown): string[] {
  const before = new Map((isPriceList(from) ? from : []).map((p) => [p.type, p]));
  const after = new Map((isPriceList(to) ? to : []).map((p) => [p.type, p]));
  const lines: string[] = [];
  for (const [type, now] of after) {
    const was = before.get(type);
    if (!was) lines.push(`${type} added ${now.amount} ${now.currency}`);
    else if (was.amount !== now.amount || was.currency !== now.currency)
      lines.push(
        was.currency === now.currency
          ? `${type} ${was.amount} -> ${now.amount} ${now.currency}`
          : `${type} ${was.amount} ${was.currency} -> ${now.amount} ${now.currency}`,
      );
  }
  for (const type of before.keys()) if (!after.has(type)) lines.push(`${type} removed`);
  return lines;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** An edit's changes as people read them in the activity: `Departure 13:30 -> 14:00`, `ADULT 45 -> 50 USD`. */
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
