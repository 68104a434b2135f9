import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyStateNode } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap } from 'xstate/graph';
import type { CountsInput, ListCounts, PageInput } from '../../src/api/services/lists';
import type { Page } from '../../src/api/services/policy';
import { groupByDate } from '../../src/domain/date-groups';
import { COUNTS_SETTLE_MS, listMachine, type ListEvent } from '../../src/machines/list/list.machine';
import type { ListItem, ListReport, ListRow } from '../../src/machines/list/types';
import { counts, dayCount, FILTERS, INPUT, order, page, startList } from './list-fakes';
import { graphUnderParent } from './graph-under-parent';

/**
 * Model-based: the paths come from the production list machine itself (xstate/graph), with the
 * invoked services' results as synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 * events and the scroll throttle's and the counts' settle timers as their `xstate.after` events. Each path is replayed on a
 * real actor under a stand-in screen, its services resolving step by step and its clock faked;
 * after every step the screen must have been told the rows the list holds.
 */
type Synthetic =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };
type ModelEvent = ListEvent | Synthetic;

const done = (id: string, output: unknown): Synthetic => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): Synthetic => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) });
const THROTTLE_OVER: Synthetic = { type: 'xstate.after.scrollThrottle.list.scroll.cooling' };
const COUNTS_SETTLED: Synthetic = { type: 'xstate.after.countsSettle.list.counts.settling' };

const DAY1 = '2026-03-10T09:00:00.000Z';
const DAY2 = '2026-03-11T09:00:00.000Z';
const EVENTS: ModelEvent[] = [
  done('loadFirstPage', page([order('a', DAY1), order('b', DAY2)], 'c1')),
  done('loadFirstPage', page([])),
  failed('loadFirstPage'),
  // page 2 repeats row b: it must not show twice
  done('loadNextPage', page([order('b', DAY2), order('c', DAY2)], 'c2')),
  done('loadNextPage', page([order('d', '2026-03-12T09:00:00.000Z')])),
  failed('loadNextPage'),
  done('loadCounts', counts([dayCount('2026-03-10', 9)], 12)),
  failed('loadCounts'),
  { type: 'list.scrolled', offset: 900, viewportHeight: 100, contentHeight: 1000 },
  { type: 'list.scrolled', offset: 0, viewportHeight: 100, contentHeight: 1000 },
  THROTTLE_OVER,
  COUNTS_SETTLED,
  { type: 'list.loadMore' },
  { type: 'list.retry' },
  { type: 'list.filters', filters: { ...FILTERS, ota: 'KLOOK' } },
  { type: 'list.refresh' },
  // a leaves the 'new-added' view
  { type: 'list.patch', rows: [{ id: 'a', statusV2: 'pending' }] },
  // c now departs first: it moves to the top, under a day of its own
  { type: 'list.patch', rows: [{ id: 'c', departureAt: '2026-03-09T09:00:00.000Z' }] },
  { type: 'list.remove', ids: ['c'] },
];

type Snap = ReturnType<typeof listMachine.getInitialSnapshot>;
/** Rows as the screen shows them: `#day(count/loaded)` for a header, the id for an item. */
const shown = (rows: readonly ListRow[]) => rows.map((r) => (r.header ? `#${r.date}(${r.count}/${r.loaded})` : r.id));
const view = (s: Snap) => ({
  value: s.value,
  ids: s.context.items.map((i) => i.id),
  rows: shown(s.context.groups.rows),
  hasMore: s.context.hasMore,
  error: s.context.error,
  days: s.context.dailyCounts.length,
  total: s.context.total,
  pending: s.context.scrollPending,
});
const key = (s: Snap) => JSON.stringify(view(s));
const options = { input: INPUT, events: EVENTS as ListEvent[], serializeState: (s: Snap) => key(s) };

const walked = graphUnderParent(listMachine);
const paths = getShortestPaths(walked, options);

function leaves(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states) as AnyStateNode[];
  return children.length === 0 ? [node] : children.flatMap(leaves);
}
const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes),
];
/** `['paging', 'idle']` -> `{ paging: 'idle' }`, for `snapshot.matches`. */
const matcher = (path: string[]): unknown => (path.length === 1 ? path[0] : { [path[0]]: matcher(path.slice(1)) });
const isIn = (s: Snap, node: AnyStateNode) => node.path.length === 0 || s.matches(matcher(node.path) as never);

