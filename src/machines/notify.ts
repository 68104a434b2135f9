import type { AnyEventObject } from 'xstate';

/**
 * What machines `emit` to be shown as a toast. The texts are SPEC section 8's.
 * An action (e.g. Undo) names the event the toast sends back to the emitting actor.
 */
export interface NotifyEvent {
  type: 'notify';
  kind: 'success' | 'error' | 'info';
  message: string;
  action?: { label: string; event: AnyEventObject };
}
