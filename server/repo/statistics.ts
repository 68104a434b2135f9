import type { Db } from '../db/client';
import type { Ota } from '../../shared/otas';
import type { DateBasis, DayFigures, Revenue } from '../../shared/statistics';

/**
 * The figures behind the statistics of a range, read from the order rollup (migration 008, its
 * slots summed: 018): one row per local day and OTA, and the revenue per OTA and currency. A year is about 1,500 rows however
 * many orders it holds.
 */
export interface StatisticsRange {
  teamId: string;
  startDate: string;
  endDate: string;
  basis: DateBasis;
}

export async function statisticsFigures(
  db: Db,
  r: StatisticsRange,
): Promise<{ days: DayFigures[]; revenue: Revenue[] }> {
  const params = [r.teamId, r.basis, r.startDate, r.endDate];
  const range = 'team_id = $1 AND basis = $2 AND day >= $3::date AND day <= $4::date';
  const days = await db.query<{
    day: Date;
    ota: Ota;
    orders: number;
    adult: number;
    child: number;
    canceled: number;
    cancel_requested: number;
    confirmation: number;
    info: number;
    checked_in: number;
    no_show: number;
  }>(
    `SELECT day, ota, sum(orders) AS orders, sum(adult) AS adult, sum(child) AS child,
            sum(status_canceled) AS canceled, sum(status_cancel_requested) AS cancel_requested,
            sum(confirmation) AS confirmation, sum(info) AS info, sum(checked_in) AS checked_in,
            sum(no_show) AS no_show
       FROM order_day_counts WHERE ${range} GROUP BY day, ota HAVING sum(orders) <> 0`,
    params,
  );
  // per channel and for all channels, summed by the database as numeric (exact; text until here)
  const revenue = await db.query<{ ota: Ota | null; currency: string; amount: string }>(
    `SELECT ota, currency, sum(amount)::text AS amount FROM order_day_revenue WHERE ${range}
      GROUP BY GROUPING SETS ((ota, currency), (currency)) HAVING sum(amount) <> 0`,
    params,
  );
  return {
    days: days.map((d) => ({
      day: d.day.toISOString().slice(0, 10),
      ota: d.ota,
      orders: Number(d.orders),
      adult: Number(d.adult),
      child: Number(d.child),
      canceled: Number(d.canceled),
      cancelRequested: Number(d.cancel_requested),
      confirmationSent: Number(d.confirmation),
      infoSent: Number(d.info),
      checkedIn: Number(d.checked_in),
      noShow: Number(d.no_show),
    })),
    revenue: revenue.map((x) => ({ ota: x.ota, currency: x.currency, amount: Number(x.amount) })),
  };
}
