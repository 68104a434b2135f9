import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { NavDrawerActorRef } from '../nav-drawer/selectors';
import type { appMachine } from './app.machine';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type AppActorRef = ActorRefFrom<typeof appMachine>;

export const selectReloading = (s: AppSnapshot): boolean => s.hasTag('reloading');

/** The navigation drawer of narrow screens, started with the app. */
export const selectNavDrawer = (s: AppSnapshot): NavDrawerActorRef | undefined =>
  s.children.navDrawer as NavDrawerActorRef | undefined;
