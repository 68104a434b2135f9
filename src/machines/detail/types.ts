import type { ActorRef, Snapshot } from 'xstate';
import type { ListPatchEvent } from '../list/types';

/** A row of `list.patch`. */
export type PatchRow = Extract<ListPatchEvent, { type: 'list.patch' }>['rows'][number];

/** Fields an edit actor merges into the record the panel shows. */
export type DetailPatchEvent = { type: 'detail.patch'; fields: PatchRow };

/** The panel (detail machine) as the edit actors see it. */
export type PanelHandle = ActorRef<Snapshot<unknown>, DetailPatchEvent>;

/** Re-fetches the per-view totals shown in the navigation (the workspace's `counts`). */
export type CountsHandle = ActorRef<Snapshot<unknown>, { type: 'counts.refresh' }>;

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
