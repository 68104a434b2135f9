import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { navDrawerMachine, type NavDrawerEvent } from '../../src/machines/nav-drawer/nav-drawer.machine';
import { selectDrawerOpen } from '../../src/machines/nav-drawer/selectors';

/**
 * Model-based: the states come from the production drawer machine (xstate/graph); every path is
 * replayed on a real actor, then every event is tried from its end state and the drawer's
 * openness checked against what a person expects: only the menu button opens it, and every way
 * of leaving (a link, a route change, Escape or the backdrop, the screen growing) closes it.
 */
const EVENTS = {
  open: { type: 'drawer.open' },
  close: { type: 'drawer.close' },
  link: { type: 'drawer.linkFollowed' },
  route: { type: 'route.changed', path: '/tours/today' },
  wide: { type: 'viewport.wide' },
} satisfies Record<string, NavDrawerEvent>;
type Name = keyof typeof EVENTS;
// every event is tried: a new one fails to compile until it is listed here
const TRIED = {
  'drawer.open': ['open'],
  'drawer.close': ['close'],
  'drawer.linkFollowed': ['link'],
  'route.changed': ['route'],
  'viewport.wide': ['wide'],
} satisfies Record<NavDrawerEvent['type'], Name[]>;
const NAMES = Object.values(TRIED).flat() as Name[];

/** Open after the event, judged from the rule rather than the machine: only `open` opens, anything else closes. */
const expectedOpen = (name: Name) => name === 'open';

describe('navigation drawer model', () => {
  const paths = getShortestPaths(navDrawerMachine, { events: Object.values(EVENTS) });

  it('reaches both states', () => {
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(new Set(['"closed"', '"open"']));
  });

  for (const path of paths) {
    const label = path.steps.map((s) => s.event.type).join(' → ') || '(start)';
    for (const name of NAMES) {
      it(`${label}, then ${EVENTS[name].type}`, () => {
        const actor = createActor(navDrawerMachine).start();
        for (const step of path.steps) {
          const event = step.event as { type: string };
          if (event.type !== 'xstate.init') actor.send(event as NavDrawerEvent);
        }
        expect(selectDrawerOpen(actor.getSnapshot())).toBe(path.state.matches('open'));
        actor.send(EVENTS[name]);
        expect(selectDrawerOpen(actor.getSnapshot())).toBe(expectedOpen(name));
        actor.stop();
      });
    }
  }

  it('starts closed', () => {
    const actor = createActor(navDrawerMachine).start();
    expect(selectDrawerOpen(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
