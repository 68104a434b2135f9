/** Selections of orders and tours, and when a navigation clears them (SPEC section 2). */
export type SelectionKind = 'order' | 'tour';

/** `/orders/...` clears the order selection, `/tours/...` the tour selection. */
export function selectionsToClear(pathname: string): SelectionKind[] {
  if (pathname.startsWith('/order')) return ['order'];
  if (pathname.startsWith('/tour')) return ['tour'];
  return [];
}

export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

export function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
