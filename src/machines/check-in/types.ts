import type { ConnectivityEvent } from '../../api/services/manifest';
import type { CheckInBase, CheckInState, CheckInValue, QueuedCheckIn } from '../../domain/check-in';

/** The check-in queue: the screen's child that takes the gestures and sends them, in order. */
export interface CheckInInput {
  teamId: string;
}

export interface CheckInContext extends CheckInInput {
  /** Each party as the server has it (and its name and size), told by the screen on every load. */
  base: Record<string, CheckInBase>;
  /** The gestures not yet sent, oldest first (persisted: a reload keeps them). */
  queue: QueuedCheckIn[];
  /** Per party, what it read before its latest gesture: Undo puts it back. */
  undo: Record<string, CheckInValue>;
  /** Per party not checked in yet, how many the stepper says came (the whole party when absent). */
  counts: Record<string, number>;
  /** Per party, why its last gesture was not recorded (the order was canceled meanwhile...). */
  problems: Record<string, string>;
  /** False while the browser is offline: the queue waits for `net.online`. */
  online: boolean;
  /** Network failures in a row (the backoff doubles with each). */
  attempts: number;
}

export type CheckInEvent =
  | { type: 'checkin.base'; parties: Record<string, CheckInBase> }
  /** A tap: check in (all, or `arrived` of them), no-show, or back to expected. */
  | { type: 'checkin.set'; orderId: string; state: CheckInState; arrived?: number }
  | { type: 'checkin.undo'; orderId: string }
  /** The stepper before the tap: how many of the party came (a partial check-in is one gesture). */
  | { type: 'checkin.count'; orderId: string; arrived: number }
  | ConnectivityEvent;
