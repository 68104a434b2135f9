import { assign, enqueueActions, setup } from 'xstate';
import { getOrder, type Loaded, type OrderDetail } from '../../api/services/details';
import { updateOrders, type SaveResult } from '../../api/services/edits';
import type { EditChange } from '../../domain/edits';
import { undoEditLabel } from '../../domain/undo-labels';
import { fieldOf, withInvalid, withoutInvalid } from '../../domain/invalid-edits';
import { nextTotalQuestion, stillAsked, totalChange } from '../../domain/total-check';
import type { Order } from '../list/types';
import type { NotifyEvent } from '../notify';
import { dropJobs, edit, forget, replaceRecord, saved, travel, type SaveJob } from '../../domain/edit-history';
import { listFields, type EditsReport } from '../detail/types';
import { leaveField, loadOrder, type Changer, type EditingField } from './elsewhere';
import type { OrderEditContext, OrderEditEvent, OrderEditInput } from './types';

/**
 * Order edits with a real history. An edit shows at once (reported to the panel, which shows it
 * and tells the list: `edits.changed`), then its write is
 * queued: one write at a time, each with the version the last one returned. A failed write drops
 * that order's queued writes and shows what the server holds again; a stale one (409) keeps what
 * the person typed as a conflict next to the fresh record, to re-apply on top of it. An edit that
 * cannot apply (a time that is not `HH:mm`, a price that is not a number) leaves the order as it
 * is and puts one message on its field until the field is corrected or given up (`edit.discard`).
 * A change made elsewhere (`order.loaded` with `by`) to the field the person is in (`edit.focus`)
 * leaves what they typed to the field and puts a note under it saying who changed it to what; the
 * order keeps the version they started from, so saving what they typed ends in the conflict above.
 * A changed unit price asks whether TOTAL follows (`total.update` sets the proposal, `total.keep`).
 */
export type { OrderConflict, OrderEditContext, OrderEditEvent, OrderEditInput } from './types';

type Travel = { mode: 'undo' | 'redo' };
type Change = { id: string; change: EditChange };

/** One toast for the last saved edit (a newer edit's replaces it: Undo undoes the newest). */
const EDIT_TOAST = 'order-edit';
/** The toast's Undo says what it undoes: "Undo price of KH-000251". */
const undoAction = (change: EditChange, displayId: string) => ({
  label: undoEditLabel([{ change, displayId }], 'orders'),
  event: { type: 'history.undo' },
});

const travelTo = (mode: Travel['mode'], target?: 'saving') =>
  ({ guard: { type: 'canTravel', params: { mode } }, target, actions: { type: 'travel', params: { mode } } }) as const;

/**
 * What `idle` and `saving` both accept: an edit, undo and redo. From `idle` an accepted change
 * starts its write; `saving` queues it behind the one in flight.
 */
const changes = (target?: 'saving') =>
  ({
    'order.edit': [
      {
        guard: { type: 'editApplies', params: ({ event }: { event: Change }) => event },
        target,
        actions: { type: 'applyEdit', params: ({ event }: { event: Change }) => event },
      },
      { actions: { type: 'refuseEdit', params: ({ event }: { event: Change }) => event } },
    ],
    'history.undo': travelTo('undo', target),
    'history.redo': travelTo('redo', target),
    'total.update': {
      guard: {
        type: 'editApplies',
        params: ({ context }: { context: OrderEditContext }) => totalChange(context.totalCheck),
      },
      target,
      actions: {
        type: 'applyEdit',
        params: ({ context }: { context: OrderEditContext }) => totalChange(context.totalCheck),
      },
    },
  }) as const;

/** The question, unless it was about this order (its record was replaced or travelled in its history). */
const askedElsewhere = (context: OrderEditContext, id: string | null | undefined) =>
  context.totalCheck?.id === id ? null : (context.totalCheck ?? null);

