/**
 * Lets the session machine's `navigate` action reach the router, which is
 * created after the actors (its loaders need them). Before the router exists,
 * navigation falls back to a full page load.
 *
 * Navigation waits a microtask: a machine runs its actions before it commits
 * its new state, and the route guards must see the state the action belongs to
 * (logged out, not the session being left).
 */
interface RouterLike {
  navigate(to: string): unknown;
}

export interface NavigationBridge {
  navigate(to: string): void;
  attach(router: RouterLike): () => void;
}

export function createNavigationBridge(fallback: (to: string) => void): NavigationBridge {
  let current: RouterLike | null = null;
  return {
    navigate(to) {
      queueMicrotask(() => {
        if (current) void current.navigate(to);
        else fallback(to);
      });
    },
    attach(router) {
      current = router;
      return () => {
        if (current === router) current = null;
      };
    },
  };
}
