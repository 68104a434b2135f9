import type { OrderStatistics } from '../../domain/statistics-figures';
import type { DateBasis, StatisticsQuery } from '../../domain/statistics-period';
import type { Ota } from '../../domain/statuses';
import type { LiveHandle, LiveReport } from '../live/types';

/** What the statistics screen starts from: the team, the URL's query and one clock reading. */
export interface StatisticsInput {
  teamId: string;
  timezone: string;
  /** The URL's query (`?month=2026-10&basis=booking`, or empty). */
  search: string;
  /** The default month is the one of this reading: it stays put while the screen is open. */
  now: number;
  /** The session's live stream: orders anybody changes bring the figures again. */
  live?: LiveHandle | null;
}

/** The charts of the screen, each shown as a chart or as a table. */
export type ChartId = 'daily' | 'share' | 'passengers' | 'revenue';
export type ChartMode = 'chart' | 'table';

export interface StatisticsContext {
  teamId: string;
  live: LiveHandle | null;
  /** The team's current month, as of the screen's clock reading. */
  defaultMonth: string;
  /** The period shown (or being loaded). */
  query: StatisticsQuery;
  /** The URL's values that were dropped, in words. */
  notices: string[];
  /** Queries of navigations this machine asked for and the router has not reported yet. */
  pending: string[];
  /** The figures of the query's month and of the month before, once loaded. */
  current: OrderStatistics | null;
  previous: OrderStatistics | null;
  error: string | null;
  modes: Record<ChartId, ChartMode>;
}

export type StatisticsEvent =
  /** From the page: the URL's query now (after any navigation). */
  | { type: 'url.changed'; search: string }
  | { type: 'period.previous' }
  | { type: 'period.next' }
  | { type: 'period.month'; month: string }
  | { type: 'period.basis'; basis: DateBasis }
  | { type: 'stats.retry' }
  | { type: 'chart.mode'; chart: ChartId; mode: ChartMode }
  /** A bar or a slice was clicked: the orders of that day and/or channel. */
  | { type: 'orders.open'; ota: Ota | null; day: string | null }
  | LiveReport
  /** Internal: the live changes have settled, the figures load again. */
  | { type: 'stats.live' };
