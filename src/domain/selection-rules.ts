/** Selections of orders and tours: which rows a click or a key selects. */

/** A row of the grouped list: a date header (`id` = `YYYY-MM-DD`) or an item (order or tour). */
export interface SelectionRow {
  id: string;
  /** The row's day, `YYYY-MM-DD`. */
  date: string;
  header: boolean;
}

export interface SelectionState {
  ids: string[];
  anchorId: string | null;
  focusId: string | null;
  openId: string | null;
}

export type ClickMode = 'replace' | 'range' | 'toggle';
/** Keys that move the focus row (with Shift they extend the selection to it). */
export type MoveKey = 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';
/** `SelectAll` is Ctrl/Cmd+A. */
export type SelectionKey = MoveKey | 'Space' | 'Enter' | 'Escape' | 'SelectAll';

export const MOVE_KEYS: readonly MoveKey[] = ['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'];

export interface KeyOptions {
  /** Shift held: the selection becomes the items from the anchor to the new focus row. */
  extend?: boolean;
  /** Rows a PageUp/PageDown moves (what the view shows at once). */
  pageSize?: number;
}

/** PageUp/PageDown when the view has not said how many rows it shows. */
export const DEFAULT_PAGE_ROWS = 10;

export const EMPTY_SELECTION: SelectionState = Object.freeze({
  ids: [],
  anchorId: null,
  focusId: null,
  openId: null,
}) as SelectionState;

export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The item ids of a day (SPEC section 5: selecting a date header selects all orders of that day). */
export function dayItemIds(rows: readonly SelectionRow[], date: string): string[] {
  return rows.filter((r) => !r.header && r.date === date).map((r) => r.id);
}

/** A date header toggles its day: the whole day selected deselects it, anything less selects it all. */
export function toggleDay(ids: readonly string[], rows: readonly SelectionRow[], date: string): string[] {
  const day = dayItemIds(rows, date);
  if (day.length === 0) return [...ids];
  const selected = new Set(ids);
  if (day.every((id) => selected.has(id))) {
    const dropped = new Set(day);
    return ids.filter((id) => !dropped.has(id));
  }
  return [...ids, ...day.filter((id) => !selected.has(id))];
}

/** The items between two rows (both included, either order); headers are skipped. */
export function rangeIds(rows: readonly SelectionRow[], fromId: string, toId: string): string[] {
  const from = rows.findIndex((r) => r.id === fromId);
  const to = rows.findIndex((r) => r.id === toId);
  if (from < 0 || to < 0) return [];
  const [start, end] = from <= to ? [from, to] : [to, from];
  return rows
    .slice(start, end + 1)
    .filter((r) => !r.header)
    .map((r) => r.id);
}

/**
 * A click on a row. Headers toggle their day whatever the mode (anchor and focus move there,
 * the panel stays). Items: replace selects just it and opens it; range selects the items from
 * the anchor to it (without an anchor in the list, like replace); toggle flips it. Range and
 * toggle leave the panel as it is.
 */
export function clickRow(
  state: SelectionState,
  rows: readonly SelectionRow[],
  id: string,
  mode: ClickMode,
): SelectionState {
  const row = rows.find((r) => r.id === id);
  if (!row) return state;
  if (row.header) return { ...state, ids: toggleDay(state.ids, rows, row.date), anchorId: id, focusId: id };
  const anchored = state.anchorId !== null && rows.some((r) => r.id === state.anchorId);
  if (mode === 'range' && anchored) return { ...state, ids: rangeIds(rows, state.anchorId!, id), focusId: id };
  if (mode === 'toggle') return { ...state, ids: toggleId(state.ids, id), anchorId: id, focusId: id };
  return { ids: [id], anchorId: id, focusId: id, openId: id };
}

const isMoveKey = (key: SelectionKey): key is MoveKey => (MOVE_KEYS as readonly string[]).includes(key);

