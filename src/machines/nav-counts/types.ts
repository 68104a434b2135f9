import type { ActorRef, Snapshot } from 'xstate';
import type { CountScope } from '../../domain/nav-scope';

/**
 * Count again; with a scope, count what it says from now on (the list on screen changed its
 * filters), `owner` being that list's screen (its actor's session id).
 */
export type CountsRefresh = { type: 'counts.refresh'; scope?: CountScope; owner?: string };

/** The list that set the scope has left the screen: the default month again, unless another list took over. */
export type CountsRelease = { type: 'counts.release'; owner: string };

/** Count the open inbox items again (one was acknowledged). */
export type CountsInbox = { type: 'counts.inbox' };

/** The navigation totals as a screen sees them: something it can ask to count again. */
export type CountsHandle = ActorRef<Snapshot<unknown>, CountsRefresh | CountsRelease>;

/** The navigation totals as the inbox sees them: its count follows acknowledgements. */
export type InboxCountsHandle = ActorRef<Snapshot<unknown>, CountsInbox>;
