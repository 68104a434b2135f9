import { describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { graphUnderParent } from './graph-under-parent';
import { underParent } from './shared-fakes';
import { leaveGuardMachine, type LeaveGuardEvent } from '../../src/machines/leave-guard/leave-guard.machine';
import { selectAsking, selectHoldsDraft, type LeaveGuardSnapshot } from '../../src/machines/leave-guard/selectors';

/**
 * Model-based: every simple path of the production leave guard over the screen's reports and the
 * operator's way out is replayed on a real actor, and after each step what the operator notices is
 * checked against a plain reading of the rule: the way out is held exactly while the last report
 * says unsaved (until the draft is discarded), the question opens only when leaving with unsaved
 * work, "Stay" keeps the draft and "Leave" lets the navigation go, telling the screen once.
 */
const EVENTS = {
  typed: { type: 'leave.unsaved', unsaved: true },
  saved: { type: 'leave.unsaved', unsaved: false },
  leave: { type: 'leave.request' },
  // the router holding a navigation: the screen, told of the discard, must not navigate too
  route: { type: 'leave.request', route: true },
  stay: { type: 'leave.stay' },
  discard: { type: 'leave.discard' },
} satisfies Record<string, LeaveGuardEvent>;
type Name = keyof typeof EVENTS;
const NAMES = Object.keys(EVENTS) as Name[];
// a new event fails to compile until it is tried here
const TRIED = {
  'leave.unsaved': ['typed', 'saved'],
  'leave.request': ['leave', 'route'],
  'leave.stay': ['stay'],
  'leave.discard': ['discard'],
} satisfies Record<LeaveGuardEvent['type'], Name[]>;
const nameOf = (event: { type: string }) => NAMES.find((n) => EVENTS[n] === event)!;

const key = (s: LeaveGuardSnapshot) =>
  JSON.stringify({ value: s.value, unsaved: s.context.unsaved, route: s.context.route });
const paths = getSimplePaths(graphUnderParent(leaveGuardMachine), {
  events: Object.values(EVENTS),
  serializeState: (s) => key(s as LeaveGuardSnapshot),
});
const stepsOf = (p: (typeof paths)[number]) =>
  p.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init').map((s) => nameOf(s.event));

/** The rule as the operator lives it, step by step. */
interface Expected {
  lastReport: boolean;
  asking: boolean;
  gone: boolean;
  /** The question open was asked for the router's navigation. */
  route?: boolean;
}
function expectedAfter(before: Expected, name: Name): Expected {
  if (before.gone) return before;
  switch (name) {
    case 'typed':
    case 'saved':
      return { ...before, lastReport: name === 'typed' };
    case 'leave':
    case 'route':
      // a question already open keeps who asked it
      if (before.asking || !before.lastReport) return before;
      return { ...before, asking: true, route: name === 'route' };
    case 'stay':
      return { ...before, asking: false };
    case 'discard':
      return before.asking ? { ...before, asking: false, gone: true } : before;
  }
}

describe('leave guard, generated from the leave guard machine', () => {
  it('reaches saved, unsaved, the question and the discarded draft, trying every event', () => {
    const states = paths.map((p) => p.state as LeaveGuardSnapshot);
    expect(states.some((s) => selectAsking(s))).toBe(true);
    expect(states.some((s) => s.matches('discarded'))).toBe(true);
    expect(states.some((s) => s.matches({ open: 'saved' }) && !selectHoldsDraft(s))).toBe(true);
    expect(new Set(Object.values(TRIED).flat())).toEqual(new Set(NAMES));
  });

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it.each(NAMES)('then %s: held only with unsaved work, asked only on the way out', (last) => {
      const screen = underParent(leaveGuardMachine);
      const actor = screen.child;
      let expected: Expected = { lastReport: false, asking: false, gone: false };
      for (const name of [...stepsOf(path), last]) {
        actor.send(EVENTS[name]);
        expected = expectedAfter(expected, name);
        const s = actor.getSnapshot();
        expect(selectAsking(s)).toBe(expected.asking);
        // asking holds the way out too, whatever a save reports meanwhile: the answer decides
        expect(selectHoldsDraft(s)).toBe(!expected.gone && (expected.asking || expected.lastReport));
        expect(s.matches('discarded')).toBe(expected.gone);
        expect(screen.reportsOf('leave.discarded')).toEqual(
          expected.gone ? [{ type: 'leave.discarded', route: expected.route === true }] : [],
        );
      }
      screen.stop();
    });
  });
});
