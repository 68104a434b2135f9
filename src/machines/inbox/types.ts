import type { InboxItem, InboxShow } from '../../api/services/inbox';
import type { LiveFeedEvent, LiveHandle } from '../live/types';
import type { InboxCountsHandle } from '../nav-counts/types';

export type { InboxItem, InboxShow };

export interface InboxInput {
  teamId: string;
  /** The signed-in person: an acknowledgement shows their name at once. */
  user: { id: string; name: string };
  /** The navigation's counts (the session's): told when an item was acknowledged. */
  navCounts: InboxCountsHandle | null;
  /** The session's live stream: the list follows what the channels and colleagues change. */
  live?: LiveHandle | null;
}

export interface InboxContext extends Omit<InboxInput, 'user'> {
  user: { id: string; name: string };
  /** Open items only (the default) or every item. */
  show: InboxShow;
  items: InboxItem[];
  hasMore: boolean;
  nextCursor: string | null;
  /** The item being acknowledged as it was before (to put it back if the server says no). */
  acknowledging: InboxItem | null;
  /** Live changes of the inbox counted so far, those the list shows, and those a refresh under
   *  way will show: the list is brought again while it shows fewer than it was told of. */
  changes: number;
  seen: number;
  asking: number;
}

export type InboxEvent =
  /** The list failed: ask again. */
  | { type: 'inbox.retry' }
  /** Load the list again from the top. */
  | { type: 'inbox.reload' }
  /** Open items only, or every item. */
  | { type: 'inbox.show'; show: InboxShow }
  /** The next page. */
  | { type: 'inbox.more' }
  | { type: 'inbox.acknowledge'; id: string }
  /** From the screen's live feed. */
  | LiveFeedEvent;
