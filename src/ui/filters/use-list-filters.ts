import { useCallback, useContext, useMemo, useState } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router-dom';
import {
  defaultListFilters,
  dayIn,
  FILTER_PARAMS,
  parseListFilters,
  writeListFilters,
  type ListFilters,
} from '../../domain/list-filters';
import type { ListKind } from '../../machines/list/types';

export interface ListFilterState {
  filters: ListFilters;
  defaults: ListFilters;
  /** Today in the team's timezone (`YYYY-MM-DD`). */
  today: string;
  /** Why values of the URL were dropped; empty when the URL is clean. */
  notices: string[];
  /** Pushes a history entry (the back button walks through filter changes). */
  setFilters: (next: ListFilters) => void;
  /** Changes some filters, keeping the others as the URL holds them now. */
  updateFilters: (patch: Partial<ListFilters>) => void;
  /** Rewrites the URL without the dropped values, in place. */
  dismissNotices: () => void;
}

/** Only the filter parameters: other parameters changing must not give new filters. */
const filterKey = (params: URLSearchParams) =>
  Object.values(FILTER_PARAMS)
    .map((name) => params.getAll(name).join('\u0000'))
    .join('\u0001');

/** The filters read from, and written to, the URL query, with the notices of dropped values. */
export function useListFilterState(kind: ListKind, timezone: string): ListFilterState {
  const [params, setParams] = useSearchParams();
  // One clock reading per mount: the default month stays put while the page is open.
  const [now] = useState(() => Date.now());
  const defaults = useMemo(() => defaultListFilters(timezone, now), [timezone, now]);
  const key = filterKey(params);
  // Keyed on the filter parameters alone: identical filters give the identical object.
  const parsed = useMemo(() => parseListFilters(params, defaults, kind), [key, defaults, kind]);

  // A change must build on the URL as the router holds it now (or is navigating to): the
  // router renders in a transition, so two quick changes would otherwise lose the first.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const write = useCallback(
    (next: (current: ListFilters) => ListFilters) => {
      const location = router ? (router.state.navigation.location ?? router.state.location) : null;
      const seen = location ? new URLSearchParams(location.search) : params;
      const target = writeListFilters(seen, next(parseListFilters(seen, defaults, kind).filters), defaults);
      if (target.toString() !== seen.toString()) setParams(target);
    },
    [router, params, setParams, defaults, kind],
  );
  const setFilters = useCallback((next: ListFilters) => write(() => next), [write]);
  const updateFilters = useCallback(
    (patch: Partial<ListFilters>) => write((current) => ({ ...current, ...patch })),
    [write],
  );
  const dismissNotices = useCallback(
    () => setParams(writeListFilters(params, parsed.filters, defaults), { replace: true }),
    [params, setParams, parsed.filters, defaults],
  );
  return { ...parsed, defaults, today: dayIn(timezone, now), setFilters, updateFilters, dismissNotices };
}

/** The filters of the list of `kind`, and the way to change them (a new history entry). */
export function useListFilters(kind: ListKind, timezone: string): [ListFilters, (next: ListFilters) => void] {
  const { filters, setFilters } = useListFilterState(kind, timezone);
  return [filters, setFilters];
}
