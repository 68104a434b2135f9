import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { rangeLabel } from '../../domain/list-filters';
import type { dateRangeMachine } from './date-range.machine';

export type DateRangeActorRef = ActorRefFrom<typeof dateRangeMachine>;
export type DateRangeSnapshot = SnapshotFrom<typeof dateRangeMachine>;

export const selectIsOpen = (s: DateRangeSnapshot) => s.matches('open');
export const selectRangeLabel = (s: DateRangeSnapshot) => rangeLabel(s.context.start, s.context.end);
export const selectVisibleMonth = (s: DateRangeSnapshot) => s.context.visibleMonth;
export const selectDraftStart = (s: DateRangeSnapshot) => s.context.draftStart;
export const selectDraftEnd = (s: DateRangeSnapshot) => s.context.draftEnd;
