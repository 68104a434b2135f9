import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { listMachine } from './list.machine';

/** Narrow reads of a list for its views (use with `useSelector`). */
export type ListActorRef = ActorRefFrom<typeof listMachine>;
export type ListSnapshot = SnapshotFrom<typeof listMachine>;

export const selectHasMore = (s: ListSnapshot) => s.context.hasMore;
export const selectIsLoading = (s: ListSnapshot) => s.hasTag('loading');
export const selectIsLoadingMore = (s: ListSnapshot) => s.hasTag('loadingMore');
/** The date-grouped rows (headers and items) the virtual list shows. */
export const selectRows = (s: ListSnapshot) => s.context.groups.rows;
export const selectItemCount = (s: ListSnapshot) => s.context.items.length;
/** A page failed: the view shows the error and Retry (`list.retry`). */
export const selectFailed = (s: ListSnapshot) => s.hasTag('failed');
/** A failed first page: nothing loaded to show (not an empty list). */
export const selectFailedFirst = (s: ListSnapshot) => s.matches({ paging: 'failed' });
export const selectCanRetry = (s: ListSnapshot) => s.can({ type: 'list.retry' });

/**
 * How many rows the filters match: the server's total, or, when it cannot count (a tour search),
 * the loaded rows once every page is in; null while not known.
 */
export function selectTotal(s: ListSnapshot): number | null {
  const { total, hasMore, items } = s.context;
  if (total !== null) return total;
  if (s.hasTag('loading') || s.hasTag('countsLoading') || s.hasTag('failed') || hasMore) return null;
  return items.length;
}
