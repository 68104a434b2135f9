import { DEFAULT_ORDER_SORT } from '../../domain/statuses';
import type { ListFilters } from '../../domain/list-filters';
import type { ListKind } from '../../machines/list.types';

/** Placeholder (FILTERS work of issue 3): the filters read from, and written to, the URL query. */
export function useListFilters(_kind: ListKind, _timezone: string): [ListFilters, (next: ListFilters) => void] {
  return [{ startDate: null, endDate: null, ota: null, status: null, search: '', sort: DEFAULT_ORDER_SORT }, () => undefined];
}
