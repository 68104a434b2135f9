import type { StatusChange, StatusV2 } from '../../api/services/status';
import { statusLabel } from '../../domain/statuses';
import type { ListKind } from '../list/types';

/** A selected row as it was loaded: its version, status and display id (unknown when it is not loaded). */
export interface SelectedRow {
  id: string;
  version?: number;
  statusV2?: StatusV2;
  displayId?: string;
}

export type BulkStatusEvent =
  /** What is selected now (from the screen). */
  | { type: 'bulk.select'; rows: SelectedRow[] }
  /** Move the selection to a status (from the menu). */
  | { type: 'bulk.move'; status: StatusV2 }
  /** The answer to "move out of Tour Completed or Canceled?" (the question's dialog). */
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  /** Put the rows of move `key` back to their previous statuses (the toast's Undo). */
  | { type: 'bulk.undo'; key: number };

/** A move that saved: each row's new status and version. */
export type BulkStatusReport = { type: 'bulk.moved'; changes: StatusChange[] };

/** What differs between moving orders and moving tours: the noun, the texts, the log level. */
export const KINDS = {
  orders: {
    noun: 'orders',
    failed: 'Failed to update order status',
    undoFailed: 'Failed to undo order status',
    log: 'warn',
  },
  tours: {
    noun: 'groups',
    failed: 'Failed to update groups status',
    undoFailed: 'Failed to undo groups status',
    log: 'error',
  },
} as const satisfies Record<ListKind, { noun: string; failed: string; undoFailed: string; log: 'warn' | 'error' }>;

/** The statuses a move out of asks first: work done or given up, rarely left by intent. */
export const ASK_BEFORE_LEAVING: readonly StatusV2[] = ['completed', 'canceled'];

/** The question's title: "Move 2 orders out of Tour Completed or Canceled?" */
export function leavingQuestion(kind: ListKind, n: number): string {
  const noun = n === 1 ? KINDS[kind].noun.replace(/s$/, '') : KINDS[kind].noun;
  return `Move ${n} ${noun} out of Tour Completed or Canceled?`;
}

/** The Undo button says what it undoes: "Undo status of 4 orders". */
export function undoLabel(kind: ListKind, n: number): string {
  const noun = n === 1 ? KINDS[kind].noun.replace(/s$/, '') : KINDS[kind].noun;
  return `Undo status of ${n} ${noun}`;
}

/** What an undo did: the rows put back, and the ones someone changed since, left as they are. */
export function undoneMessage(kind: ListKind, back: number, kept: string[]): string {
  const noun = (n: number) => (n === 1 ? KINDS[kind].noun.replace(/s$/, '') : KINDS[kind].noun);
  const done = `${back} ${noun(back)} moved back`;
  if (!kept.length) return done;
  const verb = kept.length === 1 ? 'was' : 'were';
  return `${done}; ${kept.join(', ')} changed since and ${verb} left as ${kept.length === 1 ? 'it is' : 'they are'}`;
}

/** The success toast of SPEC section 8: `{n} orders moved to "{label}"` / `{n} groups moved to "{label}"`. */
export function movedMessage(kind: ListKind, n: number, status: string): string {
  return `${n} ${KINDS[kind].noun} moved to "${statusLabel(status)}"`;
}
