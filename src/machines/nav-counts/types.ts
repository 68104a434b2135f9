import type { ActorRef, Snapshot } from 'xstate';
import type { CountScope } from '../../domain/nav-scope';

/** Count again; with a scope, count what it says from now on (the list on screen changed its filters). */
export type CountsRefresh = { type: 'counts.refresh'; scope?: CountScope };

/** The navigation totals as a screen sees them: something it can ask to count again. */
export type CountsHandle = ActorRef<Snapshot<unknown>, CountsRefresh>;
