import type { FieldError, ProductSchedule, ScheduleSaveAnswer } from '../../api/services/schedules';
import type { Role } from '../../domain/statuses';
import type { ScheduleEdit } from './draft';

/** The schedule editor of one product: what the server has, the draft typed, and their errors. */
export type { FieldError, ProductSchedule, ScheduleEdit, ScheduleSaveAnswer };

export interface ProductScheduleInput {
  teamId: string;
  productId: string;
  /** The user's role in the team: below the matrix's `updateProductSchedule` the editor is read-only. */
  role: Role;
  /** The currency a new schedule's prices start in (the team's). */
  currency: string;
}

export interface ProductScheduleContext extends ProductScheduleInput {
  /** What the server has (null: not sold through the channel). */
  saved: ProductSchedule | null;
  /** What is typed (null: not sold through the channel). */
  draft: ProductSchedule | null;
  /** The draft's errors (shared/schedule-rules.ts), kept with each change of the draft. */
  errors: FieldError[];
  /** The last save's refusal by the server, until the draft changes or a save goes through. */
  refused: FieldError[];
  /** The day chosen to add to the closed dates ('' before one is chosen). */
  closedPick: string;
  /** The schedule could not be loaded. */
  error: string | null;
}

export type ProductScheduleEvent =
  | { type: 'schedule.retry' }
  /** A product not sold through the channel: start from a sensible schedule. */
  | { type: 'schedule.start' }
  /** Stop selling it through the channel (saved with Save). */
  | { type: 'schedule.stop' }
  /** Back to what the server has. */
  | { type: 'schedule.discard' }
  | { type: 'schedule.edit'; edit: ScheduleEdit }
  | { type: 'schedule.pickClosed'; date: string }
  /** Adds the day picked to the closed dates. */
  | { type: 'schedule.addClosed' }
  | { type: 'schedule.save' };

/** What the editor tells the products screen: whether the draft holds unsaved changes. */
export type ProductScheduleReport = { type: 'schedule.dirty'; dirty: boolean };

export type ProductScheduleTag = 'loading' | 'saving';

/** The toasts of the editor. */
export const scheduleMessages = {
  saved: 'Schedule saved',
  stopped: 'The product is no longer sold through the channel',
  refused: 'The schedule was not saved: see the fields marked',
  saveFailed: 'Failed to save the schedule',
  loadFailed: 'The schedule could not be loaded.',
} as const;
