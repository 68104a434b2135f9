import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type ActorLogic, type AnyEventObject, type AnyStateNode } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { ordersLink } from '../../src/domain/statistics-links';
import {
  parseStatisticsQuery,
  sameQuery,
  statisticsSearch,
  type StatisticsQuery,
} from '../../src/domain/statistics-period';
import { STATISTICS_FAILED, statisticsMachine } from '../../src/machines/statistics/statistics.machine';
import type { StatisticsEvent, StatisticsInput } from '../../src/machines/statistics/types';
import { answerFor, deferredLoad, settle, type LoadCall } from './statistics-fakes';

/**
 * Model-based: paths over the production statistics machine found by xstate/graph, over the
 * person's gestures, the router's reports (`url.changed`: the echo of a navigation the screen asked
 * for, or a URL it did not ask for) and the load's outcomes. Every transition is replayed on a real
 * actor whose load service waits for the path to answer it; after each step, what the screen asked
 * the router and the server for, and what it toasted, must be what the rules say:
 *
 *   a period change asked for here   -> one navigation to its URL, one load of it
 *   the echo of that navigation      -> nothing
 *   another URL with another period  -> one load of it, no navigation
 *   a click on a figure (ready)      -> one navigation to the orders behind it
 *   a failed load                    -> the catalogue's toast; Retry loads the same period again
 *
 * Months are kept to October-December and one navigation in flight so the graph stays small; two
 * quick changes and the newest answer winning are in statistics.machine.test.ts.
 */
const TZ = 'Asia/Ho_Chi_Minh';
const input: StatisticsInput = { teamId: 'team-vn', timezone: TZ, search: '', now: Date.parse('2026-11-25T05:00:00Z') };
const DEFAULT = '2026-11';
const FIRST = '2026-10';
const LAST = '2026-12';

type Snap = ReturnType<typeof statisticsMachine.getInitialSnapshot>;

const GESTURES = {
  'period.previous': [{ type: 'period.previous' }],
  'period.next': [{ type: 'period.next' }],
  'period.month': [
    { type: 'period.month', month: LAST },
    { type: 'period.month', month: '2026-13' },
  ],
  'period.basis': [
    { type: 'period.basis', basis: 'booking' },
    { type: 'period.basis', basis: 'departure' },
  ],
  'stats.retry': [{ type: 'stats.retry' }],
  'chart.mode': [
    { type: 'chart.mode', chart: 'daily', mode: 'table' },
    { type: 'chart.mode', chart: 'daily', mode: 'chart' },
  ],
  'orders.open': [
    { type: 'orders.open', ota: 'KLOOK', day: `${DEFAULT}-02` },
    { type: 'orders.open', ota: 'VIATOR', day: null },
  ],
  'url.changed': [
    // a link or the back button: another period, the default one, one with a value to drop
    { type: 'url.changed', search: `?month=${FIRST}` },
    { type: 'url.changed', search: '' },
    { type: 'url.changed', search: '?month=last-month' },
  ],
  // someone changed orders (or tours, which the figures ignore): the figures come again once it settles
  'live.change': [
    {
      type: 'live.change',
      change: { topic: 'orders', op: 'update', ids: ['o1'], at: '2026-11-25T05:00:00Z', by: null },
    },
    {
      type: 'live.change',
      change: { topic: 'tours', op: 'update', ids: ['t1'], at: '2026-11-25T05:00:00Z', by: null },
    },
  ],
  'live.reset': [{ type: 'live.reset' }],
  'stats.live': [{ type: 'stats.live' }],
} satisfies { [K in StatisticsEvent['type']]: Extract<StatisticsEvent, { type: K }>[] };

const LOAD_DONE = 'xstate.done.actor.load';
const LOAD_FAILED = 'xstate.error.actor.load';
const REFRESH_DONE = 'xstate.done.actor.refresh';
const REFRESH_FAILED = 'xstate.error.actor.refresh';

/**
 * What can happen next: gestures within the months kept, the router's echo, the load's outcomes.
 * A chart's table view is independent of the period (it only flips its mode): left out here to
 * keep the graph half the size, it is tested in statistics.machine.test.ts.
 */
