import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyStateNode } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import {
  dateRangeMachine,
  type DateRangeEvent,
  type DateRangeInput,
} from '../../src/machines/date-range/date-range.machine';
import { selectRangeLabel } from '../../src/machines/date-range/selectors';
import { underParent } from './shared-fakes';
import { graphUnderParent } from './graph-under-parent';

/**
 * Model-based: every state and every transition of the production machine, found by
 * xstate/graph, replayed on a real actor under a stand-in screen (what it reports is checked).
 * Events are listed per type so that a new event fails to compile until it is covered here.
 */
const input = { start: '2026-11-01', end: '2026-11-30', today: '2026-11-15' };
const LATER = '2026-11-20';
const EARLIER = '2026-11-03';

const EVENTS = {
  'range.open': [{ type: 'range.open' }],
  'range.cancel': [{ type: 'range.cancel' }],
  'range.prevMonth': [{ type: 'range.prevMonth' }],
  'range.nextMonth': [{ type: 'range.nextMonth' }],
  'range.pick': [
    { type: 'range.pick', date: LATER },
    { type: 'range.pick', date: EARLIER },
  ],
  'range.clear': [{ type: 'range.clear' }],
  'range.apply': [{ type: 'range.apply' }],
  'range.sync': [
    { type: 'range.sync', start: '2026-10-01', end: '2026-10-31' },
    { type: 'range.sync', start: null, end: null },
  ],
} satisfies { [K in DateRangeEvent['type']]: Extract<DateRangeEvent, { type: K }>[] };
const events: DateRangeEvent[] = Object.values(EVENTS).flat();

type Snap = ReturnType<typeof dateRangeMachine.getInitialSnapshot>;
// The visible month is left out of the key: paging months has no end, and it changes nothing else.
const key = (s: Snap) => {
  const { start, end, draftStart, draftEnd } = s.context;
  return JSON.stringify({ value: s.value, start, end, draftStart, draftEnd });
};
const options = { events, input, serializeState: (s: Snap) => key(s) };
const walked = graphUnderParent(dateRangeMachine);
const paths = getShortestPaths(walked, options);
const pathTo = new Map(paths.map((p) => [key(p.state), p.steps.map((s) => s.event)]));
// getAdjacencyMap's types do not take the machine as it is; the logic is the production machine.
const logic = walked as unknown as ActorLogic<Snap, DateRangeEvent, DateRangeInput>;
const transitions = adjacencyMapToArray(getAdjacencyMap(logic, options)).filter(({ state, event }) => state.can(event));

