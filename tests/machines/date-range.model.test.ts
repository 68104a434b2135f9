import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyStateNode } from 'xstate';
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import {
  dateRangeMachine,
  type DateRangeEvent,
  type DateRangeInput,
} from '../../src/machines/date-range/date-range.machine';
import {
  selectCanClear,
  selectIsDisabled,
  selectMarkedDays,
  selectRangeLabel,
} from '../../src/machines/date-range/selectors';
import { underParent } from './shared-fakes';
import { graphUnderParent } from './graph-under-parent';

/**
 * Model-based: every state and every transition of the production machine, found by
 * xstate/graph, replayed on a real actor under a stand-in screen (what it reports is checked).
 * Events are listed per type so that a new event fails to compile until it is covered here.
 */
const input: DateRangeInput = { start: '2026-11-01', end: '2026-11-30', timezone: 'Asia/Ho_Chi_Minh' };
const LATER = '2026-11-20';
const EARLIER = '2026-11-03';

const EVENTS = {
  'range.open': [{ type: 'range.open' }],
  'range.close': [{ type: 'range.close' }],
  // what the calendar reports: the first day alone, then both ends (in its order, earliest first)
  'range.pick': [
    { type: 'range.pick', days: [LATER] },
    { type: 'range.pick', days: [EARLIER, LATER] },
  ],
  'range.clear': [{ type: 'range.clear' }],
  'range.sync': [
    { type: 'range.sync', start: '2026-10-01', end: '2026-10-31', setAside: null },
    { type: 'range.sync', start: null, end: null, setAside: null },
    { type: 'range.sync', start: '2026-10-01', end: '2026-10-31', setAside: 'search' },
  ],
} satisfies { [K in DateRangeEvent['type']]: Extract<DateRangeEvent, { type: K }>[] };
const events: DateRangeEvent[] = Object.values(EVENTS).flat();

type Snap = ReturnType<typeof dateRangeMachine.getInitialSnapshot>;
const key = (s: Snap) => {
  const { start, end, draftStart, setAside } = s.context;
  return JSON.stringify({ value: s.value, start, end, draftStart, setAside });
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

/** Taken, these tell the screen a range: a completed pick, and clearing. */
const reports = (event: DateRangeEvent) =>
  (event.type === 'range.pick' && event.days.length === 2) || event.type === 'range.clear';

/** The picker under a stand-in screen: `applied` is what it reported, in order. */
function replay(steps: DateRangeEvent[], from: DateRangeInput = input) {
  const { child: actor, reports, stop } = underParent(dateRangeMachine, from);
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
      const steps = [...pathTo.get(key(t.state))!, t.event];
      const { actor, applied, stop } = replay(steps);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(t.nextState.value);
      expect(snapshot.context).toEqual(t.nextState.context);
      // a completed range or a clear tells the screen the range now shown; nothing else does
      if (reports(t.event)) {
        expect(applied.slice(-1)).toEqual([
          { type: 'range.applied', start: snapshot.context.start, end: snapshot.context.end },
        ]);
        expect(snapshot.matches('closed')).toBe(true);
      }
      expect(applied.length).toBe(steps.filter(reports).length);
      stop();
    });
  });
});