function events(s: Snap): StatisticsEvent[] {
  const { query, pending } = s.context;
  const out: StatisticsEvent[] = [...GESTURES['url.changed'], ...GESTURES['orders.open']];
  out.push(...GESTURES['stats.retry'], ...GESTURES['live.change'], ...GESTURES['live.reset']);
  // the settled window (the machine's own delayed event), fed directly
  if (s.matches('ready') || s.matches('refreshing')) out.push(...GESTURES['stats.live']);
  if (s.matches('refreshing')) {
    const outcomes = [
      { type: REFRESH_DONE, output: answerFor({ teamId: input.teamId, ...query }) },
      { type: REFRESH_FAILED, error: new Error('getOrderStatistics failed') },
    ];
    out.push(...(outcomes as unknown as StatisticsEvent[]));
  }
  if (pending.length > 0) out.push({ type: 'url.changed', search: pending[0] });
  else {
    if (query.month > FIRST) out.push(...GESTURES['period.previous']);
    if (query.month < LAST) out.push(...GESTURES['period.next']);
    out.push(...GESTURES['period.month'], ...GESTURES['period.basis']);
  }
  if (s.hasTag('loading')) {
    // the load's outcomes, as the graph feeds them to the machine
    const outcomes = [
      { type: LOAD_DONE, output: answerFor({ teamId: input.teamId, ...query }) },
      { type: LOAD_FAILED, error: new Error('getOrderStatistics failed') },
    ];
    out.push(...(outcomes as unknown as StatisticsEvent[]));
  }
  return out;
}

const key = (s: Snap) => {
  const { query, pending, current, notices, error } = s.context;
  return JSON.stringify({
    value: s.value,
    query,
    pending,
    shown: current && { month: current.month, basis: current.basis },
    notices: notices.length,
    error,
  });
};

// walked with a load that never runs: the graph executes no action and starts no actor
const walked = statisticsMachine.provide({ actors: { load: deferredLoad().logic } });
const options = { events, input, serializeState: (s: Snap) => key(s) };
const paths = getShortestPaths(walked, options);
const pathTo = new Map(paths.map((p) => [key(p.state), p.steps.map((s) => s.event as AnyEventObject)]));
const logic = walked as unknown as ActorLogic<Snap, StatisticsEvent, StatisticsInput>;
// every transition, those that keep the state too: a click on a figure only navigates
const transitions = adjacencyMapToArray(getAdjacencyMap(logic, options));

const leaves = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states).length === 0 ? [node] : (Object.values(node.states) as AnyStateNode[]).flatMap(leaves);

/** A real screen whose load waits for the path, with a recorded navigation and recorded toasts. */
function harness() {
  const load = deferredLoad();
  const navigations: string[] = [];
  const toasts: string[] = [];
  const answered = new Set<LoadCall>();
  const actor = createActor(
    statisticsMachine.provide({
      actors: { load: load.logic },
      actions: { navigate: (_, params) => void navigations.push(params.to) },
    }),
    { input },
  );
  actor.on('notify', (e) => toasts.push(e.message));
  actor.start();

  async function step(event: AnyEventObject) {
    if (event.type === 'xstate.init') return;
    if ([LOAD_DONE, LOAD_FAILED, REFRESH_DONE, REFRESH_FAILED].includes(event.type)) {
      const call = load.calls.at(-1)!;
      answered.add(call);
      if (event.type === LOAD_DONE || event.type === REFRESH_DONE) call.resolve(answerFor(call.input));
      else call.reject(new Error('getOrderStatistics failed'));
      return settle();
    }
    actor.send(event as StatisticsEvent);
  }
  /** Loads started before the latest and never answered: the screen must have cancelled them. */
  const abandoned = () => load.calls.slice(0, -1).filter((c) => !answered.has(c));
  return { actor, calls: load.calls, navigations, toasts, step, abandoned };
}

