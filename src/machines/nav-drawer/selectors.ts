import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { navDrawerMachine } from './nav-drawer.machine';

export type NavDrawerSnapshot = SnapshotFrom<typeof navDrawerMachine>;
export type NavDrawerActorRef = ActorRefFrom<typeof navDrawerMachine>;

export const selectDrawerOpen = (s: NavDrawerSnapshot): boolean => s.matches('open');