/**
 * The focus row after a move key, through the rows (headers included), clamped to the list:
 * Home/End the first/last row, arrows one row, PageUp/PageDown `pageSize` rows; without a focus
 * row in the list yet, any move starts at the first row.
 */
export function moveFocus(
  rows: readonly SelectionRow[],
  focusId: string | null,
  key: MoveKey,
  pageSize = DEFAULT_PAGE_ROWS,
): string | null {
  if (rows.length === 0) return focusId;
  const last = rows.length - 1;
  if (key === 'Home') return rows[0].id;
  if (key === 'End') return rows[last].id;
  const at = focusId === null ? -1 : rows.findIndex((r) => r.id === focusId);
  if (at < 0) return rows[0].id;
  const page = Math.max(1, Math.floor(pageSize));
  const step = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page }[key];
  return rows[Math.min(last, Math.max(0, at + step))].id;
}

/** Shift+move: the items from the anchor (else the focus row the move started from) to the new focus row. */
function extendTo(state: SelectionState, rows: readonly SelectionRow[], to: string): SelectionState {
  const listed = (id: string | null): id is string => id !== null && rows.some((r) => r.id === id);
  const anchor = listed(state.anchorId) ? state.anchorId : listed(state.focusId) ? state.focusId : to;
  return { ...state, ids: rangeIds(rows, anchor, to), anchorId: anchor, focusId: to };
}

/**
 * Keyboard: move keys move the focus row (Shift extends the selection to it), Space toggles the
 * focus row (a header its day), Enter opens it, Ctrl/Cmd+A selects every loaded item, Escape
 * clears the selection and, once nothing is selected, closes the panel.
 */
export function pressKey(
  state: SelectionState,
  rows: readonly SelectionRow[],
  key: SelectionKey,
  options: KeyOptions = {},
): SelectionState {
  if (isMoveKey(key)) {
    const to = moveFocus(rows, state.focusId, key, options.pageSize);
    if (options.extend && to !== null) return extendTo(state, rows, to);
    return { ...state, focusId: to };
  }
  const focus = rows.find((r) => r.id === state.focusId);
  switch (key) {
    case 'Space':
      if (!focus) return state;
      return clickRow(state, rows, focus.id, 'toggle');
    case 'Enter':
      return focus && !focus.header ? { ...state, openId: focus.id } : state;
    case 'SelectAll':
      return { ...state, ids: rows.filter((r) => !r.header).map((r) => r.id) };
    case 'Escape':
      return state.ids.length > 0 ? { ...state, ids: [] } : { ...state, openId: null };
  }
}

/** Date ids (`YYYY-MM-DD`) are header rows (SPEC section 5). */
export function isDateId(id: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(id);
}

/** A row id that is neither a header nor among the list's item ids. */
function goneFrom(items: ReadonlySet<string>) {
  return (id: string | null): boolean => id !== null && !isDateId(id) && !items.has(id);
}

/**
 * Keeps only what the list still holds, given its item ids: selected ids, anchor and focus that
 * left it are dropped (a header anchor or focus stays; the panel stays: it says itself when its
 * row is gone).
 */
export function pruneSelection(state: SelectionState, itemIds: readonly string[]): SelectionState {
  const gone = goneFrom(new Set(itemIds));
  return {
    ...state,
    ids: state.ids.filter((id) => !gone(id)),
    anchorId: gone(state.anchorId) ? null : state.anchorId,
    focusId: gone(state.focusId) ? null : state.focusId,
  };
}

/** Whether pruning would change anything (so a list reload does not churn the selection). */
export function needsPrune(state: SelectionState, itemIds: readonly string[]): boolean {
  const gone = goneFrom(new Set(itemIds));
  return state.ids.some(gone) || gone(state.anchorId) || gone(state.focusId);
}

/** The loaded items among the selected ids, in list order. */
export function selectedItems<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  return items.filter((item) => wanted.has(item.id));
}
