import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { inboxMachine } from './inbox.machine';

/** Narrow reads of the inbox screen for its views (use with `useSelector`). */
export type InboxActorRef = ActorRefFrom<typeof inboxMachine>;
export type InboxSnapshot = SnapshotFrom<typeof inboxMachine>;

export const selectView = (s: InboxSnapshot): 'loading' | 'failed' | 'empty' | 'list' =>
  s.hasTag('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.context.items.length === 0 ? 'empty' : 'list';
export const selectItems = (s: InboxSnapshot) => s.context.items;
export const selectShow = (s: InboxSnapshot) => s.context.show;
export const selectHasMore = (s: InboxSnapshot) => s.context.hasMore;
export const selectLoadingMore = (s: InboxSnapshot) => s.matches({ ready: 'loadingMore' });
export const selectCanLoadMore = (s: InboxSnapshot) => s.can({ type: 'inbox.more' });
/** The id being acknowledged (its button shows it), or null. */
export const selectAcknowledgingId = (s: InboxSnapshot) =>
  s.matches({ ready: 'acknowledging' }) ? (s.context.acknowledging?.id ?? null) : null;
export const selectCanAcknowledge = (s: InboxSnapshot, id: string) => s.can({ type: 'inbox.acknowledge', id });
export const selectCanReload = (s: InboxSnapshot) => s.can({ type: 'inbox.reload' });
