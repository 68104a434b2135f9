import { assign, enqueueActions, setup } from 'xstate';
import { isApiError, NETWORK_STATUS } from '../../api/errors';
import { backoff, connectivity, sendCheckIn } from '../../api/services/manifest';
import { restoreCheckInQueue, writeCheckInQueue } from '../../api/storage/check-in-queue';
import { CHECK_IN_TEXT, mergeQueues, valueOf, type CheckInValue, type QueuedCheckIn } from '../../domain/check-in';
import type { NotifyCloseEvent, NotifyEvent } from '../notify';
import type { CheckedInOrder } from '../../api/services/manifest';
import { gesture, shown, statusOf, toastId, undoGesture, valueOfSet, without, type SetEvent } from './gestures';
import type { CheckInContext, CheckInEvent, CheckInInput } from './types';

/**
 * Check-in on a manifest (issue 25): every tap is a gesture with its own idempotency key, made when
 * it happens, shown at once (the row reads its new state, "Pending" until sent) and kept in a queue
 * persisted in the browser, so a reload or a crash keeps it. The queue is sent in order, one request
 * at a time. Offline (the browser says so, or a send found no network) it waits, and sends again when
 * the connection returns (or after a backoff that doubles with each network failure); the key makes
 * a resend harmless. A refusal drops its request and says so on the row and in a toast: the order was
 * canceled meanwhile (409 ORDER_CANCELED) or the request was wrong. A 401 stops the queue (kept for
 * the next sign-in): the session signs out, as with every call. Undo (on the row and in the toast)
 * queues the party's previous state as one more gesture.
 */
export type { CheckInContext, CheckInEvent, CheckInInput } from './types';

