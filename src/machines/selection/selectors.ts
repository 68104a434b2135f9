import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { selectionMachine } from './selection.machine';

export type SelectionActorRef = ActorRefFrom<typeof selectionMachine>;
type SelectionSnapshot = SnapshotFrom<typeof selectionMachine>;

export const selectSelectedIds = (s: SelectionSnapshot) => s.context.ids;
export const selectSelectedCount = (s: SelectionSnapshot) => s.context.ids.length;
export const selectFocusId = (s: SelectionSnapshot) => s.context.focusId;
export const selectOpenId = (s: SelectionSnapshot) => s.context.openId;
