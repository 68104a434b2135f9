import { useCallback, useSyncExternalStore } from 'react';

/**
 * The layout's breakpoints, as media queries (em: the browser's 16 px, whatever the app's root
 * size; the same as Chakra's `md` and `xl`).
 * - below 768 px (a phone): the lists are cards, the side panel a full-screen view, dialogs full width;
 * - below 1280 px (a phone or a tablet): the navigation is a drawer behind a menu button, so the
 *   list keeps its width; a tablet keeps the table rows (their columns drop by the list's width) and
 *   the side panel beside the list;
 * - from 1280 px: the sidebar, as it always was.
 */
export const SIDEBAR_QUERY = '(min-width: 80em)';
export const TABLE_QUERY = '(min-width: 48em)';

/**
 * Whether a media query matches now, re-rendering when it changes. Where the browser has no
 * `matchMedia` (jsdom), `fallback`: the wide layout.
 */
export function useMediaMatch(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  const read = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, read, () => fallback);
}

/** A phone: below 768 px. */
export const useIsPhone = () => !useMediaMatch(TABLE_QUERY);
