import { isApiError, NETWORK_STATUS } from '../../api/errors';
import { displayedValue, type CheckInValue } from '../../domain/check-in';
import type { CheckInContext, CheckInEvent } from './types';

/** The check-in machine's helpers: what a tap sets, and the actions of a tap and of Undo. */
export type SetEvent = Extract<CheckInEvent, { type: 'checkin.set' }>;
export const toastId = (orderId: string) => `check-in:${orderId}`;
export const shown = (c: CheckInContext, orderId: string): CheckInValue =>
  displayedValue(c.base[orderId] ?? { state: 'EXPECTED', arrived: 0 }, c.queue, orderId);
export const statusOf = (error: unknown) => (isApiError(error) ? error.status : NETWORK_STATUS);

/** The value a tap sets: a check-in without a count is the whole party. */
export function valueOfSet(c: CheckInContext, e: SetEvent): CheckInValue {
  const total = c.base[e.orderId]?.total ?? 0;
  if (e.state !== 'CHECKED_IN') return { state: e.state, arrived: 0 };
  return { state: e.state, arrived: e.arrived ?? c.counts[e.orderId] ?? total };
}

export const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/** The actions of a tap: queued (undoable), kept, and told in a toast with Undo. */
export function gesture() {
  return [
    {
      type: 'queueGesture',
      params: ({ context, event }: { context: CheckInContext; event: SetEvent }) => ({
        orderId: event.orderId,
        value: valueOfSet(context, event),
        undoable: true,
      }),
    },
    'saveQueue',
    { type: 'notifyGesture', params: ({ event }: { event: SetEvent }) => ({ orderId: event.orderId, undoable: true }) },
  ] as const;
}

/** The actions of Undo: the previous state queued as one more gesture (not undoable itself). */
export function undoGesture() {
  type UndoEvent = Extract<CheckInEvent, { type: 'checkin.undo' }>;
  return [
    {
      type: 'queueGesture',
      params: ({ context, event }: { context: CheckInContext; event: UndoEvent }) => ({
        orderId: event.orderId,
        value: context.undo[event.orderId],
        undoable: false,
      }),
    },
    'saveQueue',
    {
      type: 'notifyGesture',
      params: ({ event }: { event: UndoEvent }) => ({ orderId: event.orderId, undoable: false }),
    },
  ] as const;
}
