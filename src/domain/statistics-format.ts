import type { Change } from './statistics-figures';

/**
 * How the statistics' numbers read: counts with thousands separators, shares and changes in
 * percent (a change of a share in percentage points). Money goes through formatMoney.
 */
const counts = new Intl.NumberFormat('en-US');
const shares = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const relative = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const points = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

export const formatCount = (n: number): string => counts.format(n);

/** A share of the orders: `42.5%`; `—` when there are no orders to take a share of. */
export const formatShare = (fraction: number | null): string => (fraction === null ? '—' : shares.format(fraction));

/** `+12.5%`, `-3 pts`, `New`, `No change`, `—`. */
export function formatChange(change: Change): string {
  switch (change.kind) {
    case 'relative':
      return relative.format(change.value);
    case 'points':
      return `${points.format(change.value)} pts`;
    case 'new':
      return 'New';
    case 'same':
      return 'No change';
    case 'none':
      return '—';
  }
}

export type ChangeDirection = 'up' | 'down' | 'flat';

export function changeDirection(change: Change): ChangeDirection {
  if (change.kind === 'new') return 'up';
  if (change.kind === 'relative' || change.kind === 'points') return change.value > 0 ? 'up' : 'down';
  return 'flat';
}
