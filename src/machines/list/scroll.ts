/** Where the list is scrolled, as the view reports it. */
export interface ScrollMetrics {
  offset: number;
  viewportHeight: number;
  contentHeight: number;
}

/** SPEC section 9: the next page is asked for within 20% of the bottom. */
export const NEAR_BOTTOM_RATIO = 0.2;
/** SPEC section 9: scroll events are handled at most once per 300 ms. */
export const SCROLL_THROTTLE_MS = 300;

export function isNearBottom(m: ScrollMetrics | null): boolean {
  if (!m) return false;
  const remaining = m.contentHeight - (m.offset + m.viewportHeight);
  return remaining <= m.contentHeight * NEAR_BOTTOM_RATIO;
}