const leafPath = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${leafPath(v)}`)[0];

function leaves(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states) as AnyStateNode[];
  return children.length === 0 ? [node] : children.flatMap(leaves);
}
/** Every (leaf state, event type) the machine definition handles, ancestors' handlers included. */
const handled = leaves(dateRangeMachine.root).flatMap((leaf) => {
  const types = new Set<string>();
  for (let n: AnyStateNode | undefined = leaf; n; n = n.parent)
    Object.keys(n.config.on ?? {}).forEach((t) => types.add(t));
  return [...types].map((type) => `${leaf.path.join('.')} ${type}`);
});

/** The picker under a stand-in screen: `applied` is what it reported, in order. */
function replay(steps: DateRangeEvent[]) {
  const { child: actor, reports, stop } = underParent(dateRangeMachine, input);
  for (const event of steps) if (event.type !== ('xstate.init' as string)) actor.send(event);
  return { actor, applied: reports, stop };
}

describe('date range model', () => {
  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => leafPath(p.state.value)));
    expect([...reached].sort()).toEqual(
      leaves(dateRangeMachine.root)
        .map((n) => n.path.join('.'))
        .sort(),
    );
  });

  it('takes every transition of the definition', () => {
    const taken = new Set(transitions.map(({ state, event }) => `${leafPath(state.value)} ${event.type}`));
    expect([...taken].sort()).toEqual([...new Set(handled)].sort());
  });

  describe.each(transitions.map((t) => [`${key(t.state)} --${JSON.stringify(t.event)}`, t] as const))('%s', (_, t) => {
    it('replays on a real actor', () => {
      const { actor, applied, stop } = replay([...pathTo.get(key(t.state))!, t.event]);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(t.nextState.value);
      expect(snapshot.context).toEqual(t.nextState.context);
      // Only apply tells the screen; it tells the range now shown.
      if (t.event.type === 'range.apply') {
        expect(applied.slice(-1)).toEqual([
          { type: 'range.applied', start: snapshot.context.start, end: snapshot.context.end },
        ]);
      }
      expect(applied.length).toBe(
        [...pathTo.get(key(t.state))!, t.event].filter((e) => e.type === 'range.apply').length,
      );
      stop();
    });
  });
});

describe('date range behaviour', () => {
  const run = (...steps: DateRangeEvent[]) => replay(steps);

  it('picks start then end, swapping an earlier end, and applies', () => {
    const { actor, applied } = run({ type: 'range.open' }, { type: 'range.clear' }, ...EVENTS['range.pick'], {
      type: 'range.apply',
    });
    expect(actor.getSnapshot().context).toMatchObject({ start: EARLIER, end: LATER });
    expect(applied).toEqual([{ type: 'range.applied', start: EARLIER, end: LATER }]);
    expect(selectRangeLabel(actor.getSnapshot())).toBe('Nov 3 – Nov 20, 2026');
  });

  it('applying one pick is that day alone; applying nothing is "Pick a date"', () => {
    const one = run({ type: 'range.open' }, { type: 'range.clear' }, EVENTS['range.pick'][0], { type: 'range.apply' });
    expect(one.applied).toEqual([{ type: 'range.applied', start: LATER, end: LATER }]);
    const none = run({ type: 'range.open' }, { type: 'range.clear' }, { type: 'range.apply' });
    expect(none.applied).toEqual([{ type: 'range.applied', start: null, end: null }]);
    expect(selectRangeLabel(none.actor.getSnapshot())).toBe('Pick a date');
  });

  it('cancel keeps the applied range and drops the draft', () => {
    const { actor, applied } = run({ type: 'range.open' }, EVENTS['range.pick'][0], { type: 'range.cancel' });
    expect(actor.getSnapshot().context).toMatchObject({ start: input.start, end: input.end });
    expect(applied).toEqual([]);
  });

  it('follows the screen (range.sync) without reporting it back, open or closed', () => {
    const { actor, applied } = run({ type: 'range.sync', start: '2026-10-01', end: '2026-10-31' });
    expect(selectRangeLabel(actor.getSnapshot())).toBe('Oct 1 – Oct 31, 2026');
    actor.send({ type: 'range.open' });
    actor.send({ type: 'range.sync', start: null, end: '2026-10-31' });
    expect(actor.getSnapshot().context).toMatchObject({ start: null, end: null });
    actor.send({ type: 'range.cancel' });
    expect(selectRangeLabel(actor.getSnapshot())).toBe('Pick a date');
    expect(applied).toEqual([]);
  });

  it('opens on the month of the range, or of today without one, and pages months', () => {
    const { actor } = run({ type: 'range.sync', start: null, end: null }, { type: 'range.open' });
    expect(actor.getSnapshot().context.visibleMonth).toBe('2026-11');
    actor.send({ type: 'range.sync', start: '2027-01-05', end: '2027-01-09' });
    actor.send({ type: 'range.cancel' });
    actor.send({ type: 'range.open' });
    expect(actor.getSnapshot().context.visibleMonth).toBe('2027-01');
    actor.send({ type: 'range.prevMonth' });
    actor.send({ type: 'range.prevMonth' });
    expect(actor.getSnapshot().context.visibleMonth).toBe('2026-11');
    actor.send({ type: 'range.nextMonth' });
    expect(actor.getSnapshot().context.visibleMonth).toBe('2026-12');
  });
});
