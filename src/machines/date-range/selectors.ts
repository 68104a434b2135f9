import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { rangeLabel } from '../../domain/list-filters';
import type { dateRangeMachine } from './date-range.machine';

export type DateRangeActorRef = ActorRefFrom<typeof dateRangeMachine>;
export type DateRangeSnapshot = SnapshotFrom<typeof dateRangeMachine>;

export const selectIsOpen = (s: DateRangeSnapshot) => s.matches('open');
/** Closed and refused to open: the screen has set its dates aside. */
export const selectIsDisabled = (s: DateRangeSnapshot) => s.matches('closed') && !s.can({ type: 'range.open' });
export const selectSetAside = (s: DateRangeSnapshot) => s.context.setAside;
export const selectRangeLabel = (s: DateRangeSnapshot) => rangeLabel(s.context.start, s.context.end);
export const selectTimezone = (s: DateRangeSnapshot) => s.context.timezone;
export const selectChoosingEnd = (s: DateRangeSnapshot) => s.matches({ open: 'choosingEnd' });
export const selectCanClear = (s: DateRangeSnapshot) => s.can({ type: 'range.clear' });
/** The days the calendar marks, joined (`start,end`; the draft's first day while choosing; empty): one string, so a selector compares it by value. */
export const selectMarkedDays = (s: DateRangeSnapshot) => {
  const { draftStart, start, end } = s.context;
  if (draftStart !== null) return draftStart;
  return start !== null && end !== null ? `${start},${end}` : '';
};
