import type { AnyEventObject } from 'xstate';
import { checkpointOf, type EmailKind } from '../../domain/email-recipients';
import { filtersOfUrl } from '../../domain/list-filters';
import { selectedItems } from '../../domain/selection-rules';
import type { Order, PatchRow } from '../list/types';
import type { WorkspaceContext } from './types';

/** What the workspace's root tells its children, as the bodies of its actions (pure but for `enqueue`). */
type Enqueue = {
  sendTo: (
    to: 'bulkStatus' | 'tourActions' | 'emailSend' | 'list' | 'detail' | 'orderEmails',
    event: AnyEventObject,
  ) => void;
};
type Context = Pick<WorkspaceContext, 'kind' | 'items' | 'selectedIds' | 'openId'>;

/** Bulk status and tour actions act on the selection as loaded (ids, versions, departures). */
export function shareSelection(context: Context, enqueue: Enqueue): void {
  const rows = selectedItems(context.items, context.selectedIds);
  const loaded = new Map(rows.map((row) => [row.id, row]));
  // the status and display id each row had: a move out of Tour Completed or Canceled names them, Undo puts them back
  enqueue.sendTo('bulkStatus', {
    type: 'bulk.select',
    rows: context.selectedIds.map((id) => {
      const row = loaded.get(id);
      return { id, version: row?.version, statusV2: row?.statusV2, displayId: row?.displayId };
    }),
  });
  enqueue.sendTo('tourActions', { type: 'tours.select', ids: context.selectedIds, rows });
  if (context.kind !== 'orders') return;
  const open = context.items.find((item) => item.id === context.openId) as Order | undefined;
  enqueue.sendTo('emailSend', { type: 'email.select', selected: rows as Order[], open: open ?? null });
}

/** Queued e-mails: their checkpoint shows at once (the server sets it when the message is sent). */
export function showQueued(context: Context, params: { kind: EmailKind; orderIds: string[] }, enqueue: Enqueue): void {
  const checkpoint = checkpointOf(params.kind);
  const queued = new Set(params.orderIds);
  const rows: PatchRow[] = context.items
    .filter((item) => queued.has(item.id))
    .map((item) => {
      const checks = (item as Order).emailCheckpoints;
      return checkpoint ? { id: item.id, emailCheckpoints: { ...checks, [checkpoint]: true } } : { id: item.id };
    });
  if (checkpoint) enqueue.sendTo('list', { type: 'list.patch', rows });
  // the panel shows one order: its row, if it was among them (loaded or not)
  const open = context.openId;
  if (open && queued.has(open))
    enqueue.sendTo('detail', { type: 'detail.patch', rows: [rows.find((r) => r.id === open) ?? { id: open }] });
  enqueue.sendTo('orderEmails', { type: 'emails.refresh' });
}

/** The filters of the URL the screen opened with (the filters child reads the same at the same clock reading). */
export const urlFilters = (context: Pick<WorkspaceContext, 'search' | 'timezone' | 'now' | 'kind'>) =>
  filtersOfUrl(context.search, context.timezone, context.now, context.kind).filters;
