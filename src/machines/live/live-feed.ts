import { fromCallback } from 'xstate';
import type { LiveFeedEvent, LiveHandle } from './types';

export interface LiveFeedInput {
  /** The session's live actor (or how to find it when the feed starts); null: nothing comes. */
  live: LiveHandle | null | (() => LiveHandle | null);
}

/**
 * A screen's (or the navigation totals') line to the live actor: invoked by its root, it passes
 * the changes and resets the live actor emits to that root for as long as the root runs it.
 */
export const liveFeed = fromCallback<{ type: 'live.noop' }, LiveFeedInput, LiveFeedEvent>(({ input, sendBack }) => {
  const live = typeof input.live === 'function' ? input.live() : input.live;
  if (!live) return undefined;
  const changes = live.on('live.change', (event) => sendBack(event));
  const resets = live.on('live.reset', (event) => sendBack(event));
  return () => {
    changes.unsubscribe();
    resets.unsubscribe();
  };
});