/** Controllable services: each invocation waits until the test resolves it; the clock is fake. */
function replayHarness() {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const deferred = <T, I>() =>
    fromPromise<T, I>(
      ({ self }) =>
        new Promise<T>((resolve, reject) => pending.set(self.id, { resolve: resolve as (v: unknown) => void, reject })),
    );
  const logic = listMachine.provide({
    actors: {
      loadPage: deferred<Page<ListItem>, PageInput>(),
      loadCounts: deferred<ListCounts, CountsInput>(),
    },
  });
  const { list, lastChange, toasts, stop } = startList(logic);

  async function play(event: ModelEvent) {
    if (event.type === THROTTLE_OVER.type) {
      await vi.advanceTimersByTimeAsync(300);
      return;
    }
    if (event.type === COUNTS_SETTLED.type) {
      await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS);
      return;
    }
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) {
      list.send(event as ListEvent);
    } else {
      const waiting = pending.get(match[2]);
      // a service that is not running: the event is a no-op in the model too
      if (waiting) {
        pending.delete(match[2]);
        if (match[1] === 'done') waiting.resolve((event as { output: unknown }).output);
        else waiting.reject((event as { error: unknown }).error);
      }
    }
    await vi.advanceTimersByTimeAsync(0);
  }
  return { list, play, lastChange, toasts: () => toasts.map((t) => t.message), stop };
}

/** What the screen holds: the last rows it was told (nothing before the first report). */
const told = (report: ListReport | undefined) => ({
  ids: (report?.items ?? []).map((i) => i.id),
  rows: shown(report?.rows ?? []),
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('list model', () => {
  it('reaches every state of the machine', () => {
    const reached = new Set<string>();
    for (const p of paths) for (const leaf of leaves(listMachine.root)) if (isIn(p.state, leaf)) reached.add(leaf.id);
    expect([...reached].sort()).toEqual(
      leaves(listMachine.root)
        .map((n) => n.id)
        .sort(),
    );
  });

  it('takes every transition of the machine (events, invoke results, the throttle and settle timers)', () => {
    // (the emitted `notify` type trips the generic inference; the logic is the production machine)
    const adjacency = getAdjacencyMap(walked as never, options) as AdjacencyMap<Snap, ListEvent>;
    const edges = Object.values(adjacency).flatMap((from) =>
      (Object.values(from.transitions) as Array<{ event: ListEvent; state: Snap }>).map((t) => ({
        from: from.state,
        event: t.event,
        to: t.state,
      })),
    );
    const declared = allNodes(listMachine.root).flatMap((node) =>
      [...node.transitions.keys()].map((type) => ({ node, type })),
    );
    const untaken = declared
      .filter(
        ({ node, type }) =>
          !edges.some((e) => e.event.type === type && isIn(e.from, node) && key(e.from) !== key(e.to)),
      )
      .map(({ node, type }) => `${node.id}: ${type}`);
    expect(untaken).toEqual([]);
  });

  it('never shows a row twice and keeps the server order (departure, then id)', () => {
    const order = (i: ListItem) => `${i.departureAt}|${i.id}`;
    for (const p of paths) {
      const ids = p.state.context.items.map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(p.state.context.items.map(order)).toEqual(p.state.context.items.map(order).sort());
    }
  });

  it('keeps its rows grouped as a fresh grouping of its items would be, however it got there', () => {
    for (const p of paths) {
      const { items, timezone, filters, dailyCounts, groups } = p.state.context;
      expect(shown(groups.rows)).toEqual(shown(groupByDate(items, { timezone, sort: filters.sort, dailyCounts }).rows));
    }
    // among them: a row moved to a day of its own, and headers with the server's count
    const shownRows = paths.map((p) => shown(p.state.context.groups.rows).join(' '));
    expect(shownRows.some((r) => r.startsWith('#2026-03-09(1/1) c #2026-03-10'))).toBe(true);
    expect(shownRows.some((r) => r.includes('#2026-03-10(9/1) a #2026-03-11(2/2) b c'))).toBe(true);
  });

  const describePath = (p: (typeof paths)[number]) =>
    `${p.steps
      .slice(1)
      .map((s) => s.event.type.replace('xstate.', '').replace('.list.scroll.cooling', ''))
      .join(' → ')} ⇒ ${key(p.state)}`;

  describe.each(paths.map((p) => [describePath(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor, state by state, the screen told every change', async () => {
      const { list, play, lastChange, toasts, stop } = replayHarness();
      await vi.advanceTimersByTimeAsync(0);
      for (const step of path.steps) {
        if ((step.event as ModelEvent).type === ('xstate.init' as string)) continue;
        await play(step.event as ModelEvent);
        const now = list.getSnapshot();
        expect(view(now), step.event.type).toEqual(view(step.state));
        expect(told(lastChange()), step.event.type).toEqual({ ids: view(now).ids, rows: view(now).rows });
      }
      const countFailures = path.steps.filter(
        (s) => (s.event as ModelEvent).type === 'xstate.error.actor.loadCounts',
      ).length;
      expect(toasts().filter((t) => t === 'Failed to fetch order counts')).toHaveLength(countFailures);
      stop();
    });
  });
});
