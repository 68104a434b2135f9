/** jsdom lays nothing out and has no ResizeObserver (popovers, segment groups and charts measure with it). */
export class NoLayoutObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
