import { belongsToView, type ViewScope } from '../../domain/list-views';
import type { OrderSort } from '../../domain/statuses';
import type { StatusChange } from '../../api/services/status';
import type { ListItem, PatchRow } from './types';

/** Pure steps of the list machine on its loaded rows: append a page, patch, remove. */

/**
 * Appends a page keeping the server's order: a row already loaded that comes again (it moved
 * after an edit) is taken at the server's new position, so no row shows twice.
 */
export function appendPage(items: readonly ListItem[], page: readonly ListItem[]): ListItem[] {
  const incoming = new Set(page.map((i) => i.id));
  const seen = new Set<string>();
  const fresh = page.filter((i) => !seen.has(i.id) && seen.add(i.id));
  return [...items.filter((i) => !incoming.has(i.id)), ...fresh];
}

/** The sort key and direction of a sort, as the server orders (key, then id). */
function sortKey(item: ListItem, sort: OrderSort): number {
  const booked = (sort === 'BOOKED_AT_ASC' || sort === 'BOOKED_AT_DESC') && 'bookedAt' in item;
  return Date.parse(booked ? item.bookedAt : item.departureAt);
}

function compare(a: ListItem, b: ListItem, sort: OrderSort): number {
  const desc = sort.endsWith('_DESC') ? -1 : 1;
  const ka = sortKey(a, sort);
  const kb = sortKey(b, sort);
  if (ka !== kb) return ka < kb ? -desc : desc;
  return a.id === b.id ? 0 : a.id < b.id ? -desc : desc;
}

export interface PatchScope extends ViewScope {
  /** More pages to come: a row sorted past the last loaded one will arrive with them. */
  hasMore: boolean;
}

/** A bulk move's answer as list patches. */
export const fromChanges = (changes: StatusChange[]): PatchRow[] =>
  changes.map(({ id, statusV2, version }) => ({ id, statusV2, version }));

/**
 * Whole rows (a live change) that are not loaded join the list where its sort puts them when they
 * belong to its view and filters: not past the last loaded row while more pages come (the next page
 * brings them), and not while searching (the server alone matches a search).
 */
function newRows(items: readonly ListItem[], rows: readonly PatchRow[], scope: PatchScope): ListItem[] {
  if (scope.filters.search.trim() !== '') return [];
  const loaded = new Set(items.map((i) => i.id));
  const last = items[items.length - 1];
  return rows.filter((row): row is ListItem => {
    if (loaded.has(row.id) || !('departureAt' in row) || !belongsToView(row as ListItem, scope)) return false;
    return !scope.hasMore || (last !== undefined && compare(row as ListItem, last, scope.filters.sort) <= 0);
  });
}

/**
 * Merges fields into loaded rows; a row that no longer belongs to the view leaves it, and when a
 * sort key changed the rows are put back in the server's order (a row moved beyond the loaded
 * range leaves too: the next page brings it, so it is neither doubled nor skipped). With `insert`
 * (whole rows from a live change) rows not loaded join it where they belong (`newRows`).
 */
export function applyPatch(
  items: readonly ListItem[],
  rows: readonly PatchRow[],
  scope: PatchScope,
  insert = false,
): ListItem[] {
  const patches = new Map(rows.map((r) => [r.id, r]));
  const added = insert ? newRows(items, rows, scope) : [];
  let moved = added.length > 0;
  const sort = scope.filters.sort;
  const merged: ListItem[] = [];
  for (const item of items) {
    const patch = patches.get(item.id);
    if (!patch) {
      merged.push(item);
      continue;
    }
    const next = { ...item, ...patch } as ListItem;
    if (!belongsToView(next, scope)) continue;
    if (sortKey(next, sort) !== sortKey(item, sort)) moved = true;
    merged.push(next);
  }
  merged.push(...added);
  if (!moved) return merged;
  const last = items[items.length - 1];
  const sorted = merged.sort((a, b) => compare(a, b, sort));
  return scope.hasMore && last ? sorted.filter((i) => compare(i, last, sort) <= 0) : sorted;
}

export function removeItems(items: readonly ListItem[], ids: readonly string[]): ListItem[] {
  const gone = new Set(ids);
  return items.filter((i) => !gone.has(i.id));
}
