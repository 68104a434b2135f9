import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { listMachine } from './list.machine';

/** Narrow reads of a list for its views (use with `useSelector`). */
export type ListActorRef = ActorRefFrom<typeof listMachine>;
export type ListSnapshot = SnapshotFrom<typeof listMachine>;

export const selectItems = (s: ListSnapshot) => s.context.items;
export const selectDailyCounts = (s: ListSnapshot) => s.context.dailyCounts;
export const selectHasMore = (s: ListSnapshot) => s.context.hasMore;
export const selectSort = (s: ListSnapshot) => s.context.filters.sort;
export const selectIsLoading = (s: ListSnapshot) => s.hasTag('loading');
export const selectIsLoadingMore = (s: ListSnapshot) => s.hasTag('loadingMore');
/** The date-grouped rows (headers and items) the virtual list shows. */
export const selectRows = (s: ListSnapshot) => s.context.groups.rows;
export const selectFailed = (s: ListSnapshot) => s.context.error !== null;
