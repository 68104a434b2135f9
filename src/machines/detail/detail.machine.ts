import { assign, enqueueActions, sendParent, sendTo, setup } from 'xstate';
import { loadOrderRecord, unlinkOrder, type Loaded, type Tour } from '../../api/services/details';
import { commentBoxMachine } from '../comment-box/comment-box.machine';
import { contactCopyMachine } from '../contact-copy/contact-copy.machine';
import { leaveGuardMachine } from '../leave-guard/leave-guard.machine';
import { savingWatch } from './saving-watch';
import type { PatchRow } from '../list/types';
import type { NotifyCloseEvent, NotifyEvent } from '../notify';
import { unlinkedNotices } from '../tour-actions/link-toast';
import { orderEditHistoryMachine } from '../order-edit-history/order-edit-history.machine';
import { recordDeleteMachine } from '../record-delete/record-delete.machine';
import { tourEditMachine } from '../tour-edit/tour-edit.machine';
import {
  canUnlink,
  deleteTarget,
  isTourDetail,
  patched,
  withActivity,
  withLog,
  NOT_FOUND,
  NOT_UNLINKED,
  type DetailContext,
  type DetailEvent,
  type DetailInput,
  type DetailRecord,
  type DetailReport,
  type EventLog,
  type ShowRecord,
} from './types';

/**
 * The side panel: loads the opened order or tour (a newer open cancels an older load), comments,
 * unlinks, and owns the edit actor of its kind (`edits`) and the remover (`remover`: delete with a
 * confirmation, Undo), which outlive the record shown. It stays true: every change to its record,
 * from its edits or from elsewhere on the screen (`detail.patch`), shows in its fields at once and
 * brings its activity again from the server. What it changes it reports to the screen (`DetailReport`).
 */
