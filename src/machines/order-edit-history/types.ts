import type { EditHistory } from '../../domain/edit-history';
import type { EditChange } from '../../domain/edits';
import type { InvalidEdits } from '../../domain/invalid-edits';
import type { TotalQuestion } from '../../domain/total-check';
import type { Order } from '../list/types';
import type { Changer, EditingField, ElsewhereNote } from './elsewhere';

/** The order edit history's input, context and events (its machine re-exports them). */
export interface OrderEditInput {
  timezone: string;
}

export interface OrderConflict {
  id: string;
  /** What the person asked for, kept for them to re-apply. */
  typed: EditChange;
  /** The record as someone else left it; null until it is loaded (or when it cannot be). */
  fresh: Order | null;
}

export interface OrderEditContext extends EditHistory<Order> {
  timezone: string;
  conflict: OrderConflict | null;
  /** The order being re-read from the server after a failed or stale write. */
  reloadId: string | null;
  invalid: InvalidEdits;
  /** The field with the focus, and the note of a change made elsewhere to it. */
  editing?: EditingField | null;
  elsewhere?: ElsewhereNote | null;
  /** A unit price changed and TOTAL did not: asked until answered, undone or reloaded. */
  totalCheck?: TotalQuestion | null;
}

export type OrderEditEvent =
  /** `by` (a live change from someone else; null: unknown) when it was changed elsewhere. */
  | { type: 'order.loaded'; order: Order; by?: Changer }
  | { type: 'edit.focus'; id: string; field: string }
  | { type: 'edit.blur'; id: string; field: string }
  | { type: 'order.edit'; id: string; change: EditChange }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'conflict.reapply' }
  | { type: 'conflict.dismiss' }
  | { type: 'total.update' }
  | { type: 'total.keep' }
  /** The person gave up what they typed in a refused field (Escape, or the saved value typed again). */
  | { type: 'edit.discard'; id: string; field: string };
