import type { AnyEventObject } from 'xstate';

/**
 * What machines `emit` to be shown as a toast. The texts are SPEC section 8's.
 * An action (e.g. Undo) names the event the toast sends back to the emitting actor.
 */
export interface NotifyEvent {
  type: 'notify';
  kind: 'success' | 'error' | 'info';
  message: string;
  /** A second line under the message (e.g. the tour a "Tour created" toast is about). */
  detail?: string;
  action?: { label: string; event: AnyEventObject };
  /** Names the toast, so that a later `notify.close` can take it away (its action done or superseded). */
  id?: string;
}

/** Takes away the toast of that `id`: its action no longer applies (done, undone or superseded). */
export interface NotifyCloseEvent {
  type: 'notify.close';
  id: string;
}
