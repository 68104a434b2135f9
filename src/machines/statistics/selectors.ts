import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { statisticsMachine } from './statistics.machine';
import type { ChartId } from './types';

/** Narrow reads of the statistics screen for its views (use with `useSelector`). */
export type StatisticsActorRef = ActorRefFrom<typeof statisticsMachine>;
export type StatisticsSnapshot = SnapshotFrom<typeof statisticsMachine>;

export const selectMonth = (s: StatisticsSnapshot) => s.context.query.month;
export const selectBasis = (s: StatisticsSnapshot) => s.context.query.basis;
export const selectNotices = (s: StatisticsSnapshot) => s.context.notices;
export const selectLoading = (s: StatisticsSnapshot) => s.hasTag('loading');
export const selectError = (s: StatisticsSnapshot) => (s.matches('failure') ? s.context.error : null);
export const selectCanRetry = (s: StatisticsSnapshot) => s.can({ type: 'stats.retry' });
/** The figures shown: the month's, and the month before's for the changes (null until loaded). */
export const selectCurrent = (s: StatisticsSnapshot) => s.context.current;
export const selectPrevious = (s: StatisticsSnapshot) => s.context.previous;
export const selectMode = (chart: ChartId) => (s: StatisticsSnapshot) => s.context.modes[chart];