/** The rules of the screen, written out: what one step makes it ask for (see the top of the file). */
function expected(before: Snap, event: AnyEventObject) {
  const { query, pending, defaultMonth } = before.context;
  const ask = (next: StatisticsQuery) => ({
    navigations: [`/statistics${statisticsSearch(next, defaultMonth)}`],
    loads: [next],
    toasts: [] as string[],
  });
  const none = { navigations: [] as string[], loads: [] as StatisticsQuery[], toasts: [] as string[] };
  const month = (delta: number) => `2026-${String(Number(query.month.slice(5)) + delta).padStart(2, '0')}`;
  switch (event.type) {
    case 'period.previous':
      return ask({ ...query, month: month(-1) });
    case 'period.next':
      return ask({ ...query, month: month(1) });
    case 'period.month':
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(event.month) && event.month !== query.month
        ? ask({ ...query, month: event.month })
        : none;
    case 'period.basis':
      return event.basis !== query.basis ? ask({ ...query, basis: event.basis }) : none;
    case 'url.changed': {
      if (pending.includes(event.search)) return none;
      const next = parseStatisticsQuery(event.search, defaultMonth).query;
      return sameQuery(next, query) ? none : { ...none, loads: [next] };
    }
    case 'stats.retry':
      return before.matches('failure') ? { ...none, loads: [query] } : none;
    case 'stats.live':
      // a quiet refresh of the period shown (again when one is under way)
      return before.matches('ready') || before.matches('refreshing') ? { ...none, loads: [query] } : none;
    case 'orders.open': {
      const shown = before.context.current;
      if (!(before.matches('ready') || before.matches('refreshing')) || !shown) return none;
      const day = event.day ?? null;
      const link = ordersLink({
        startDate: day ?? shown.startDate,
        endDate: day ?? shown.endDate,
        basis: shown.basis,
        ota: event.ota,
      });
      return { ...none, navigations: [link] };
    }
    case LOAD_FAILED:
      return { ...none, toasts: [STATISTICS_FAILED] };
    default:
      return none;
  }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('statistics screen model', () => {
  it('reaches every state, every month kept and both bases, shown and failed', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(leaves(statisticsMachine.root).map((n) => n.path.join('.'))),
    );
    const shown = new Set(
      paths.map((p) =>
        JSON.stringify(p.state.context.current && [p.state.context.current.month, p.state.context.current.basis]),
      ),
    );
    for (const month of [FIRST, DEFAULT, LAST])
      for (const basis of ['departure', 'booking']) expect(shown).toContain(JSON.stringify([month, basis]));
  });

  it('takes every transition of the definition, each outcome of a load included', () => {
    const taken = new Set(transitions.map(({ state, event }) => `${String(state.value)} ${event.type}`));
    for (const leaf of leaves(statisticsMachine.root)) {
      const path = leaf.path.join('.');
      for (const type of Object.keys(leaf.config.on ?? {}))
        expect(taken, `${path} ${type}`).toContain(`${path} ${type}`);
      for (const type of Object.keys(statisticsMachine.root.config.on ?? {}))
        if (type !== 'chart.mode') expect(taken, `${path} ${type}`).toContain(`${path} ${type}`);
    }
    expect(taken).toContain(`loading ${LOAD_DONE}`);
    expect(taken).toContain(`loading ${LOAD_FAILED}`);
  });

  it(`replays all ${transitions.length} transitions on a real actor, each step as the rules say`, async () => {
    for (const t of transitions) {
      const steps = [...pathTo.get(key(t.state))!, t.event as AnyEventObject];
      const h = harness();
      const label = steps
        .map((e) => e.type.replace('xstate.', '') + ('search' in e ? `(${e.search})` : ''))
        .join(' → ');
      expect(
        h.calls.map((c) => c.input),
        label,
      ).toEqual([{ teamId: 'team-vn', month: DEFAULT, basis: 'departure' }]);
      for (const event of steps.slice(1)) {
        const before = h.actor.getSnapshot();
        const marks = { calls: h.calls.length, navigations: h.navigations.length, toasts: h.toasts.length };
        await h.step(event);
        const want = expected(before, event);
        expect(h.navigations.slice(marks.navigations), `${label}: navigations`).toEqual(want.navigations);
        expect(
          h.calls.slice(marks.calls).map((c) => c.input),
          `${label}: loads`,
        ).toEqual(want.loads.map((q) => ({ teamId: 'team-vn', ...q })));
        expect(h.toasts.slice(marks.toasts), `${label}: toasts`).toEqual(want.toasts);
        // a load that is no longer wanted is cancelled: its request is aborted
        expect(
          h.abandoned().every((c) => c.signal.aborted),
          `${label}: superseded loads`,
        ).toBe(true);
      }
      expect(key(h.actor.getSnapshot()), label).toBe(key(t.nextState));
      h.actor.stop();
    }
  });
});
