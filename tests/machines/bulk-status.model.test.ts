import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { StatusChange } from '../../src/api/services/status';
import { bulkStatusMachines } from '../../src/machines/bulk-status/bulk-status.machine';
import { selectCanMove } from '../../src/machines/bulk-status/selectors';
import type { BulkStatusEvent } from '../../src/machines/bulk-status/types';
import { bulkHarness, SELECTED, silenceLogs } from './bulk-status-fakes';
import { graphUnderParent } from './graph-under-parent';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the states come from the production machine of each kind (xstate/graph, with the
 * save's results as synthetic `xstate.done.actor.saveStatus` / `xstate.error.actor.saveStatus`
 * events). Every path is replayed on a real actor under a stand-in screen, then every event is
 * tried from its end state and its effects checked: the request, the log, the toast, the report.
 */
type ModelEvent = BulkStatusEvent | Synthetic;

const CHANGES: StatusChange[] = [
  { id: 'o1', statusV2: 'cancel_requested', version: 4 },
  { id: 'o2', statusV2: 'cancel_requested', version: 1 },
  { id: 'o9', statusV2: 'cancel_requested', version: 2 },
];

const EVENTS = {
  select: { type: 'bulk.select', rows: SELECTED },
  deselect: { type: 'bulk.select', rows: [] },
  move: { type: 'bulk.move', status: 'cancel_requested' },
  saved: done('saveStatus', CHANGES),
  refused: done('saveStatus', null),
  failed: failed('saveStatus'),
} satisfies Record<string, ModelEvent>;
type Name = keyof typeof EVENTS;
const NAMES = Object.keys(EVENTS) as Name[];
const isAnswer = (name: Name) => name === 'saved' || name === 'refused' || name === 'failed';

const MESSAGES = {
  orders: { moved: '3 orders moved to "Cancel Requested"', failed: 'Failed to update order status' },
  tours: { moved: '3 groups moved to "Cancel Requested"', failed: 'Failed to update groups status' },
};

let logs: ReturnType<typeof silenceLogs>;
beforeEach(() => {
  logs = silenceLogs();
});
afterEach(() => vi.restoreAllMocks());

describe.each(['orders', 'tours'] as const)('bulk status model (%s)', (kind) => {
  const nameOf = (e: ModelEvent) => NAMES.find((n) => EVENTS[n] === e)!;
  const paths = getShortestPaths(graphUnderParent(bulkStatusMachines[kind]), {
    input: { kind },
    events: Object.values(EVENTS) as BulkStatusEvent[],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        error: s.context.error,
        status: s.context.status,
        selected: s.context.selected.length,
      }),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps
      .filter((s) => (s.event as { type: string }).type !== 'xstate.init')
      .map((s) => nameOf(s.event as ModelEvent));

  it('reaches every state, with and without a selection, and both the saved and the failed ends', () => {
    const values = new Set(paths.map((p) => JSON.stringify([p.state.value, p.state.context.selected.length])));
    expect(values).toEqual(new Set(['["idle",0]', '["idle",3]', '["saving",0]', '["saving",3]']));
    expect(new Set(paths.map((p) => p.state.context.error))).toEqual(new Set([null, MESSAGES[kind].failed]));
  });

  /** Replays the names on a real actor; each step's effects are checked. */
  async function replay(steps: Name[]) {
    const h = bulkHarness(kind);
    for (const name of steps) {
      const snapshot = h.actor.getSnapshot();
      const before = {
        saving: snapshot.hasTag('saving'),
        selected: snapshot.context.selected.length,
        calls: h.calls.length,
        notices: h.notices.length,
        reports: h.reports.length,
        warn: logs.warn.mock.calls.length,
        error: logs.error.mock.calls.length,
      };
      // "Move to" is enabled exactly when a move would be sent
      expect(selectCanMove(snapshot)).toBe(!before.saving && before.selected > 0);
      const event = EVENTS[name] as ModelEvent;
      if (!isAnswer(name)) {
        if (name === 'move') expect(snapshot.can(event as BulkStatusEvent)).toBe(!before.saving);
        h.actor.send(event as BulkStatusEvent);
        await h.flush();
      } else if (before.saving) {
        const answer = event as Synthetic;
        await h.settle(
          'output' in answer ? { output: answer.output as StatusChange[] | null } : { error: answer.error },
        );
      } else {
        throw new Error(`${name} with no save running cannot happen`);
      }
      const after = h.actor.getSnapshot();
      const newNotices = h.notices.slice(before.notices);
      const newReports = h.reports.slice(before.reports);
      const newLogs = logs.warn.mock.calls.length - before.warn + logs.error.mock.calls.length - before.error;

      if (name === 'select' || name === 'deselect') {
        // the screen keeps it told; a save in flight keeps the rows it started with
        expect(after.context.selected).toEqual(name === 'select' ? SELECTED : []);
        expect(after.hasTag('saving')).toBe(before.saving);
        expect(h.calls.length).toBe(before.calls);
        expect([newNotices, newReports, newLogs]).toEqual([[], [], 0]);
      } else if (name === 'move' && before.saving) {
        // one move at a time: the second is not taken, nothing is sent or logged
        expect(h.calls.length).toBe(before.calls);
        expect(after.hasTag('saving')).toBe(true);
        expect([newNotices, newReports, newLogs]).toEqual([[], [], 0]);
      } else if (name === 'move' && before.selected === 0) {
        // SPEC section 5: refused with the log (orders warn, tours log an error); nothing is sent
        const log = kind === 'orders' ? logs.warn : logs.error;
        expect(newLogs).toBe(1);
        expect(log.mock.calls.length).toBe((kind === 'orders' ? before.warn : before.error) + 1);
        expect(String(log.mock.lastCall?.[0])).toBe(
          `[bulk-status] status update refused: no ${kind === 'orders' ? 'orders' : 'groups'} selected`,
        );
        expect(h.calls.length).toBe(before.calls);
        expect([newNotices, newReports]).toEqual([[], []]);
        expect(after.value).toBe('idle');
      } else if (name === 'move') {
        // each selected row, with the version it was loaded at when there is one
        expect(h.calls.slice(before.calls)).toEqual([
          {
            items: [
              { id: 'o1', statusV2: 'cancel_requested', version: 3 },
              { id: 'o2', statusV2: 'cancel_requested', version: 0 },
              { id: 'o9', statusV2: 'cancel_requested' },
            ],
          },
        ]);
        expect(after.hasTag('saving')).toBe(true);
        expect(after.context.error).toBeNull();
        expect([newNotices, newReports, newLogs]).toEqual([[], [], 0]);
      } else if (name === 'saved') {
        expect(newNotices).toEqual([{ type: 'notify', kind: 'success', message: MESSAGES[kind].moved }]);
        // one report for the whole batch: the screen patches its list and panel and refreshes the totals
        expect(newReports).toEqual([{ type: 'bulk.moved', changes: CHANGES }]);
        expect(after.value).toBe('idle');
        expect(after.context.error).toBeNull();
      } else {
        expect(newNotices).toEqual([{ type: 'notify', kind: 'error', message: MESSAGES[kind].failed }]);
        expect(newReports).toEqual([]);
        expect(after.value).toBe('idle');
        expect(after.context.error).toBe(MESSAGES[kind].failed);
      }
    }
    h.stop();
    return h.actor.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(end.value).toEqual(path.state.value);
      expect(end.context.error).toEqual(path.state.context.error);
      expect(end.context.selected).toEqual(path.state.context.selected);
    });

    // a save's answer only comes while one runs
    const next = NAMES.filter((n) => !isAnswer(n) || path.state.hasTag('saving'));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
