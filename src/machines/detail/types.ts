import type { DetailRecord, EventLog, OrderDetail, TourDetail } from '../../api/services/details';
import type { CommentBoxReport } from '../comment-box/comment-box.machine';
import type { Changer } from '../order-edit-history/elsewhere';
import type { Role } from '../../domain/statuses';
import type { ListKind, PatchRow } from '../list/types';
import type { DeleteTarget, RecordDeleteReport } from '../record-delete/record-delete.machine';

export type { DetailRecord, OrderDetail, TourDetail, EventLog };

export interface DetailInput {
  kind: ListKind;
  /** The signed-in user; comments need one. */
  userId: string | null;
  timezone: string;
  /** The person's role in the team: who may delete (the panel's remover). */
  role: Role | null;
}

export interface DetailContext extends DetailInput {
  id: string | null;
  record: DetailRecord | null;
  /** The order being unlinked. */
  unlinkId: string | null;
  error: string | null;
}

export const NOT_FOUND = { orders: 'Order not found', tours: 'Tour not found' } as const;
export const NOT_UNLINKED = 'The order could not be unlinked';

export type DetailEvent =
  /** From the screen: the selection opened or closed a record. */
  | { type: 'detail.open'; id: string }
  | { type: 'detail.close' }
  /** From the screen: these rows changed elsewhere (a status move, a link, someone else: `by`): show it, and its activity. */
  | { type: 'detail.patch'; rows: PatchRow[]; by?: Changer }
  /** From the panel's comment box. */
  | CommentBoxReport
  /** From the panel's view. Unlink an order from its tour (in an order's panel the order itself, in a tour's one of its orders). */
  | { type: 'detail.unlink'; orderId: string }
  /** From the panel's view: ask the remover to delete the record shown (it confirms first). */
  | { type: 'detail.delete' }
  /** From the edit child, and from the remover. */
  | EditsReport
  | RecordDeleteReport
  /** Internal: bring the record's activity again. */
  | { type: 'activity.refresh' };

/** What an edit actor tells its panel: records changed on screen (`saved` once the server has them), or one is gone. */
export type EditsReport =
  { type: 'edits.changed'; rows: PatchRow[]; saved: boolean } | { type: 'edits.gone'; id: string };

/** What the panel reports to its screen, which keeps the list, the selection and the totals true. */
export type DetailReport =
  | { type: 'detail.edited'; rows: PatchRow[] }
  | { type: 'detail.unlinked'; rows: PatchRow[] }
  /** The record was deleted here (`deleted`), or no longer exists. */
  | { type: 'detail.removed'; id: string; deleted: boolean }
  /** A record deleted here was brought back (Undo). */
  | { type: 'detail.restored'; id: string };

/** What the panel shows: a loaded record, or rows patched into it (`by`: changed elsewhere, by whom). */
export type ShowRecord = { record?: DetailRecord; rows?: PatchRow[]; by?: Changer };

export const isTourDetail = (record: DetailRecord): record is TourDetail => 'orders' in record;

/** The list fields of a detail record (without its event log and linked orders). */
export function listFields<T extends { id: string }>(record: T): PatchRow {
  const {
    eventLogs: _logs,
    comments: _comments,
    orders: _orders,
    ...fields
  } = record as T & {
    eventLogs?: unknown;
    comments?: unknown;
    orders?: unknown;
  };
  return fields as PatchRow;
}

/** The record with the fields of the rows that name it merged in (unchanged when none does). */
export function patched(record: DetailRecord, rows: readonly PatchRow[]): DetailRecord {
  const row = rows.find((r) => r.id === record.id);
  return row ? ({ ...record, ...listFields(row) } as DetailRecord) : record;
}

/**
 * A record as the server now holds it, over the one on screen: its activity, comments and linked
 * orders are the server's; its fields stay as shown (edits not yet saved, patches) until a patch
 * brings them.
 */
export function withActivity(shown: DetailRecord, fresh: DetailRecord): DetailRecord {
  const next = { ...shown, eventLogs: fresh.eventLogs, comments: fresh.comments } as DetailRecord;
  return isTourDetail(next) && isTourDetail(fresh) ? { ...next, orders: fresh.orders } : next;
}

/** The record with a new entry at the end of its activity (and of its comments when it is one). */
export function withLog(record: DetailRecord, log: EventLog): DetailRecord {
  const comments = log.type === 'COMMENT' ? [...record.comments, log] : record.comments;
  return { ...record, eventLogs: [...record.eventLogs, log], comments } as DetailRecord;
}

/** The record as the delete dialog and its toasts name it. */
export function deleteTarget(record: DetailRecord): DeleteTarget {
  return isTourDetail(record)
    ? { id: record.id, displayId: record.displayId, name: record.displayName, orderCount: record.orders.length }
    : { id: record.id, displayId: record.displayId, name: record.customer.name };
}

/** An order can be unlinked from the panel: one of the tour shown, or the order shown while it is in a tour. */
export function canUnlink(record: DetailRecord | null, orderId: string): boolean {
  if (!record) return false;
  if (isTourDetail(record)) return record.orders.some((o) => o.id === orderId);
  return record.id === orderId && record.tour !== null;
}
