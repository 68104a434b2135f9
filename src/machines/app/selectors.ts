import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from './app.machine';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type AppActorRef = ActorRefFrom<typeof appMachine>;

export const selectReloading = (s: AppSnapshot): boolean => s.hasTag('reloading');
