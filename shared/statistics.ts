import type { Schemas } from './contract';
import { OTAS, OTA_LABELS, type Ota } from './otas';

/** The statistics of a range as the contract shapes them, and how they add up from daily figures. */
export type CurrencyAmount = Schemas['CurrencyAmount'];
export type StatisticsFigures = Schemas['StatisticsFigures'];
export type ChannelStatistics = Schemas['ChannelStatistics'];
export type OrderStatistics = Schemas['OrderStatistics'];
export type DateBasis = Schemas['DateBasis'];

/** One channel's orders of one day, and what they are made of. */
export interface DayFigures {
  /** YYYY-MM-DD in the team's timezone, on the basis asked for. */
  day: string;
  ota: Ota;
  orders: number;
  adult: number;
  child: number;
  canceled: number;
  cancelRequested: number;
  confirmationSent: number;
  infoSent: number;
  /** Orders (not canceled) checked in, and recorded as no-show. */
  checkedIn: number;
  noShow: number;
}

/** Revenue of one channel (null: all channels together) in one currency. */
export interface Revenue {
  ota: Ota | null;
  currency: string;
  amount: number;
}

const emptyFigures = (): StatisticsFigures => ({
  passengers: { adult: 0, child: 0 },
  revenue: [],
  canceled: 0,
  cancelRequested: 0,
  confirmationSent: 0,
  infoSent: 0,
  checkedIn: 0,
  noShow: 0,
});

function addDay(f: StatisticsFigures, d: DayFigures): void {
  f.passengers.adult += d.adult;
  f.passengers.child += d.child;
  f.canceled += d.canceled;
  f.cancelRequested += d.cancelRequested;
  f.confirmationSent += d.confirmationSent;
  f.infoSent += d.infoSent;
  f.checkedIn += d.checkedIn;
  f.noShow += d.noShow;
}

/** A channel's revenue (or all channels', ota null) per currency, largest first, then by currency. */
function revenueOf(rows: Revenue[], ota: Ota | null): CurrencyAmount[] {
  return rows
    .filter((r) => r.ota === ota)
    .map(({ currency, amount }) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

/** The statistics of `days` (every day of the range, in order) from its daily figures and revenue. */
export function assembleStatistics(
  range: { startDate: string; endDate: string; basis: DateBasis; days: string[] },
  figures: { days: DayFigures[]; revenue: Revenue[] },
): OrderStatistics {
  const { days } = range;
  const index = new Map(days.map((d, i) => [d, i]));
  const month = range.startDate.slice(0, 7);
  const total = emptyFigures();
  let totalOrders = 0;
  let monthlyTotalOrders = 0;
  const channels = OTAS.map((ota): ChannelStatistics => {
    const dailyOrders = days.map(() => 0);
    const f = emptyFigures();
    for (const d of figures.days) {
      const i = d.ota === ota ? index.get(d.day) : undefined;
      if (i === undefined) continue;
      dailyOrders[i] += d.orders;
      addDay(f, d);
      addDay(total, d);
      if (d.day.startsWith(month)) monthlyTotalOrders += d.orders;
    }
    const monthlyTotal = dailyOrders.reduce((a, b) => a + b, 0);
    totalOrders += monthlyTotal;
    f.revenue = revenueOf(figures.revenue, ota);
    return { name: OTA_LABELS[ota], ota, monthlyTotal, dailyOrders, ...f };
  });
  total.revenue = revenueOf(figures.revenue, null);
  return {
    month,
    startDate: range.startDate,
    endDate: range.endDate,
    basis: range.basis,
    days,
    channels,
    totalOrders,
    monthlyTotalOrders,
    ...total,
  };
}
