import { FILTER_PARAMS } from './list-filters';

/** Where a person finds one order or tour by its display id: its list searched for it (every date). */
export function recordLink(kind: 'order' | 'tour', displayId: string): string {
  const params = new URLSearchParams({ [FILTER_PARAMS.search]: displayId });
  return `${kind === 'order' ? '/orders' : '/tours'}?${params}`;
}
