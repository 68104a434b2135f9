import type { AnyEventObject } from 'xstate';
import type { PatchRow } from '../list/types';
import type { WorkspaceContext } from '../workspace/types';
import type { LiveChange } from './types';

/**
 * How an orders or tours screen follows the live stream: its root routes each change to the
 * children it concerns. The list patches its rows in place (whole rows: updated, inserted where
 * they belong, or leaving the view) and removes deleted ones, keeping its pages, and loads again
 * quietly when the rows were left out (`truncated`) or the stream was reset; the side panel shows
 * its record's new fields and brings its activity again; the open order's e-mails follow theirs.
 */
export type LiveRoute = { change: LiveChange | null };

/** A message of the screen's root to one of its children. */
export interface ChildMessage {
  to: 'list' | 'detail' | 'orderEmails';
  event: AnyEventObject;
}

/** The rows of the screen's kind that a change carries (null: none, or left out). */
function rowsOf(change: LiveChange, kind: WorkspaceContext['kind']): PatchRow[] | null {
  const rows = kind === 'orders' ? change.orders : change.tours;
  return rows && !change.truncated ? rows : null;
}

/** What the screen tells its children about a change (null: the stream was reset). */
export function liveMessages(context: Pick<WorkspaceContext, 'kind' | 'openId'>, change: LiveChange | null) {
  const open = context.openId;
  const out: ChildMessage[] = [];
  // `by` tells the panel's edits the record changed elsewhere (by whom); the person's own write coming
  // back changes no value there, so it makes no note (another tab of theirs does, named as them)
  const showOpen = (rows: PatchRow[], by?: LiveChange['by']) => {
    if (open) out.push({ to: 'detail', event: { type: 'detail.patch', rows, by } });
  };
  if (!change) {
    out.push({ to: 'list', event: { type: 'list.refresh' } });
    showOpen([{ id: open ?? '' }]);
    return out;
  }
  const ids = new Set(change.ids);
  if (change.topic === context.kind) {
    const rows = rowsOf(change, context.kind);
    if (change.op === 'delete') out.push({ to: 'list', event: { type: 'list.remove', ids: change.ids } });
    else if (rows) out.push({ to: 'list', event: { type: 'list.patch', rows, insert: true } });
    else out.push({ to: 'list', event: { type: 'list.refresh' } });
    if (open && ids.has(open) && change.op !== 'delete')
      showOpen([rows?.find((r) => r.id === open) ?? { id: open }], change.by);
  } else if (context.kind === 'tours' && change.topic === 'orders' && open) {
    // an order of the open tour changed: the tour's panel lists its orders
    const ofTour = (change.orders ?? []).some((o) => o.tour?.id === open);
    if (ofTour || change.truncated || change.op === 'delete') showOpen([{ id: open }]);
  } else if (context.kind === 'orders' && change.topic === 'emails' && open && ids.has(open)) {
    // the open order's e-mails moved (queued, sent, failed): its e-mails and activity follow
    out.push({ to: 'orderEmails', event: { type: 'emails.refresh' } });
    showOpen([{ id: open }]);
  }
  return out;
}

/** The body of the root's `followLive` action: each message sent to its child. */
export function routeLive(
  context: Pick<WorkspaceContext, 'kind' | 'openId'>,
  { change }: LiveRoute,
  enqueue: { sendTo: (to: ChildMessage['to'], event: AnyEventObject) => void },
): void {
  for (const message of liveMessages(context, change)) enqueue.sendTo(message.to, message.event);
}

/** The handlers a screen's root adds for what its `liveFeed` child sends. */
export const LIVE_ROUTES = {
  'live.change': { actions: { type: 'followLive', params: ({ event }: { event: LiveRoute }) => event } },
  'live.reset': { actions: { type: 'followLive', params: (): LiveRoute => ({ change: null }) } },
} as const;

/** The feed's input from a screen's context, and its (unlikely) failure logged. */
export const feedOf = ({ context }: { context: { live?: WorkspaceContext['live'] } }) => ({
  live: context.live ?? null,
});
export const logFeedError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
export { liveFeed } from './live-feed';