export const checkInMachine = setup({
  types: {
    context: {} as CheckInContext,
    events: {} as CheckInEvent,
    input: {} as CheckInInput,
    emitted: {} as NotifyEvent | NotifyCloseEvent,
    tags: {} as 'sending',
  },
  actors: { restoreCheckInQueue, sendCheckIn, backoff, connectivity },
  guards: {
    /** A party of this manifest, a count from 1 to its size, and a change of what it reads. */
    canSet: ({ context }, e: SetEvent) => {
      const base = context.base[e.orderId];
      if (!base) return false;
      const next = valueOfSet(context, e);
      if (next.state === 'CHECKED_IN' && (next.arrived < 1 || next.arrived > base.total)) return false;
      const now = shown(context, e.orderId);
      return now.state !== next.state || now.arrived !== next.arrived;
    },
    canCount: ({ context }, p: { orderId: string; arrived: number }) => {
      const base = context.base[p.orderId];
      return !!base && Number.isInteger(p.arrived) && p.arrived >= 1 && p.arrived <= base.total;
    },
    canUndo: ({ context }, p: { orderId: string }) => p.orderId in context.undo && p.orderId in context.base,
    nothingQueued: ({ context }) => context.queue.length === 0,
    offline: ({ context }) => !context.online,
    networkFailure: (_, p: { error: unknown }) => statusOf(p.error) === NETWORK_STATUS || statusOf(p.error) >= 500,
    unauthorized: (_, p: { error: unknown }) => statusOf(p.error) === 401,
  },
  actions: {
    setBase: assign((_, p: { parties: CheckInContext['base'] }) => ({ base: p.parties })),
    /** The stored queue first (older), then the gestures made while it was read. */
    restore: assign(({ context }, p: { stored: QueuedCheckIn[] }) => ({ queue: mergeQueues(p.stored, context.queue) })),
    setCount: assign(({ context }, p: { orderId: string; arrived: number }) => ({
      counts: { ...context.counts, [p.orderId]: p.arrived },
    })),
    goOnline: assign({ online: true }),
    goOffline: assign({ online: false }),
    /** The gesture, queued with its key; what the party read before it is kept for Undo. */
    queueGesture: assign(({ context }, p: { orderId: string; value: CheckInValue; undoable: boolean }) => {
      const base = context.base[p.orderId];
      const gesture: QueuedCheckIn = {
        key: crypto.randomUUID(),
        orderId: p.orderId,
        name: base.name,
        total: base.total,
        ...p.value,
      };
      return {
        queue: [...context.queue, gesture],
        undo: p.undoable
          ? { ...context.undo, [p.orderId]: shown(context, p.orderId) }
          : without(context.undo, p.orderId),
        problems: without(context.problems, p.orderId),
        counts: without(context.counts, p.orderId),
      };
    }),
    /** Kept in the browser (a reload or a crash sends it later). */
    saveQueue: ({ context }) => writeCheckInQueue(context.teamId, context.queue),
    notifyGesture: enqueueActions(({ context, enqueue }, p: { orderId: string; undoable: boolean }) => {
      const base = context.base[p.orderId];
      const value = shown(context, p.orderId);
      enqueue.emit({
        type: 'notify',
        kind: 'success',
        id: toastId(p.orderId),
        message: CHECK_IN_TEXT.checkedIn(base.name, value, base.total),
        ...(p.undoable ? { action: { label: 'Undo', event: { type: 'checkin.undo', orderId: p.orderId } } } : {}),
      });
    }),
    /** Sent: the party reads as the server has it now. */
    sent: assign(({ context }, p: { order: CheckedInOrder }) => {
      const base = context.base[p.order.id];
      return {
        queue: context.queue.slice(1),
        attempts: 0,
        base: base ? { ...context.base, [p.order.id]: { ...base, ...valueOf(p.order.checkIn) } } : context.base,
      };
    }),
    countFailure: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    /** Refused: the request is dropped, the row and a toast say why. */
    refuse: enqueueActions(({ context, enqueue }, p: { error: unknown }) => {
      const [head, ...rest] = context.queue;
      if (!head) return;
      const canceled = isApiError(p.error) && p.error.error === 'ORDER_CANCELED';
      const message = isApiError(p.error) ? p.error.message : String(p.error);
      enqueue.assign({
        queue: rest,
        undo: without(context.undo, head.orderId),
        problems: { ...context.problems, [head.orderId]: canceled ? CHECK_IN_TEXT.canceled : message },
      });
      enqueue.emit({ type: 'notify.close', id: toastId(head.orderId) });
      enqueue.emit({
        type: 'notify',
        kind: 'error',
        message: canceled ? CHECK_IN_TEXT.conflict(head.name) : CHECK_IN_TEXT.refused(head.name, message),
      });
    }),
    logError: (_, p: { error: unknown }) => {
      console.error('[check-in]', p.error);
    },
  },
}).createMachine({
  id: 'checkIn',
  context: ({ input }) => ({
    teamId: input.teamId,
    base: {},
    queue: [],
    undo: {},
    problems: {},
    counts: {},
    online: true,
    attempts: 0,
  }),
  invoke: {
    id: 'connectivity',
    src: 'connectivity',
    onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
  },
  on: {
    'checkin.base': { actions: { type: 'setBase', params: ({ event }) => ({ parties: event.parties }) } },
    'checkin.set': {
      guard: { type: 'canSet', params: ({ event }) => event },
      actions: gesture(),
    },
    'checkin.undo': {
      guard: { type: 'canUndo', params: ({ event }) => event },
      actions: undoGesture(),
    },
    'checkin.count': {
      guard: { type: 'canCount', params: ({ event }) => event },
      actions: { type: 'setCount', params: ({ event }) => event },
    },
    'net.online': { actions: 'goOnline' },
    'net.offline': { actions: 'goOffline' },
  },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreQueue',
        src: 'restoreCheckInQueue',
        input: ({ context }) => ({ teamId: context.teamId }),
        onDone: {
          target: 'checking',
          actions: [{ type: 'restore', params: ({ event }) => ({ stored: event.output }) }, 'saveQueue'],
        },
        onError: { target: 'checking', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** What comes next: nothing to send, the connection to wait for, or the oldest gesture. */
    checking: {
      always: [
        { guard: 'nothingQueued', target: 'idle' },
        { guard: 'offline', target: 'offline' },
        { target: 'sending' },
      ],
    },
    idle: {
      on: {
        'checkin.set': {
          guard: { type: 'canSet', params: ({ event }) => event },
          target: 'checking',
          actions: gesture(),
        },
        'checkin.undo': {
          guard: { type: 'canUndo', params: ({ event }) => event },
          target: 'checking',
          actions: undoGesture(),
        },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        id: 'sendCheckIn',
        src: 'sendCheckIn',
        input: ({ context }) => context.queue[0],
        onDone: {
          target: 'checking',
          actions: [{ type: 'sent', params: ({ event }) => ({ order: event.output }) }, 'saveQueue'],
        },
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'waiting',
            actions: 'countFailure',
          },
          {
            guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'stalled',
          },
          {
            target: 'checking',
            actions: [{ type: 'refuse', params: ({ event }) => ({ error: event.error }) }, 'saveQueue'],
          },
        ],
      },
    },
    /** After a network failure: again after the backoff, or at once when the browser is back online. */
    waiting: {
      invoke: {
        id: 'backoff',
        src: 'backoff',
        input: ({ context }) => ({ attempts: context.attempts }),
        onDone: 'checking',
        onError: { target: 'checking', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'net.online': { target: 'checking', actions: 'goOnline' } },
    },
    offline: {
      on: { 'net.online': { target: 'checking', actions: 'goOnline' } },
    },
    /** 401: the session signs out; the queue stays stored for the next sign-in. */
    stalled: {},
  },
});
