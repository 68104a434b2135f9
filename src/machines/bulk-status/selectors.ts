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
/** The question before a move out of Tour Completed or Canceled: the rows it names (empty: not asking). */
const EMPTY: BulkStatusSnapshot['context']['asking'] = [];
export const selectAsking = (s: BulkStatusSnapshot) => (s.hasTag('confirming') ? s.context.asking : EMPTY);
export const selectKind = (s: BulkStatusSnapshot) => s.context.kind;
export const selectTarget = (s: BulkStatusSnapshot) => s.context.status;
