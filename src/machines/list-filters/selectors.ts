import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isSearchActive } from '../../domain/list-filters';
import type { listFiltersMachine } from './list-filters.machine';

/** Narrow reads of a screen's filters for the filter bar (use with `useSelector`). */
export type ListFiltersActorRef = ActorRefFrom<typeof listFiltersMachine>;
type ListFiltersSnapshot = SnapshotFrom<typeof listFiltersMachine>;

export const selectFilterValues = (s: ListFiltersSnapshot) => s.context.filters;
export const selectDefaultSort = (s: ListFiltersSnapshot) => s.context.defaults.sort;
export const selectNotices = (s: ListFiltersSnapshot) => s.context.notices;
/** SPEC section 4's "search active" (text, OTA, status or sort), not a date range. */
export const selectIsActive = (s: ListFiltersSnapshot) => isSearchActive(s.context.filters, s.context.defaults);
/** Whether Reset has anything to undo (a search, or another range or basis). */
export const selectCanReset = (s: ListFiltersSnapshot) => s.can({ type: 'filters.reset' });
export const selectDateRange = (s: ListFiltersSnapshot) => s.children.dateRange;
export const selectSearchBox = (s: ListFiltersSnapshot) => s.children.search;
