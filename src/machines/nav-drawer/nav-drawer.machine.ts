import { setup } from 'xstate';

/**
 * The navigation drawer of narrow screens (below 1280 px the sidebar hides behind a menu button):
 * closed until the menu button opens it; following a link in it, the route changing under it
 * (back button, a redirect), Escape or the backdrop close it; and the screen growing wide enough
 * for the sidebar closes it, so it is not found open when the window narrows again.
 */
export type NavDrawerEvent =
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  /** A link inside the drawer was followed (even to the page already shown). */
  | { type: 'drawer.linkFollowed' }
  /** The location changed, whatever changed it. */
  | { type: 'route.changed'; path: string }
  /** The sidebar is shown instead (the viewport is at least the layout's breakpoint). */
  | { type: 'viewport.wide' };

export const navDrawerMachine = setup({
  types: { events: {} as NavDrawerEvent },
}).createMachine({
  id: 'navDrawer',
  initial: 'closed',
  states: {
    closed: { on: { 'drawer.open': 'open' } },
    open: {
      on: {
        'drawer.close': 'closed',
        'drawer.linkFollowed': 'closed',
        'route.changed': 'closed',
        'viewport.wide': 'closed',
      },
    },
  },
});