export const detailMachine = setup({
  types: {
    context: {} as DetailContext,
    events: {} as DetailEvent,
    input: {} as DetailInput,
    emitted: {} as NotifyEvent | NotifyCloseEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadRecord: loadOrderRecord,
    comment: commentBoxMachine,
    remover: recordDeleteMachine,
    unlinkOrder,
    orderEdits: orderEditHistoryMachine,
    tourEdits: tourEditMachine,
    copier: contactCopyMachine,
    leaveGuard: leaveGuardMachine,
    savingWatch,
  },
  guards: {
    isFound: (_, p: { loaded: Loaded<DetailRecord> }) => p.loaded?.found === true,
    isGone: (_, p: { loaded: Loaded<DetailRecord> }) => p.loaded?.found === false,
    isShown: ({ context }, p: { rows: readonly PatchRow[] }) =>
      context.record !== null && p.rows.some((r) => r.id === context.record?.id),
    canUnlink: ({ context }, p: { orderId: string }) => canUnlink(context.record, p.orderId),
    isUnlinked: (_, p: { tour: Tour | null }) => p.tour !== null,
  },
  actions: {
    /** The edit history of the panel's kind (a child machine, not a service: each kind has its own), the remover, an order's copier. */
    spawnEdits: enqueueActions(({ context, enqueue, self }) => {
      const input = { timezone: context.timezone };
      enqueue.spawnChild(context.kind === 'orders' ? 'orderEdits' : 'tourEdits', { id: 'edits', input });
      enqueue.spawnChild('remover', { id: 'remover', input: { kind: context.kind, role: context.role } });
      // leaving the screen while an edit is being saved asks first (the one leave question of the app)
      enqueue.spawnChild('leaveGuard', { id: 'leaveGuard' });
      enqueue.spawnChild('savingWatch', { id: 'savingWatch', input: { panel: self } });
      if (context.kind === 'orders') enqueue.spawnChild('copier', { id: 'copier' });
    }),
    /** The remover asks the person about the record shown, named as the panel shows it. */
    askDelete: sendTo('remover', ({ context }) => ({
      type: 'delete.ask' as const,
      target: deleteTarget(context.record!),
    })),
    open: assign((_, p: { id: string }) => ({ id: p.id, record: null, error: null })),
    close: assign({ id: null, record: null, error: null }),
    /** A record the edit history must know (loaded, or changed elsewhere), so its writes carry the right version. */
    showRecord: enqueueActions(({ context, enqueue }, p: ShowRecord) => {
      const record = p.record ?? patched(context.record!, p.rows ?? []);
      enqueue.assign({ record });
      if (context.kind === 'orders') enqueue.sendTo('edits', { type: 'order.loaded', order: record, by: p.by });
      else enqueue.sendTo('edits', { type: 'tour.loaded', tour: record });
    }),
    refreshActivity: assign(({ context }, p: { loaded: Loaded<DetailRecord> }) =>
      p.loaded?.found && context.record?.id === p.loaded.record.id
        ? { record: withActivity(context.record, p.loaded.record) }
        : {},
    ),
    /** The id no longer exists (the edit history has said so when it found out): the screen takes it out. */
    reportGone: sendParent((_, p: { id: string }): DetailReport => ({
      type: 'detail.removed',
      id: p.id,
      deleted: false,
    })),
    /** The opened id no longer exists: say so; the screen takes it out of the list and closes the panel. */
    gone: enqueueActions(({ context, enqueue }, p: { id: string | null }) => {
      enqueue.emit({ type: 'notify', kind: 'error', message: NOT_FOUND[context.kind] });
      if (p.id) enqueue.sendParent({ type: 'detail.removed', id: p.id, deleted: false } satisfies DetailReport);
      enqueue.assign({ id: null, record: null });
    }),
    setError: assign((_, p: { message: string }) => ({ error: p.message })),
    reportEdited: sendParent((_, p: { rows: PatchRow[] }): DetailReport => ({ type: 'detail.edited', rows: p.rows })),
    addLog: assign(({ context }, p: { log: EventLog }) =>
      context.record ? { record: withLog(context.record, p.log), error: null } : {},
    ),
    startUnlink: assign((_, p: { orderId: string }) => ({ unlinkId: p.orderId, error: null })),
    unlinked: enqueueActions(({ context, enqueue }, p: { tour: Tour | null }) => {
      const record = context.record;
      if (!record || !p.tour) return;
      const rows: PatchRow[] = isTourDetail(record)
        ? [p.tour, { id: context.unlinkId ?? '', tour: null }]
        : [{ id: record.id, tour: null }];
      const orders = isTourDetail(record) ? record.orders.filter((o) => o.id !== context.unlinkId) : undefined;
      enqueue.assign({ record: { ...patched(record, rows), ...(orders ? { orders } : {}) } as DetailRecord });
      enqueue.sendParent({ type: 'detail.unlinked', rows } satisfies DetailReport);
      enqueue.raise({ type: 'activity.refresh' });
      // named as the answer has it (a live update may have unlinked it on screen already)
      const order = isTourDetail(record) ? record.orders.find((o) => o.id === context.unlinkId) : record;
      for (const e of unlinkedNotices(order?.displayId ?? '', p.tour.displayId)) enqueue.emit(e);
    }),
    reportDeleted: sendParent((_, p: { id: string }): DetailReport => ({
      type: 'detail.removed',
      id: p.id,
      deleted: true,
    })),
    reportRestored: sendParent((_, p: { id: string }): DetailReport => ({ type: 'detail.restored', id: p.id })),
    logError: (_, p: { error: unknown }) => console.error('[detail]', p.error),
  },
}).createMachine({
  id: 'detail',
  context: ({ input }) => ({ ...input, id: null, record: null, unlinkId: null, error: null }),
  entry: 'spawnEdits',
  on: {
    // a newer open restarts the load (the loading state is left and entered again); the edit child stays
    'detail.open': { target: '.loading', actions: { type: 'open', params: ({ event }) => event } },
    'detail.close': { target: '.closed', actions: 'close' },
    'edits.gone': [
      {
        guard: { type: 'isShown', params: ({ event }) => ({ rows: [{ id: event.id }] }) },
        target: '.closed',
        actions: ['close', { type: 'reportGone', params: ({ event }) => event }],
      },
      { actions: { type: 'reportGone', params: ({ event }) => event } },
    ],
    // an edit saving after its panel closed (or moved on) still reaches the list
    'edits.changed': { actions: { type: 'reportEdited', params: ({ event }) => event } },
    // deleted while shown: the panel closes; the screen takes it out either way
    'remover.deleted': [
      {
        guard: { type: 'isShown', params: ({ event }) => ({ rows: [{ id: event.id }] }) },
        target: '.closed',
        actions: ['close', { type: 'reportDeleted', params: ({ event }) => event }],
      },
      { actions: { type: 'reportDeleted', params: ({ event }) => event } },
    ],
    'remover.restored': { actions: { type: 'reportRestored', params: ({ event }) => event } },
  },
  initial: 'closed',
  states: {
    closed: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ loaded: event.output }) },
            target: 'ready',
            actions: {
              type: 'showRecord',
              params: ({ event }) => ({ record: (event.output as { record: DetailRecord }).record }),
            },
          },
          {
            guard: { type: 'isGone', params: ({ event }) => ({ loaded: event.output }) },
            target: 'closed',
            actions: { type: 'gone', params: ({ context }) => ({ id: context.id }) },
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Could not be loaded (not a 404): the panel says so; opening again retries. */
    failed: {},
    ready: {
      type: 'parallel',
      invoke: {
        id: 'comment',
        src: 'comment',
        input: ({ context }) => ({ id: context.record?.id ?? '', userId: context.userId }),
        onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
      states: {
        action: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'detail.unlink': {
                  guard: { type: 'canUnlink', params: ({ event }) => event },
                  target: 'unlinking',
                  actions: { type: 'startUnlink', params: ({ event }) => event },
                },
                'detail.delete': { actions: 'askDelete' },
              },
            },
            unlinking: {
              tags: ['busy'],
              invoke: {
                id: 'unlinkOrder',
                src: 'unlinkOrder',
                input: ({ context }) => {
                  const record = context.record;
                  const tourId = record && !isTourDetail(record) ? (record.tour?.id ?? '') : (record?.id ?? '');
                  return { tourId, orderId: context.unlinkId ?? '' };
                },
                onDone: [
                  {
                    guard: { type: 'isUnlinked', params: ({ event }) => ({ tour: event.output }) },
                    target: 'idle',
                    actions: { type: 'unlinked', params: ({ event }) => ({ tour: event.output }) },
                  },
                  { target: 'idle', actions: { type: 'setError', params: { message: NOT_UNLINKED } } },
                ],
                onError: { target: 'idle', actions: { type: 'setError', params: { message: NOT_UNLINKED } } },
              },
            },
          },
        },
        /** The record's activity as the server holds it, brought again after each change. */
        activity: {
          initial: 'current',
          on: {
            // an edit of the record shown (or one saved: it is in the record's activity now)
            'edits.changed': {
              guard: { type: 'isShown', params: ({ event }) => event },
              target: '.refreshing',
              actions: [
                { type: 'showRecord', params: ({ event }) => event },
                { type: 'reportEdited', params: ({ event }) => event },
              ],
            },
            'detail.patch': {
              guard: { type: 'isShown', params: ({ event }) => event },
              target: '.refreshing',
              actions: { type: 'showRecord', params: ({ event }) => event },
            },
            'activity.refresh': { target: '.refreshing' },
            // shown at once; a refresh started before it would bring the activity without it
            'comment.added': { target: '.refreshing', actions: { type: 'addLog', params: ({ event }) => event } },
          },
          states: {
            current: {},
            refreshing: {
              invoke: {
                id: 'refreshRecord',
                src: 'loadRecord',
                input: ({ context }) => ({ id: context.record?.id ?? '' }),
                onDone: {
                  target: 'current',
                  actions: {
                    type: 'refreshActivity',
                    params: ({ event }) => ({ loaded: event.output }),
                  },
                },
                onError: {
                  target: 'current',
                  actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
  },
});
