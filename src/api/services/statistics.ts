import { fromPromise } from 'xstate';
import { api } from '../client';
import type { components } from '../schema';
import { monthRange, previousMonth, type DateBasis } from '../../domain/statistics-period';
import { orThrow } from './policy';

/** The statistics screen's figures: a month and the month before (for the KPI changes). */
export type OrderStatistics = components['schemas']['OrderStatistics'];

export interface StatisticsRequest {
  teamId: string;
  month: string;
  basis: DateBasis;
}

export interface MonthStatistics {
  current: OrderStatistics;
  previous: OrderStatistics;
}

/**
 * Both months at once. A failure of either is thrown (logged): the screen shows
 * 'Failed to fetch order counts' with a Retry.
 */
export const loadMonthStatistics = fromPromise<MonthStatistics, StatisticsRequest>(async ({ input, signal }) => {
  const month = (m: string) =>
    orThrow('getOrderStatistics', () =>
      api.GET('/api/v1/orders/statistics', {
        params: { query: { teamId: input.teamId, ...monthRange(m), dateBasis: input.basis } },
        signal,
      }),
    );
  const [current, previous] = await Promise.all([month(input.month), month(previousMonth(input.month))]);
  return { current, previous };
});
