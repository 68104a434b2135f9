import { assign, emit, enqueueActions, sendTo, setup, stopChild, type ActorRef, type Snapshot } from 'xstate';
import {
  updateOrderStatusBatch,
  updateTourStatusBatch,
  type StatusBatchOutput,
  type StatusChange,
  type StatusItem,
  type StatusV2,
} from '../../api/services/status';
import { statusLabel } from '../../domain/statuses';
import type { ListHandle, ListItem, ListKind } from '../list/types';
import type { NotifyEvent } from '../notify';

/**
 * Moves the selected orders or tours to one status (SPEC sections 4, 5 and 8). One move at a
 * time: while one saves, `bulk.move` is not accepted (the menu is disabled by `state.can`), so
 * two moves never race on the same rows' versions.
 */
/** The navigation totals (the workspace's `CountsHandle`). */
export type CountsRefresher = ActorRef<Snapshot<unknown>, { type: 'counts.refresh' }>;

export interface BulkStatusInput {
  kind: ListKind;
  list: ListHandle;
  counts: CountsRefresher;
}

export interface BulkStatusContext extends BulkStatusInput {
  /** The rows being moved (the last move's once done), with the version each was loaded at. */
  items: StatusItem[];
  status: StatusV2 | null;
  error: string | null;
}

export type BulkStatusEvent = { type: 'bulk.move'; ids: readonly string[]; status: StatusV2 };

/** What differs between moving orders and moving tours: the service, the noun, the texts. */
const KINDS = {
  orders: { service: 'updateOrderStatusBatch', noun: 'orders', failed: 'Failed to update order status', log: 'warn' },
  tours: { service: 'updateTourStatusBatch', noun: 'groups', failed: 'Failed to update groups status', log: 'error' },
} as const satisfies Record<ListKind, { service: string; noun: string; failed: string; log: 'warn' | 'error' }>;

/** The one save in flight; its service is spawned by kind (an invoke's `src` cannot depend on input). */
const SAVE_ID = 'saveStatus';
type SaveEvent =
  | { type: `xstate.done.actor.${typeof SAVE_ID}`; output: StatusBatchOutput }
  | { type: `xstate.error.actor.${typeof SAVE_ID}`; error: unknown };

/** What to send: each id once, with its version from the loaded list when there is one. */
export function statusItems(ids: readonly string[], status: StatusV2, loaded: readonly ListItem[]): StatusItem[] {
  const wanted = new Set(ids);
  const versions = new Map<string, number>();
  for (const item of loaded) if (wanted.has(item.id)) versions.set(item.id, item.version);
  return [...wanted].map((id) => {
    const version = versions.get(id);
    return version === undefined ? { id, statusV2: status } : { id, statusV2: status, version };
  });
}

/** The success toast of SPEC section 8: `{n} orders moved to "{label}"` / `{n} groups moved to "{label}"`. */
export function movedMessage(kind: ListKind, n: number, status: string): string {
  return `${n} ${KINDS[kind].noun} moved to "${statusLabel(status)}"`;
}

export const bulkStatusMachine = setup({
  types: {
    context: {} as BulkStatusContext,
    events: {} as BulkStatusEvent | SaveEvent,
    input: {} as BulkStatusInput,
    emitted: {} as NotifyEvent,
  },
  actors: { updateOrderStatusBatch, updateTourStatusBatch },
  /** 0: the next task, after the one that applied the result. */
  delays: { totalsAfterResult: 0 },
  guards: {
    isEmpty: (_, params: { ids: readonly string[] }) => params.ids.length === 0,
    saved: (_, params: { changes: StatusChange[] | null }) => params.changes !== null,
  },
  actions: {
    /** SPEC section 5: orders warn, tours log an error; nothing is sent. */
    refuseEmpty: ({ context }) => {
      const { noun, log } = KINDS[context.kind];
      console[log](`[bulk-status] status update refused: no ${noun} selected`);
    },
    startSave: enqueueActions(({ context, enqueue }) =>
      enqueue.spawnChild(KINDS[context.kind].service, { id: SAVE_ID, input: { items: context.items } }),
    ),
    stopSave: stopChild(SAVE_ID),
    remember: assign(({ context }, params: { ids: readonly string[]; status: StatusV2 }) => ({
      items: statusItems(params.ids, params.status, context.list.getSnapshot().context.items),
      status: params.status,
      error: null,
    })),
    /** One event for the whole batch: the list merges it and drops rows that left its view. */
    patchList: sendTo(
      ({ context }) => context.list,
      (_, params: { changes: StatusChange[] }) => ({
        type: 'list.patch' as const,
        rows: params.changes.map(({ id, statusV2, version }) => ({ id, statusV2, version })),
      }),
    ),
    /**
     * The navigation totals (a dozen count requests) follow in a task of their own, so that the
     * task that applies the result (the patch and its toast) stays short. The list refreshes its
     * day counts itself on `list.patch`.
     */
    refreshNavCounts: sendTo(
      ({ context }) => context.counts,
      { type: 'counts.refresh' as const },
      { delay: 'totalsAfterResult' },
    ),
    notifyMoved: emit(({ context }, params: { changes: StatusChange[] }) => ({
      type: 'notify' as const,
      kind: 'success' as const,
      message: movedMessage(context.kind, params.changes.length, context.status ?? ''),
    })),
    fail: assign(({ context }) => ({ error: KINDS[context.kind].failed })),
    notifyFailed: emit(({ context }) => ({
      type: 'notify' as const,
      kind: 'error' as const,
      message: KINDS[context.kind].failed,
    })),
  },
}).createMachine({
  id: 'bulkStatus',
  context: ({ input }) => ({ ...input, items: [], status: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'bulk.move': [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ ids: event.ids }) }, actions: 'refuseEmpty' },
          {
            target: 'saving',
            actions: { type: 'remember', params: ({ event }) => ({ ids: event.ids, status: event.status }) },
          },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      entry: 'startSave',
      exit: 'stopSave',
      on: {
        'xstate.done.actor.saveStatus': [
          {
            guard: { type: 'saved', params: ({ event }) => ({ changes: event.output }) },
            target: 'idle',
            actions: [
              { type: 'patchList', params: ({ event }) => ({ changes: event.output ?? [] }) },
              'refreshNavCounts',
              { type: 'notifyMoved', params: ({ event }) => ({ changes: event.output ?? [] }) },
            ],
          },
          { target: 'idle', actions: ['fail', 'notifyFailed'] },
        ],
        'xstate.error.actor.saveStatus': { target: 'idle', actions: ['fail', 'notifyFailed'] },
      },
    },
  },
});
