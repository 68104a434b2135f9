import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { productScheduleMachine } from './product-schedule.machine';
import { sameSchedule } from './draft';

/** Narrow reads of the schedule editor for its views (use with `useSelector`). */
export type ProductScheduleActorRef = ActorRefFrom<typeof productScheduleMachine>;
export type ProductScheduleSnapshot = SnapshotFrom<typeof productScheduleMachine>;

export const selectView = (s: ProductScheduleSnapshot) =>
  s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading';
export const selectError = (s: ProductScheduleSnapshot) => s.context.error;
export const selectDraft = (s: ProductScheduleSnapshot) => s.context.draft;
export const selectClosedPick = (s: ProductScheduleSnapshot) => s.context.closedPick;
export const selectReadOnly = (s: ProductScheduleSnapshot) => s.matches({ ready: 'readOnly' });
export const selectSaving = (s: ProductScheduleSnapshot) => s.hasTag('saving');
export const selectDirty = (s: ProductScheduleSnapshot) => !sameSchedule(s.context.draft, s.context.saved);
/** The product is sold through the channel now (what the server has). */
export const selectSoldNow = (s: ProductScheduleSnapshot) => s.context.saved !== null;

export const selectCanEdit = (s: ProductScheduleSnapshot) =>
  s.can({ type: 'schedule.edit', edit: { kind: 'number', field: 'capacity', value: 1 } });
export const selectCanStart = (s: ProductScheduleSnapshot) => s.can({ type: 'schedule.start' });
export const selectCanStop = (s: ProductScheduleSnapshot) => s.can({ type: 'schedule.stop' });
export const selectCanDiscard = (s: ProductScheduleSnapshot) => s.can({ type: 'schedule.discard' });
export const selectCanSave = (s: ProductScheduleSnapshot) => s.can({ type: 'schedule.save' });
export const selectCanAddClosed = (s: ProductScheduleSnapshot) => s.can({ type: 'schedule.addClosed' });

/** The message to show next to a field: the draft's own error first, else the server's refusal. */
export const selectFieldError = (field: string) => (s: ProductScheduleSnapshot) =>
  s.context.errors.find((e) => e.field === field)?.message ??
  s.context.refused.find((e) => e.field === field)?.message ??
  null;
/** How many fields are at fault now (live and refused). */
export const selectErrorCount = (s: ProductScheduleSnapshot) => s.context.errors.length + s.context.refused.length;
