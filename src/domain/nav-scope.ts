import { defaultListFilters, withFilters, type ListFilters } from './list-filters';

/** The areas whose views the navigation counts. */
export type CountArea = 'orders' | 'tours';

/**
 * What the navigation totals count: the filters of the list on screen (of `kind`) and that
 * screen's defaults (links then write only what differs from them).
 */
export interface CountScope {
  kind: CountArea;
  filters: ListFilters;
  defaults: ListFilters;
}

/** Before any list was shown: the default month, as a link without a query opens it. */
export function defaultScope(timezone: string, now: number): CountScope {
  const defaults = defaultListFilters(timezone, now);
  return { kind: 'orders', filters: defaults, defaults };
}

/** A list screen's scope: its filters, and the defaults of its clock reading. */
export function screenScope(kind: CountArea, filters: ListFilters, timezone: string, now: number): CountScope {
  return { kind, filters, defaults: defaultListFilters(timezone, now) };
}

/**
 * The filters an area's totals count under a scope. The orders list keeps for the orders its
 * range, OTA, search and date basis, without its status filter (each view is a status) and sort;
 * otherwise an area takes the range alone (tours have no OTA, booking date or customer, and
 * their totals cannot be searched).
 */
export function areaFilters(scope: CountScope, area: CountArea): ListFilters {
  const { defaults, filters } = scope;
  if (area === 'orders' && scope.kind === 'orders') return { ...filters, status: null, sort: defaults.sort };
  return { ...defaults, startDate: filters.startDate, endDate: filters.endDate };
}

/**
 * The URL query (`?from=...`, or empty) the area's navigation links carry, so that the list a
 * link opens shows the range and filters its total counts. Never the search: a search belongs to
 * the list it was typed in, not to every view a link opens.
 */
export function areaSearch(scope: CountScope | null, area: CountArea): string {
  if (!scope) return '';
  return withFilters('', { ...areaFilters(scope, area), search: scope.defaults.search }, scope.defaults);
}

const sameFilters = (a: ListFilters, b: ListFilters) =>
  (Object.keys(a) as (keyof ListFilters)[]).every((key) => a[key] === b[key]);

/** Whether two scopes give every total the same filters (then counting one again counts nothing new). */
export function countsSame(a: CountScope, b: CountScope): boolean {
  return (['orders', 'tours'] as const).every((area) => sameFilters(areaFilters(a, area), areaFilters(b, area)));
}