describe('date range behaviour', () => {
  const run = (...steps: DateRangeEvent[]) => replay(steps);
  const [oneDay, bothEnds] = EVENTS['range.pick'];

  it('the second pick completes the range: it applies at once, closes and tells the screen', () => {
    const { actor, applied } = run({ type: 'range.open' }, oneDay);
    expect(actor.getSnapshot().matches({ open: 'choosingEnd' })).toBe(true);
    // while choosing, the calendar marks the first day alone
    expect(selectMarkedDays(actor.getSnapshot())).toBe(LATER);
    expect(applied).toEqual([]);
    actor.send(bothEnds);
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(applied).toEqual([{ type: 'range.applied', start: EARLIER, end: LATER }]);
    expect(selectRangeLabel(actor.getSnapshot())).toBe('Tue, 3 Nov 2026 – Fri, 20 Nov 2026');
    expect(selectMarkedDays(actor.getSnapshot())).toBe(`${EARLIER},${LATER}`);
  });

  it('puts reversed ends in order, and one day picked twice is that day alone', () => {
    const reversed = run({ type: 'range.open' }, { type: 'range.pick', days: [LATER, EARLIER] });
    expect(reversed.applied).toEqual([{ type: 'range.applied', start: EARLIER, end: LATER }]);
    const single = run({ type: 'range.open' }, { type: 'range.pick', days: [LATER, LATER] });
    expect(selectRangeLabel(single.actor.getSnapshot())).toBe('Fri, 20 Nov 2026');
  });

  it('closing halfway (Escape, outside, the button) keeps the applied range; the next opening starts over', () => {
    const { actor, applied } = run({ type: 'range.open' }, oneDay, { type: 'range.close' });
    expect(actor.getSnapshot().context).toMatchObject({ start: input.start, end: input.end, draftStart: null });
    expect(applied).toEqual([]);
    actor.send({ type: 'range.open' });
    expect(actor.getSnapshot().matches({ open: 'choosingStart' })).toBe(true);
    expect(selectMarkedDays(actor.getSnapshot())).toBe(`${input.start},${input.end}`);
  });

  it('a pick the calendar reports without a day changes nothing', () => {
    const { actor, applied } = run({ type: 'range.open' }, { type: 'range.pick', days: [] });
    expect(actor.getSnapshot().matches({ open: 'choosingStart' })).toBe(true);
    expect(applied).toEqual([]);
  });

  it('"Clear dates" applies no range ("Pick a date"); with none applied there is nothing to clear', () => {
    const { actor, applied } = run({ type: 'range.open' }, oneDay, { type: 'range.clear' });
    expect(applied).toEqual([{ type: 'range.applied', start: null, end: null }]);
    expect(selectRangeLabel(actor.getSnapshot())).toBe('Pick a date');
    expect(selectMarkedDays(actor.getSnapshot())).toBe('');
    actor.send({ type: 'range.open' });
    expect(selectCanClear(actor.getSnapshot())).toBe(false);
  });

  it('follows the screen (range.sync) without reporting it back', () => {
    const { actor, applied } = run({ type: 'range.sync', start: '2026-10-01', end: '2026-10-31', setAside: null });
    expect(selectRangeLabel(actor.getSnapshot())).toBe('Thu, 1 Oct 2026 – Sat, 31 Oct 2026');
    actor.send({ type: 'range.open' });
    actor.send({ type: 'range.sync', start: null, end: '2026-10-31', setAside: null });
    expect(actor.getSnapshot().context).toMatchObject({ start: null, end: null });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(applied).toEqual([]);
  });

  it('does not open while the screen sets its dates aside, and closes when they are set aside while open', () => {
    const searching = replay([], { ...input, setAside: 'search' });
    expect(selectIsDisabled(searching.actor.getSnapshot())).toBe(true);
    searching.actor.send({ type: 'range.open' });
    expect(searching.actor.getSnapshot().matches('closed')).toBe(true);

    const { actor, applied } = run({ type: 'range.open' }, oneDay);
    actor.send({ type: 'range.sync', start: input.start, end: input.end, setAside: 'search' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.draftStart).toBeNull();
    expect(selectIsDisabled(actor.getSnapshot())).toBe(true);
    // the search cleared: the range applies again, and the picker opens
    actor.send({ type: 'range.sync', start: input.start, end: input.end, setAside: null });
    expect(selectIsDisabled(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'range.open' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(applied).toEqual([]);
  });

  it("today's tours: never opens", () => {
    const today = replay([{ type: 'range.open' }], { ...input, setAside: 'today' });
    expect(today.actor.getSnapshot().matches('closed')).toBe(true);
    expect(selectIsDisabled(today.actor.getSnapshot())).toBe(true);
  });
});
