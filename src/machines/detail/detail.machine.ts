import { assign, enqueueActions, setup, type ActorRef, type Snapshot } from 'xstate';
import {
  addComment,
  deleteRecord,
  getDetail,
  unlinkOrder,
  type EventLog,
  type Loaded,
  type OrderDetail,
  type Tour,
  type TourDetail,
} from '../../api/services/details';
import type { ListHandle, ListKind } from '../list/types';
import type { NotifyEvent } from '../notify';
import { orderEditHistoryMachine } from '../order-edit-history/order-edit-history.machine';
import type { CountsHandle, DetailPatchEvent } from './types';
import { tourEditMachine } from '../tour-edit/tour-edit.machine';

/**
 * The side panel: loads the opened order or tour (a newer open cancels an older load), comments,
 * unlinks, deletes with a confirmation step, and owns the edit actor of its kind (`edits`), which
 * patches the record shown here as it applies, saves or rolls back an edit.
 */
export type DetailRecord = OrderDetail | TourDetail;
export type { OrderDetail, TourDetail };

export interface DetailInput {
  kind: ListKind;
  list: ListHandle;
  counts: CountsHandle;
  /** The signed-in user; comments need one. */
  userId: string | null;
  timezone: string;
  /** Closed when the shown record is deleted or no longer exists. */
  selection?: ActorRef<Snapshot<unknown>, { type: 'selection.close' }> | null;
}

export interface DetailContext extends Required<DetailInput> {
  id: string | null;
  record: DetailRecord | null;
  /** The order being unlinked. */
  unlinkId: string | null;
  error: string | null;
}

export type DetailEvent =
  | { type: 'detail.open'; id: string }
  | { type: 'detail.close' }
  | { type: 'comment.add'; text: string }
  /** Unlink an order from its tour (in an order's panel the order itself, in a tour's one of its orders). */
  | { type: 'detail.unlink'; orderId: string }
  | { type: 'detail.delete' }
  | { type: 'detail.confirm' }
  | { type: 'detail.cancel' }
  | DetailPatchEvent;

const NOT_FOUND = { orders: 'Order not found', tours: 'Tour not found' } as const;
const isTourDetail = (record: DetailRecord): record is TourDetail => 'orders' in record;

