import type { ActorRef, Snapshot } from 'xstate';

export type CountsRefresh = { type: 'counts.refresh' };

/** The navigation totals as a screen sees them: something it can ask to count again. */
export type CountsHandle = ActorRef<Snapshot<unknown>, CountsRefresh>;
