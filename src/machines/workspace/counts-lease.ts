import { fromCallback, type EventObject } from 'xstate';
import type { CountsHandle } from '../nav-counts/types';

export interface CountsLeaseInput {
  navCounts: CountsHandle | null;
  /** The screen whose scope the totals count (its actor's session id). */
  owner: string;
}

/**
 * Lives as long as its list screen: when the screen stops (another page, another view), the
 * navigation totals are released to the default month. A stopping machine runs no exit actions,
 * but its children's clean-ups do run, so the release cannot be missed.
 */
export const countsLease = fromCallback<EventObject, CountsLeaseInput>(({ input }) => () => {
  input.navCounts?.send({ type: 'counts.release', owner: input.owner });
});
