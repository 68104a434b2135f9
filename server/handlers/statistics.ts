import { requireTeam } from '../http/access';
import { OTAS, type Ota } from '../repo/orders';
import { statisticsFigures, type DateBasis, type DayFigures, type Revenue } from '../repo/statistics';
import { rangeDays } from './date-range';
import { ctx, query, type Handler } from './util';

/** GET /api/v1/orders/statistics: a team's orders per channel and day over a range of up to 366 days. */
const MAX_DAYS = 366;
const CHANNEL_NAME: Record<Ota, string> = { KLOOK: 'Klook', KKDAY: 'KKday', VIATOR: 'Viator', MPG: 'MPG' };

interface Figures {
  passengers: { adult: number; child: number };
  revenue: { currency: string; amount: number }[];
  canceled: number;
  cancelRequested: number;
  confirmationSent: number;
  infoSent: number;
}

const emptyFigures = (): Figures => ({
  passengers: { adult: 0, child: 0 },
  revenue: [],
  canceled: 0,
  cancelRequested: 0,
  confirmationSent: 0,
  infoSent: 0,
});

function addDay(f: Figures, d: DayFigures): void {
  f.passengers.adult += d.adult;
  f.passengers.child += d.child;
  f.canceled += d.canceled;
  f.cancelRequested += d.cancelRequested;
  f.confirmationSent += d.confirmationSent;
  f.infoSent += d.infoSent;
}

/** A channel's revenue (or all channels', ota null) per currency, largest first, then by currency. */
function revenueOf(rows: Revenue[], ota: Ota | null): Figures['revenue'] {
  return rows
    .filter((r) => r.ota === ota)
    .map(({ currency, amount }) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

export const getOrderStatistics: Handler = async (req) => {
  const { db, user } = ctx(req);
  const q = query<{ teamId: string; startDate: string; endDate: string; dateBasis?: DateBasis }>(req);
  const days = rangeDays(q.startDate, q.endDate, MAX_DAYS);
  const team = await requireTeam(db, user.userId, q.teamId);
  const basis = q.dateBasis ?? 'departure';
  const figures = await statisticsFigures(db, {
    teamId: team.teamId,
    startDate: q.startDate,
    endDate: q.endDate,
    basis,
  });

  const index = new Map(days.map((d, i) => [d, i]));
  const month = q.startDate.slice(0, 7);
  const total = emptyFigures();
  let totalOrders = 0;
  let monthlyTotalOrders = 0;
  const channels = OTAS.map((ota) => {
    const dailyOrders = days.map(() => 0);
    const f = emptyFigures();
    for (const d of figures.days.filter((x) => x.ota === ota)) {
      const i = index.get(d.day);
      if (i === undefined) continue;
      dailyOrders[i] += d.orders;
      addDay(f, d);
      addDay(total, d);
      if (d.day.startsWith(month)) monthlyTotalOrders += d.orders;
    }
    const monthlyTotal = dailyOrders.reduce((a, b) => a + b, 0);
    totalOrders += monthlyTotal;
    f.revenue = revenueOf(figures.revenue, ota);
    return { name: CHANNEL_NAME[ota], ota, monthlyTotal, dailyOrders, ...f };
  });
  total.revenue = revenueOf(figures.revenue, null);
  return {
    month,
    startDate: q.startDate,
    endDate: q.endDate,
    basis,
    days,
    channels,
    totalOrders,
    monthlyTotalOrders,
    ...total,
  };
};
