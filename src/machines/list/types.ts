import type { components } from '../../api/schema';
import type { DailyCount, ListItem } from '../../api/services/lists';
import type { DateGroupState, GroupedRow } from '../../domain/date-groups';
import type { ListFilters } from '../../domain/list-filters';
import type { ScrollMetrics } from './scroll';

/** What the order and tour lists share with the actors of their screen (one name each). */
export type ListKind = 'orders' | 'tours';
export type Order = components['schemas']['Order'];
export type Tour = components['schemas']['Tour'];
export type { ListItem };

/** A row of the grouped list: a date header (`id` = `YYYY-MM-DD`) or an item. */
export type ListRow = GroupedRow<ListItem>;

/** A row as the selection sees it (`id`, `date` in the team's timezone, `header`). */
export interface RowKey {
  id: string;
  date: string;
  header: boolean;
}

/** Fields merged into a loaded row (order fields or tour fields). */
export type PatchRow = { id: string } & (Partial<Order> | Partial<Tour>);

/** What the screen tells its list to keep what it shows true. */
export type ListPatchEvent =
  /** Merge these fields into loaded rows; rows that no longer belong to the view leave it. With
   *  `insert` (whole rows, a live change), rows not loaded join it where its sort and filters put them. */
  | { type: 'list.patch'; rows: PatchRow[]; insert?: boolean }
  | { type: 'list.remove'; ids: string[] }
  /** Reload from page 1 (and the day counts). */
  | { type: 'list.refresh' };

/** What a list reports to its screen whenever its rows change (a page, a patch, a removal, counts). */
export type ListReport = { type: 'list.changed'; items: ListItem[]; rows: ListRow[] };

/** The list machine's input, context and events (src/machines/list/list.machine.ts). */
export interface ListInput {
  kind: ListKind;
  view: string | null;
  teamId: string;
  timezone: string;
  filters: ListFilters;
}

export interface ListContext extends ListInput {
  items: ListItem[];
  /** The items grouped by day (header rows and item rows), as the view shows them. */
  groups: DateGroupState<ListItem>;
  hasMore: boolean;
  nextCursor: string | null;
  dailyCounts: DailyCount[];
  /** How many rows the filters match (null: not counted yet, or cannot be). */
  total: number | null;
  error: string | null;
  scroll: ScrollMetrics | null;
  /** A scroll came in while throttled: handle it when the throttle ends. */
  scrollPending: boolean;
}

export type ListEvent =
  | ListPatchEvent
  | { type: 'list.filters'; filters: ListFilters }
  | ({ type: 'list.scrolled' } & ScrollMetrics)
  | { type: 'list.loadMore' }
  /** Load the page that failed again. */
  | { type: 'list.retry' };
