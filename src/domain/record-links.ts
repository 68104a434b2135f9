import { FILTER_PARAMS } from './list-filters';

/** Where a person finds one order or tour by its display id: its list searched for it (every date). */
export function recordLink(kind: 'order' | 'tour', displayId: string): string {
  const params = new URLSearchParams({ [FILTER_PARAMS.search]: displayId });
  return `${kind === 'order' ? '/orders' : '/tours'}?${params}`;
}

/** The query parameter that opens a record's side panel when its list's screen starts (`/tours?open=<id>`). */
export const OPEN_PARAM = 'open';

/** The tours screen with that tour's side panel open (the "Tour created" toast's Open). */
export function tourPanelLink(id: string): { pathname: string; search: string } {
  return { pathname: '/tours', search: `?${new URLSearchParams({ [OPEN_PARAM]: id })}` };
}

/** The record a screen's URL asks to open (`?open=<id>`), or null. */
export function openOfUrl(search: string): string | null {
  return new URLSearchParams(search).get(OPEN_PARAM) || null;
}
