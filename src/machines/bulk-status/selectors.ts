import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { bulkStatusMachine } from './bulk-status.machine';

export type BulkStatusActorRef = ActorRefFrom<typeof bulkStatusMachine>;
type BulkStatusSnapshot = SnapshotFrom<typeof bulkStatusMachine>;

/**
 * "Move to" is enabled when a move would be sent: the machine takes `bulk.move` and something is
 * selected (on an empty selection it takes the event only to log the refusal, SPEC section 5).
 */
export const selectCanMove = (s: BulkStatusSnapshot) =>
  s.context.selected.length > 0 && s.can({ type: 'bulk.move', status: 'new' });
export const selectMoving = (s: BulkStatusSnapshot) => s.hasTag('saving');
