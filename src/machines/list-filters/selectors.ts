import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isSearchActive } from '../../domain/list-filters';
import type { listFiltersMachine } from './list-filters.machine';

/** Narrow reads of a screen's filters for the filter bar (use with `useSelector`). */
export type ListFiltersActorRef = ActorRefFrom<typeof listFiltersMachine>;
type ListFiltersSnapshot = SnapshotFrom<typeof listFiltersMachine>;

export const selectFilterValues = (s: ListFiltersSnapshot) => s.context.filters;
export const selectDefaultSort = (s: ListFiltersSnapshot) => s.context.defaults.sort;
export const selectNotices = (s: ListFiltersSnapshot) => s.context.notices;
export const selectIsActive = (s: ListFiltersSnapshot) => isSearchActive(s.context.filters, s.context.defaults);
export const selectDateRange = (s: ListFiltersSnapshot) => s.children.dateRange;
export const selectSearchBox = (s: ListFiltersSnapshot) => s.children.search;