export const orderEditHistoryMachine = setup({
  types: {
    context: {} as OrderEditContext,
    events: {} as OrderEditEvent,
    input: {} as OrderEditInput,
    emitted: {} as NotifyEvent,
    tags: {} as 'saving',
  },
  actors: { updateOrders, getOrder },
  guards: {
    editApplies: ({ context }, p: Change) => edit(context, p.id, p.change, context.timezone).ok,
    canTravel: ({ context }, p: Travel) => travel(context, p.mode, context.timezone).ok,
    canReapply: ({ context }) =>
      context.conflict?.fresh != null &&
      edit(context, context.conflict.id, context.conflict.typed, context.timezone).ok,
    hasConflict: ({ context }) => context.conflict !== null,
    hasTotalQuestion: ({ context }) => !!context.totalCheck,
    hasQueue: ({ context }) => context.queue.length > 0,
    isSaved: (_, p: { result: SaveResult<Order> }) => p.result.status === 'saved',
  },
  actions: {
    load: assign(({ context }, p: { order: Order; by?: Changer }) => {
      const next = loadOrder(context, listFields(p.order) as Order, p.by);
      const records = 'records' in next ? next.records : context.records;
      return { ...next, totalCheck: stillAsked(context.totalCheck, records[context.totalCheck?.id ?? '']) };
    }),
    focus: assign((_, p: EditingField) => ({ editing: { id: p.id, field: p.field } })),
    blur: assign(({ context }, p: EditingField) => leaveField(context, p)),
    applyEdit: enqueueActions(({ context, enqueue }, p: Change) => {
      const step = edit(context, p.id, p.change, context.timezone);
      if (!step.ok) return;
      enqueue.assign({
        ...step.state,
        conflict: context.conflict?.id === p.id ? null : context.conflict,
        invalid: withoutInvalid(context.invalid, p.id, fieldOf(p.change)),
        totalCheck: nextTotalQuestion(context.totalCheck ?? null, context.records[p.id], step.record, p.change),
      });
      enqueue.sendParent({ type: 'edits.changed', rows: [step.record], saved: false } satisfies EditsReport);
    }),
    /** One message on the field, however often the same refused value is committed (Enter, then leaving it). */
    refuseEdit: enqueueActions(({ context, enqueue }, p: Change) => {
      const step = edit(context, p.id, p.change, context.timezone);
      if (step.ok) return;
      if (!context.records[p.id]) enqueue.emit({ type: 'notify', kind: 'error', message: 'Order not found' });
      else enqueue.assign({ invalid: withInvalid(context.invalid, p.id, p.change, step.error) });
    }),
    discardInvalid: assign(({ context }, p: { id: string; field: string }) => ({
      invalid: withoutInvalid(context.invalid, p.id, p.field),
    })),
    travel: enqueueActions(({ context, enqueue }, p: Travel) => {
      const step = travel(context, p.mode, context.timezone);
      if (!step.ok) return;
      enqueue.assign({ ...step.state, conflict: null, totalCheck: askedElsewhere(context, step.record.id) });
      enqueue.sendParent({ type: 'edits.changed', rows: [step.record], saved: false } satisfies EditsReport);
    }),
    markSaved: enqueueActions(({ context, enqueue }, p: { result: SaveResult<Order> }) => {
      const job = context.queue[0];
      const server = p.result.status === 'saved' ? p.result.records.find((o) => o.id === job.entry.id) : undefined;
      if (!server) return;
      const next = saved(context, server);
      const shown = next.records[server.id];
      const totalCheck = stillAsked(context.totalCheck, next.records[context.totalCheck?.id ?? '']);
      enqueue.assign({ ...next, totalCheck });
      enqueue.sendParent({ type: 'edits.changed', rows: [shown], saved: true } satisfies EditsReport);
      if (job.mode !== 'undo')
        enqueue.emit({
          type: 'notify',
          kind: 'success',
          message: 'Order updated',
          action: undoAction(job.typed, server.displayId),
          id: EDIT_TOAST,
        });
    }),
    keepConflict: assign(({ context }) => {
      const job: SaveJob = context.queue[0];
      return {
        ...dropJobs(context, job.entry.id),
        conflict: { id: job.entry.id, typed: job.typed, fresh: null },
        reloadId: job.entry.id,
      };
    }),
    dropFailed: enqueueActions(({ context, enqueue }) => {
      const job = context.queue[0];
      const message = job.mode === 'undo' ? 'Failed to undo order update' : 'Failed to update order';
      enqueue.emit({ type: 'notify', kind: 'error', message });
      enqueue.assign({ ...dropJobs(context, job.entry.id), reloadId: job.entry.id });
    }),
    /** The server's record after a failed or stale write: shown again, or gone (404). */
    reloaded: enqueueActions(({ context, enqueue }, p: { loaded: Loaded<OrderDetail> }) => {
      const id = context.reloadId;
      if (p.loaded?.found) {
        const fresh = listFields(p.loaded.record) as Order;
        const conflict = context.conflict?.id === fresh.id ? { ...context.conflict, fresh } : context.conflict;
        enqueue.assign({
          ...replaceRecord(context, fresh),
          conflict,
          reloadId: null,
          totalCheck: askedElsewhere(context, id),
        });
        enqueue.sendParent({ type: 'edits.changed', rows: [fresh], saved: false } satisfies EditsReport);
      } else if (p.loaded?.found === false && id) {
        enqueue.emit({ type: 'notify', kind: 'error', message: 'Order not found' });
        enqueue.sendParent({ type: 'edits.gone', id } satisfies EditsReport);
        const conflict = context.conflict?.id === id ? null : context.conflict;
        enqueue.assign({ ...forget(context, id), conflict, reloadId: null, totalCheck: askedElsewhere(context, id) });
      } else {
        enqueue.assign({ reloadId: null });
      }
    }),
    reapply: enqueueActions(({ context, enqueue }) => {
      const conflict = context.conflict;
      if (!conflict) return;
      const step = edit(context, conflict.id, conflict.typed, context.timezone);
      if (!step.ok) return;
      const before = context.records[conflict.id];
      const totalCheck = nextTotalQuestion(context.totalCheck ?? null, before, step.record, conflict.typed);
      enqueue.assign({ ...step.state, conflict: null, totalCheck });
      enqueue.sendParent({ type: 'edits.changed', rows: [step.record], saved: false } satisfies EditsReport);
    }),
    dismissConflict: assign({ conflict: null }),
    keepTotal: assign({ totalCheck: null }),
    logError: (_, p: { error: unknown }) => {
      console.error('[order edits]', p.error);
    },
  },
}).createMachine({
  id: 'orderEditHistory',
  context: ({ input }) => ({
    timezone: input.timezone,
    records: {},
    past: [],
    future: [],
    queue: [],
    nextKey: 1,
    conflict: null,
    reloadId: null,
    invalid: {},
    editing: null,
    elsewhere: null,
    totalCheck: null,
  }),
  on: {
    'order.loaded': { actions: { type: 'load', params: ({ event }) => event } },
    'edit.focus': { actions: { type: 'focus', params: ({ event }) => event } },
    'edit.blur': { actions: { type: 'blur', params: ({ event }) => event } },
    'edit.discard': { actions: { type: 'discardInvalid', params: ({ event }) => event } },
    'total.keep': { guard: 'hasTotalQuestion', actions: 'keepTotal' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ...changes('saving'),
        'conflict.reapply': { guard: 'canReapply', target: 'saving', actions: 'reapply' },
        'conflict.dismiss': { guard: 'hasConflict', actions: 'dismissConflict' },
      },
    },
    /** One write in flight; further edits show at once and queue behind it. */
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'updateOrders',
        src: 'updateOrders',
        input: ({ context }) => ({
          orders: [
            {
              id: context.queue[0].entry.id,
              version: context.records[context.queue[0].entry.id].version,
              ...context.queue[0].payload,
            },
          ],
        }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => ({ result: event.output }) },
            target: 'next',
            actions: { type: 'markSaved', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'reloading', actions: 'keepConflict' },
        ],
        onError: {
          target: 'reloading',
          actions: ['dropFailed', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
      on: changes(),
    },
    /** A write failed (the screen goes back to what the server holds) or was stale (the fresh
     *  record is loaded next to what the person typed). */
    reloading: {
      tags: ['saving'],
      invoke: {
        id: 'getOrder',
        src: 'getOrder',
        input: ({ context }) => ({ id: context.reloadId ?? '' }),
        onDone: { target: 'next', actions: { type: 'reloaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: {
          target: 'next',
          actions: [
            { type: 'reloaded', params: { loaded: null } },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    next: {
      always: [{ guard: 'hasQueue', target: 'saving' }, { target: 'idle' }],
    },
  },
});
