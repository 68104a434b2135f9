import type { StatusChange, StatusV2 } from '../../api/services/status';
import { statusLabel } from '../../domain/statuses';
import type { ListKind } from '../list/types';

/** A selected row and the version it was loaded at (unknown when it is not loaded). */
export interface SelectedRow {
  id: string;
  version?: number;
}

export type BulkStatusEvent =
  /** What is selected now (from the screen). */
  | { type: 'bulk.select'; rows: SelectedRow[] }
  /** Move the selection to a status (from the menu). */
  | { type: 'bulk.move'; status: StatusV2 };

/** A move that saved: each row's new status and version. */
export type BulkStatusReport = { type: 'bulk.moved'; changes: StatusChange[] };

/** What differs between moving orders and moving tours: the noun, the texts, the log level. */
export const KINDS = {
  orders: { noun: 'orders', failed: 'Failed to update order status', log: 'warn' },
  tours: { noun: 'groups', failed: 'Failed to update groups status', log: 'error' },
} as const satisfies Record<ListKind, { noun: string; failed: string; log: 'warn' | 'error' }>;

/** The success toast of SPEC section 8: `{n} orders moved to "{label}"` / `{n} groups moved to "{label}"`. */
export function movedMessage(kind: ListKind, n: number, status: string): string {
  return `${n} ${KINDS[kind].noun} moved to "${statusLabel(status)}"`;
}
