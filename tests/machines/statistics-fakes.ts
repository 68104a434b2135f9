import { fromPromise } from 'xstate';
import type { MonthStatistics, OrderStatistics, StatisticsRequest } from '../../src/api/services/statistics';
import { monthRange, previousMonth, type DateBasis } from '../../src/domain/statistics-period';

/**
 * What the statistics screen's tests share: a month of figures as the server answers it (the
 * numbers follow from the month, so a test can tell months apart) and a load service whose
 * answers the test gives, one request at a time.
 */
const DAYS_SHOWN = 3;

export function monthFigures(month: string, basis: DateBasis = 'departure'): OrderStatistics {
  const { startDate, endDate } = monthRange(month);
  const seed = Number(month.slice(5));
  const days = Array.from({ length: DAYS_SHOWN }, (_, i) => `${month}-0${i + 1}`);
  type Channel = OrderStatistics['channels'][number];
  /** `checks`: the orders checked in and those recorded as no-show. */
  const channel = (ota: Channel['ota'], name: Channel['name'], daily: number[], checks = [0, 0]): Channel => {
    const total = daily.reduce((a, b) => a + b, 0);
    return {
      ota,
      name,
      monthlyTotal: total,
      dailyOrders: daily,
      passengers: { adult: total * 2, child: total },
      revenue: total ? [{ currency: 'VND', amount: total * 1_000_000 }] : [],
      canceled: Math.min(1, total),
      cancelRequested: 0,
      confirmationSent: total,
      infoSent: 0,
      checkedIn: checks[0],
      noShow: checks[1],
    };
  };
  const channels = [
    channel('KLOOK', 'Klook', [seed, 0, 2], [3, 1]),
    channel('KKDAY', 'KKday', [1, 1, 0], [2, 0]),
    channel('VIATOR', 'Viator', [0, 3, 0]),
    channel('MPG', 'MPG', [0, 0, 0]),
  ];
  const sum = (pick: (c: (typeof channels)[number]) => number) => channels.reduce((a, c) => a + pick(c), 0);
  const total = sum((c) => c.monthlyTotal);
  return {
    month,
    startDate,
    endDate,
    basis,
    days,
    channels,
    totalOrders: total,
    monthlyTotalOrders: total,
    passengers: { adult: sum((c) => c.passengers.adult), child: sum((c) => c.passengers.child) },
    revenue: [{ currency: 'VND', amount: total * 1_000_000 }],
    canceled: sum((c) => c.canceled),
    cancelRequested: 0,
    confirmationSent: sum((c) => c.confirmationSent),
    infoSent: 0,
    checkedIn: sum((c) => c.checkedIn),
    noShow: sum((c) => c.noShow),
  };
}

/** What the service answers for a request: its month and the month before. */
export const answerFor = (request: StatisticsRequest): MonthStatistics => ({
  current: monthFigures(request.month, request.basis),
  previous: monthFigures(previousMonth(request.month), request.basis),
});

export interface LoadCall {
  input: StatisticsRequest;
  signal: AbortSignal;
  resolve: (value: MonthStatistics) => void;
  reject: (error: unknown) => void;
}

/** A load service that records each request and waits for the test to answer it. */
export function deferredLoad() {
  const calls: LoadCall[] = [];
  const logic = fromPromise<MonthStatistics, StatisticsRequest>(
    ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
  );
  return { logic, calls };
}

export const settle = () => new Promise((resolve) => setImmediate(resolve));
