import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { NavTotals, NavTotalsInput } from '../../src/api/services/lists';
import { screenScope, type CountScope } from '../../src/domain/nav-scope';
import { defaultListFilters } from '../../src/domain/list-filters';
import { navCountsMachine, type NavCountsEvent } from '../../src/machines/nav-counts/nav-counts.machine';

/**
 * Model-based: which scope the navigation totals count, over every order in which two list
 * screens (A, B) open, change their filters, move rows and close. The paths come from the
 * production machine (xstate/graph); each is replayed on a real actor, whose last count must be
 * the scope of the list on screen, or the default month when none is.
 */
const NOW = Date.parse('2026-10-15T00:00:00Z');
const TZ = 'Asia/Phnom_Penh';
const month = defaultListFilters(TZ, NOW);
/** A: "olivia" searched in October; B: the MPG channel of October (a Statistics click-through). */
const A: CountScope = screenScope('orders', { ...month, search: 'olivia' }, TZ, NOW);
const B: CountScope = screenScope('orders', { ...month, ota: 'MPG' }, TZ, NOW);

const EVENTS: Record<string, NavCountsEvent> = {
  showA: { type: 'counts.refresh', scope: A, owner: 'A' },
  showB: { type: 'counts.refresh', scope: B, owner: 'B' },
  moved: { type: 'counts.refresh' },
  closeA: { type: 'counts.release', owner: 'A' },
  closeB: { type: 'counts.release', owner: 'B' },
};
const nameOf = (event: { type: string }) =>
  Object.entries(EVENTS).find(([, e]) => e === event)?.[0] ?? event.type.replace('xstate.', '');

const inert = createMachine({});
const quiet = fromCallback(() => () => undefined);
const model = navCountsMachine.provide({
  actors: { inboxCount: inert as never, liveFeed: quiet as never },
});
const paths = getShortestPaths(model, {
  input: { teamId: 'kh', timezone: TZ },
  events: Object.values(EVENTS),
  serializeState: (s) => {
    const c = (s as unknown as { context: { owner: string | null; scope: CountScope | null } }).context;
    return JSON.stringify({ owner: c.owner, scoped: c.scope !== null });
  },
});

describe('navigation totals scope, generated from the machine', () => {
  it('reaches the default month and each list as the owner of the scope', () => {
    const owners = new Set(paths.map((p) => (p.state.context as { owner: string | null }).owner));
    expect(owners).toEqual(new Set([null, 'A', 'B']));
  });

  /** The screen on top after a path: the last one shown that has not closed since. */
  const onScreen = (names: readonly string[]): CountScope | null => {
    let top: 'A' | 'B' | null = null;
    for (const name of names) {
      if (name === 'showA' || name === 'showB') top = name === 'showA' ? 'A' : 'B';
      if ((name === 'closeA' && top === 'A') || (name === 'closeB' && top === 'B')) top = null;
    }
    return top === 'A' ? A : top === 'B' ? B : null;
  };

  const cases = paths.flatMap((p) => {
    const prefix = p.steps.slice(1).map((s) => nameOf(s.event));
    // from each state, every next event too: a late close, a move, another list
    return Object.keys(EVENTS).map((next) => [[...prefix, next].join(' > '), [...prefix, next]] as const);
  });

  it.each(cases)('%s: counts the list on screen, else the default month', async (_, names) => {
    const counted: Array<CountScope | null> = [];
    const actor = createActor(
      model.provide({
        actors: {
          loadTotals: fromPromise<NavTotals, NavTotalsInput>(async ({ input }) => {
            counted.push(input.scope);
            return { orders: { all: counted.length }, tours: {} };
          }),
        },
      }),
      { input: { teamId: 'kh', timezone: TZ } },
    ).start();
    for (const name of names) actor.send(EVENTS[name]);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.scope).toBe(onScreen(names));
    expect(counted.at(-1)).toBe(onScreen(names));
    actor.stop();
  });
});
