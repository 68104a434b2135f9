import type { ListFilters } from '../../domain/list-filters';
import type { DateRangeReport } from '../date-range/date-range.machine';
import type { FiltersSearchReport } from '../filters-search/filters-search.machine';
import type { ListKind } from '../list/types';

export interface ListFiltersInput {
  kind: ListKind;
  /** The view of the path (`today`...), null for all orders or tours. */
  view: string | null;
  timezone: string;
  /** The URL's query (`?from=...`, or empty) as the screen opened. */
  search: string;
  /** One clock reading: the default month stays put while the screen is open. */
  now: number;
}

export interface ListFiltersContext {
  kind: ListKind;
  view: string | null;
  timezone: string;
  defaults: ListFilters;
  filters: ListFilters;
  /** Why values of the URL were dropped; empty when the URL is clean. */
  notices: string[];
  /** The URL's query as this machine last wrote or read it. */
  search: string;
  /** Queries this machine asked for that the URL has not reached yet (oldest first). */
  pending: string[];
}

export type ListFiltersEvent =
  /** From the screen: the URL's query now (after any navigation, the back button included). */
  | { type: 'url.changed'; search: string }
  /** From the filter bar: date basis, OTA, status or sort. */
  | { type: 'filters.set'; patch: Partial<ListFilters> }
  | { type: 'filters.reset' }
  /** Rewrites the URL without the values it dropped. */
  | { type: 'filters.dismissNotices' }
  | DateRangeReport
  | FiltersSearchReport;

/** What the filters tell their screen: new filters to show, and the URL to go to. */
export type ListFiltersReport =
  { type: 'filters.changed'; filters: ListFilters } | { type: 'filters.navigate'; search: string; replace: boolean };
