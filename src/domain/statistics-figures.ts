import { ordersLink } from './statistics-links';
import { statusLabel, type Ota, type Status } from './statuses';
import type { CurrencyAmount, OrderStatistics, StatisticsFigures } from '../../shared/statistics';

/**
 * What the statistics screen shows of a month: the KPI cards with their change against the month
 * before, and the rows of its charts and tables (the figures' shapes are the contract's, in shared/).
 */
export type { ChannelStatistics, CurrencyAmount, OrderStatistics, StatisticsFigures } from '../../shared/statistics';

/** How a figure moved since the period before. */
export type Change =
  /** Relative change of a count or an amount, as a fraction (0.25: a quarter more). */
  | { kind: 'relative'; value: number }
  /** Change of a share, in percentage points. */
  | { kind: 'points'; value: number }
  /** Something now, nothing before: no ratio to give. */
  | { kind: 'new' }
  | { kind: 'same' }
  /** Nothing to compare (a share of no orders). */
  | { kind: 'none' };

export function relativeChange(current: number, previous: number): Change {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  return { kind: 'relative', value: (current - previous) / previous };
}

/** `part` of `whole` as a fraction, or null when there is no whole. */
export const shareOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/**
 * The no-show rate of a channel (or of all): no-shows of the parties whose check-in was recorded
 * (checked in or no-show), as a fraction; null when no check-in was recorded (nothing to rate).
 */
export const noShowRate = (figures: Pick<StatisticsFigures, 'checkedIn' | 'noShow'>): number | null =>
  shareOf(figures.noShow, figures.checkedIn + figures.noShow);

export function pointsChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { kind: 'none' };
  const points = (current - previous) * 100;
  return points === 0 ? { kind: 'same' } : { kind: 'points', value: points };
}

export type KpiId =
  'orders' | 'passengers' | 'revenue' | 'canceled' | 'cancelRequested' | 'confirmationSent' | 'infoSent';

export type KpiValue =
  | { kind: 'count'; value: number }
  | { kind: 'money'; currency: string; amount: number }
  /** A share of the orders, as a fraction; null when there are none. */
  | { kind: 'share'; value: number | null };

export interface KpiLine {
  value: KpiValue;
  change: Change;
}

export interface Kpi {
  id: KpiId;
  label: string;
  /** One line; revenue has one per currency (none without revenue). */
  lines: KpiLine[];
  /** What the figure is made of ("24 adults, 6 children", "12 of 40 orders"). */
  detail: string | null;
  /** The orders behind the figure. */
  link: string;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const count = (current: number, previous: number): KpiLine => ({
  value: { kind: 'count', value: current },
  change: relativeChange(current, previous),
});

function share(part: number, previousPart: number, now: OrderStatistics, before: OrderStatistics): KpiLine {
  const value = shareOf(part, now.totalOrders);
  return { value: { kind: 'share', value }, change: pointsChange(value, shareOf(previousPart, before.totalOrders)) };
}

/** Revenue per currency of either month, largest now first: a currency gone to 0 still shows its fall. */
function revenueLines(now: CurrencyAmount[], before: CurrencyAmount[]): KpiLine[] {
  const amount = (list: CurrencyAmount[], currency: string) => list.find((r) => r.currency === currency)?.amount ?? 0;
  const currencies = [...new Set([...now, ...before].map((r) => r.currency))];
  currencies.sort(
    (a, b) => amount(now, b) - amount(now, a) || amount(before, b) - amount(before, a) || a.localeCompare(b),
  );
  return currencies.map((currency) => ({
    value: { kind: 'money', currency, amount: amount(now, currency) },
    change: relativeChange(amount(now, currency), amount(before, currency)),
  }));
}

/** The KPI cards of a month, each with its change against the month before and its link. */
export function kpis(now: OrderStatistics, before: OrderStatistics): Kpi[] {
  const link = (status: Status | null = null) =>
    ordersLink({ startDate: now.startDate, endDate: now.endDate, basis: now.basis, status });
  const passengers = (s: StatisticsFigures) => s.passengers.adult + s.passengers.child;
  const ofOrders = (n: number) => `${n.toLocaleString('en-US')} of ${plural(now.totalOrders, 'order', 'orders')}`;
  return [
    { id: 'orders', label: 'Orders', lines: [count(now.totalOrders, before.totalOrders)], detail: null, link: link() },
    {
      id: 'passengers',
      label: 'Passengers',
      lines: [count(passengers(now), passengers(before))],
      detail: `${plural(now.passengers.adult, 'adult', 'adults')}, ${plural(now.passengers.child, 'child', 'children')}`,
      link: link(),
    },
    { id: 'revenue', label: 'Revenue', lines: revenueLines(now.revenue, before.revenue), detail: null, link: link() },
    {
      id: 'canceled',
      label: statusLabel('canceled'),
      lines: [count(now.canceled, before.canceled)],
      detail: null,
      link: link('canceled'),
    },
    {
      id: 'cancelRequested',
      label: statusLabel('cancel_requested'),
      lines: [count(now.cancelRequested, before.cancelRequested)],
      detail: null,
      link: link('cancel_requested'),
    },
    {
      id: 'confirmationSent',
      label: 'Confirmation sent',
      lines: [share(now.confirmationSent, before.confirmationSent, now, before)],
      detail: ofOrders(now.confirmationSent),
      link: link(),
    },
    {
      id: 'infoSent',
      label: 'Info sent',
      lines: [share(now.infoSent, before.infoSent, now, before)],
      detail: ofOrders(now.infoSent),
      link: link(),
    },
  ];
}

/** A day of the daily chart: its orders per channel (stacked) and their total. */
export type DailyRow = { day: string; total: number } & Record<Ota, number>;

export function dailyRows(stats: OrderStatistics): DailyRow[] {
  return stats.days.map((day, i) => {
    const row = { day, total: 0 } as DailyRow;
    for (const channel of stats.channels) {
      row[channel.ota] = channel.dailyOrders[i] ?? 0;
      row.total += row[channel.ota];
    }
    return row;
  });
}

/** A channel's row of the share, passengers and revenue charts. */
export interface ChannelRow {
  ota: Ota;
  name: string;
  orders: number;
  /** Of all orders, as a fraction; null when there are none. */
  share: number | null;
  adult: number;
  child: number;
  revenue: CurrencyAmount[];
  /** No-shows of the recorded check-ins, as a fraction; null when none was recorded. */
  noShowRate: number | null;
}

export function channelRows(stats: OrderStatistics): ChannelRow[] {
  return stats.channels.map((c) => ({
    ota: c.ota,
    name: c.name,
    orders: c.monthlyTotal,
    share: shareOf(c.monthlyTotal, stats.totalOrders),
    adult: c.passengers.adult,
    child: c.passengers.child,
    revenue: c.revenue,
    noShowRate: noShowRate(c),
  }));
}

/** Revenue by channel, one chart per currency (amounts in different currencies share no axis). */
export interface CurrencyRevenue {
  currency: string;
  channels: { ota: Ota; name: string; amount: number }[];
}

export function revenueByCurrency(stats: OrderStatistics): CurrencyRevenue[] {
  return stats.revenue.map(({ currency }) => ({
    currency,
    channels: stats.channels.map((c) => ({
      ota: c.ota,
      name: c.name,
      amount: c.revenue.find((r) => r.currency === currency)?.amount ?? 0,
    })),
  }));
}
