import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { leaveGuardMachine } from './leave-guard.machine';

/** Narrow reads of the leave guard for its views (use with `useSelector`). */
export type LeaveGuardActorRef = ActorRefFrom<typeof leaveGuardMachine>;
export type LeaveGuardSnapshot = SnapshotFrom<typeof leaveGuardMachine>;

/** Leaving now would lose typed work: the router holds the way out and the tab asks before closing. */
export const selectHoldsDraft = (s: LeaveGuardSnapshot | undefined) => s?.hasTag('unsaved') ?? false;
/** The "stay or leave?" question is open. */
export const selectAsking = (s: LeaveGuardSnapshot | undefined) => s?.hasTag('asking') ?? false;
