import { roundAmount } from './amounts';
import { priceLabel } from './display-names';
import type { EditChange, Editable } from './edits';
import { formatMoney } from './format';

/**
 * SPEC defines no rule between an order's TOTAL and its unit prices (the demo data multiplies unit
 * prices by the counts, a channel may already hold line amounts or a discount), so a changed unit
 * price never moves TOTAL by itself and never leaves it silently stale: the operator is asked,
 * with a proposal that moves TOTAL by what changed times the units it counts for.
 */
export const TOTAL = 'TOTAL';

export interface TotalQuestion {
  id: string;
  /** The unit price that changed, from what to what. */
  priceType: string;
  from: number;
  to: number;
  /** Units it counts for: the adults for ADULT, the children for CHILD, 1 for any other type. */
  count: number;
  currency: string;
  total: number;
  proposed: number;
}

type Quantity = { adult: number; child: number };
type Priced = Editable & { id: string; quantity?: Quantity };

const UNITS: Readonly<Record<string, keyof Quantity>> = { ADULT: 'adult', CHILD: 'child' };

/** The question a unit price change raises, or null (no TOTAL, nothing changed, TOTAL already right). */
export function totalQuestion(before: Priced, after: Priced, priceType: string): TotalQuestion | null {
  if (priceType === TOTAL) return null;
  const was = before.prices.find((p) => p.type === priceType);
  const now = after.prices.find((p) => p.type === priceType);
  const total = after.prices.find((p) => p.type === TOTAL);
  if (!was || !now || !total || was.amount === now.amount || now.currency !== total.currency) return null;
  const unit = UNITS[priceType];
  const count = unit ? (after.quantity?.[unit] ?? 1) : 1;
  const proposed = roundAmount(total.amount + (now.amount - was.amount) * count, total.currency);
  if (proposed === total.amount || proposed < 0) return null;
  const { id } = after;
  return {
    id,
    priceType,
    from: was.amount,
    to: now.amount,
    count,
    currency: total.currency,
    total: total.amount,
    proposed,
  };
}

/**
 * The question after an edit applied to `before` gave `after`: a new one when a unit price moved;
 * gone when TOTAL itself was typed; else the one already asked stays until answered.
 */
export function nextTotalQuestion(
  current: TotalQuestion | null,
  before: Priced,
  after: Priced,
  change: EditChange,
): TotalQuestion | null {
  if (change.field !== 'price' && change.field !== 'priceText') return current;
  if (change.priceType === TOTAL) return current?.id === after.id ? null : current;
  return totalQuestion(before, after, change.priceType) ?? current;
}

/** The edit that answers "yes": TOTAL set to the proposal. */
export const totalChange = (q: TotalQuestion | null | undefined) => ({
  id: q?.id ?? '',
  change: { field: 'price', priceType: TOTAL, amount: q?.proposed ?? Number.NaN } as EditChange,
});

const plural = (type: string, n: number) =>
  type === 'ADULT' ? (n === 1 ? 'adult' : 'adults') : type === 'CHILD' ? (n === 1 ? 'child' : 'children') : null;

/** The question as the panel words it, with the money as the screen writes it. */
export function totalQuestionText(q: TotalQuestion): { message: string; update: string; keep: string } {
  const money = (n: number) => formatMoney(n, q.currency);
  const units = plural(q.priceType, q.count);
  const times = units ? ` for ${q.count} ${units}` : '';
  return {
    message: `${priceLabel(q.priceType)} changed from ${money(q.from)} to ${money(q.to)}${times}; ${priceLabel(TOTAL)} is still ${money(q.total)}.`,
    update: `Set ${priceLabel(TOTAL)} to ${money(q.proposed)}`,
    keep: `Keep ${money(q.total)}`,
  };
}

/** The question while the order still reads as it did when asked; null once TOTAL or the unit price moved otherwise. */
export function stillAsked(q: TotalQuestion | null | undefined, record: Editable | undefined): TotalQuestion | null {
  if (!q || !record) return null;
  const amount = (type: string) => record.prices.find((p) => p.type === type)?.amount;
  return amount(TOTAL) === q.total && amount(q.priceType) === q.to ? q : null;
}
