import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from './app.machine';
import type { selectionMachine } from '../selection/selection.machine';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type AppActorRef = ActorRefFrom<typeof appMachine>;
export type SelectionActorRef = ActorRefFrom<typeof selectionMachine>;

export const selectReloading = (s: AppSnapshot): boolean => s.hasTag('reloading');
/** The selection actors, for the lists to read (`useSelector`) and drive. */
export const selectOrderSelection = (s: AppSnapshot): SelectionActorRef | undefined => s.children.orderSelection;
export const selectTourSelection = (s: AppSnapshot): SelectionActorRef | undefined => s.children.tourSelection;