export const detailMachine = setup({
  types: {
    context: {} as DetailContext,
    events: {} as DetailEvent,
    input: {} as DetailInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'busy',
  },
  actors: {
    getDetail,
    addComment,
    unlinkOrder,
    deleteRecord,
    orderEdits: orderEditHistoryMachine,
    tourEdits: tourEditMachine,
  },
  guards: {
    isFound: (_, p: { loaded: Loaded<DetailRecord> }) => p.loaded?.found === true,
    isGone: (_, p: { loaded: Loaded<DetailRecord> }) => p.loaded?.found === false,
    canComment: ({ context }, p: { text: string }) => context.userId !== null && p.text.trim().length > 0,
    canUnlink: ({ context }, p: { orderId: string }) => {
      const record = context.record;
      if (!record) return false;
      if (isTourDetail(record)) return record.orders.some((o) => o.id === p.orderId);
      return record.id === p.orderId && record.tour !== null;
    },
    isUnlinked: (_, p: { tour: Tour | null }) => p.tour !== null,
  },
  actions: {
    spawnEdits: enqueueActions(({ context, enqueue, self }) => {
      const input = { list: context.list, panel: self, timezone: context.timezone };
      if (context.kind === 'orders') enqueue.spawnChild('orderEdits', { id: 'edits', input });
      else enqueue.spawnChild('tourEdits', { id: 'edits', input });
    }),
    open: assign((_, p: { id: string }) => ({ id: p.id, record: null, error: null })),
    close: assign({ id: null, record: null, error: null }),
    show: enqueueActions(({ context, enqueue }, p: { loaded: Loaded<DetailRecord> }) => {
      if (!p.loaded?.found) return;
      const record = p.loaded.record;
      enqueue.assign({ record, error: null });
      if (context.kind === 'orders') enqueue.sendTo('edits', { type: 'order.loaded', order: record });
      else enqueue.sendTo('edits', { type: 'tour.loaded', tour: record });
    }),
    /** The id no longer exists: say so, and take it out of the list. */
    gone: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'notify', kind: 'error', message: NOT_FOUND[context.kind] });
      if (context.id) enqueue.sendTo(context.list, { type: 'list.remove', ids: [context.id] });
      if (context.selection) enqueue.sendTo(context.selection, { type: 'selection.close' });
      enqueue.assign({ id: null, record: null });
    }),
    setError: assign((_, p: { message: string }) => ({ error: p.message })),
    patch: assign(({ context }, p: DetailPatchEvent) =>
      context.record && context.record.id === p.fields.id
        ? { record: { ...context.record, ...p.fields } as DetailRecord }
        : {},
    ),
    addLog: assign(({ context }, p: { log: EventLog }) =>
      context.record
        ? {
            record: {
              ...context.record,
              eventLogs: [...context.record.eventLogs, p.log],
              comments: p.log.type === 'COMMENT' ? [...context.record.comments, p.log] : context.record.comments,
            },
            error: null,
          }
        : {},
    ),
    startUnlink: assign((_, p: { orderId: string }) => ({ unlinkId: p.orderId, error: null })),
    unlinked: enqueueActions(({ context, enqueue }, p: { tour: Tour | null }) => {
      const record = context.record;
      if (!record || !p.tour) return;
      if (isTourDetail(record)) {
        const orders = record.orders.filter((o) => o.id !== context.unlinkId);
        enqueue.assign({ record: { ...record, ...p.tour, orders } });
        enqueue.sendTo(context.list, { type: 'list.patch', rows: [p.tour] });
      } else {
        enqueue.assign({ record: { ...record, tour: null } });
        enqueue.sendTo(context.list, { type: 'list.patch', rows: [{ id: record.id, tour: null }] });
      }
      enqueue.sendTo(context.counts, { type: 'counts.refresh' });
    }),
    deleted: enqueueActions(({ context, enqueue }) => {
      if (context.id) enqueue.sendTo(context.list, { type: 'list.remove', ids: [context.id] });
      enqueue.sendTo(context.counts, { type: 'counts.refresh' });
      if (context.selection) enqueue.sendTo(context.selection, { type: 'selection.close' });
      enqueue.assign({ id: null, record: null, error: null });
    }),
    logError: (_, p: { error: unknown }) => {
      console.error('[detail]', p.error);
    },
  },
}).createMachine({
  id: 'detail',
  context: ({ input }) => ({ selection: null, ...input, id: null, record: null, unlinkId: null, error: null }),
  entry: 'spawnEdits',
  on: {
    'detail.open': { target: '.loading', reenter: true, actions: { type: 'open', params: ({ event }) => event } },
    'detail.close': { target: '.closed', actions: 'close' },
    'detail.patch': { actions: { type: 'patch', params: ({ event }) => event } },
  },
  initial: 'closed',
  states: {
    closed: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'getDetail',
        src: 'getDetail',
        input: ({ context }) => ({ kind: context.kind, id: context.id ?? '' }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ loaded: event.output }) },
            target: 'ready',
            actions: { type: 'show', params: ({ event }) => ({ loaded: event.output }) },
          },
          {
            guard: { type: 'isGone', params: ({ event }) => ({ loaded: event.output }) },
            target: 'closed',
            actions: 'gone',
          },
          { target: 'failed' },
        ],
        onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** Could not be loaded (not a 404): the panel says so; opening again retries. */
    failed: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'comment.add': {
              guard: { type: 'canComment', params: ({ event }) => event },
              target: 'commenting',
            },
            'detail.unlink': {
              guard: { type: 'canUnlink', params: ({ event }) => event },
              target: 'unlinking',
              actions: { type: 'startUnlink', params: ({ event }) => event },
            },
            'detail.delete': { target: 'confirmingDelete' },
          },
        },
        commenting: {
          tags: ['busy'],
          invoke: {
            id: 'addComment',
            src: 'addComment',
            input: ({ context, event }) => ({
              kind: context.kind,
              id: context.record?.id ?? '',
              text: event.type === 'comment.add' ? event.text.trim() : '',
            }),
            onDone: { target: 'idle', actions: { type: 'addLog', params: ({ event }) => ({ log: event.output }) } },
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: { message: 'The comment could not be saved' } },
            },
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
              { target: 'idle', actions: { type: 'setError', params: { message: 'The order could not be unlinked' } } },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: { message: 'The order could not be unlinked' } },
            },
          },
        },
        confirmingDelete: {
          on: { 'detail.confirm': { target: 'deleting' }, 'detail.cancel': { target: 'idle' } },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteRecord',
            src: 'deleteRecord',
            input: ({ context }) => ({ kind: context.kind, id: context.record?.id ?? '' }),
            onDone: { target: '#detail.closed', actions: 'deleted' },
            onError: {
              target: 'idle',
              actions: {
                type: 'setError',
                params: ({ context }) => ({
                  message:
                    context.kind === 'orders' ? 'The order could not be deleted' : 'The tour could not be deleted',
                }),
              },
            },
          },
        },
      },
    },
  },
});
