import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { SnapshotFrom } from 'xstate';
import type { StatusChange, StatusUndoOutput } from '../../src/api/services/status';
import { bulkStatusMachine, bulkStatusMachines } from '../../src/machines/bulk-status/bulk-status.machine';
import { selectAsking, selectCanMove } from '../../src/machines/bulk-status/selectors';
import type { BulkStatusEvent } from '../../src/machines/bulk-status/types';
import { bulkHarness, SELECTED, SELECTED_DONE, silenceLogs } from './bulk-status-fakes';
import { graphUnderParent } from './graph-under-parent';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the states come from the production machine of each kind (xstate/graph, with the
 * services' results as synthetic `xstate.done.actor.*` / `xstate.error.actor.*` events). Every
 * path is replayed on a real actor under a stand-in screen, then every event is tried from its end
 * state and its effects checked: the request, the log, the toasts (shown and closed), the report.
 * The paths cover the question before a move out of Tour Completed or Canceled (`selectDone`:
 * o1 is Tour Completed) and the toast's Undo with its outcomes.
 */
type ModelEvent = BulkStatusEvent | Synthetic;
type Snapshot = SnapshotFrom<typeof bulkStatusMachine>;

const CHANGES: StatusChange[] = [
  { id: 'o1', statusV2: 'cancel_requested', version: 4 },
  { id: 'o2', statusV2: 'cancel_requested', version: 1 },
  { id: 'o9', statusV2: 'cancel_requested', version: 2 },
];
const UNDONE: StatusUndoOutput = {
  changes: [
    { id: 'o1', statusV2: 'completed', version: 5 },
    { id: 'o2', statusV2: 'new', version: 2 },
  ],
  skipped: [],
};
/** o1 was changed by someone else after the move: it is named and left as it is. */
const UNDONE_KEPT: StatusUndoOutput = { changes: [{ id: 'o2', statusV2: 'new', version: 2 }], skipped: ['o1'] };

const EVENTS = {
  select: { type: 'bulk.select', rows: SELECTED },
  selectDone: { type: 'bulk.select', rows: SELECTED_DONE },
  deselect: { type: 'bulk.select', rows: [] },
  move: { type: 'bulk.move', status: 'cancel_requested' },
  confirm: { type: 'bulk.confirm' },
  cancel: { type: 'bulk.cancel' },
  /** The first move's toast's Undo (an older toast's once a second move saved). */
  undo: { type: 'bulk.undo', key: 1 },
  saved: done('saveStatus', CHANGES),
  refused: done('saveStatus', null),
  failed: failed('saveStatus'),
  undone: done('undoStatus', UNDONE),
  undoneKept: done('undoStatus', UNDONE_KEPT),
  undoRefused: done('undoStatus', null),
  undoFailed: failed('undoStatus'),
} satisfies Record<string, ModelEvent>;
type Name = keyof typeof EVENTS;
const NAMES = Object.keys(EVENTS) as Name[];
const SAVE_ANSWERS: Name[] = ['saved', 'refused', 'failed'];
const UNDO_ANSWERS: Name[] = ['undone', 'undoneKept', 'undoRefused', 'undoFailed'];
const isAnswer = (name: Name) => SAVE_ANSWERS.includes(name) || UNDO_ANSWERS.includes(name);

const TEXTS = {
  orders: {
    moved: '3 orders moved to "Cancel Requested"',
    failed: 'Failed to update order status',
    undoFailed: 'Failed to undo order status',
    undoLabel: 'Undo status of 2 orders',
    undone: '2 orders moved back',
    kept: '1 order moved back; KH-000251 changed since and was left as it is',
  },
  tours: {
    moved: '3 groups moved to "Cancel Requested"',
    failed: 'Failed to update groups status',
    undoFailed: 'Failed to undo groups status',
    undoLabel: 'Undo status of 2 groups',
    undone: '2 groups moved back',
    kept: '1 group moved back; KH-000251 changed since and was left as it is',
  },
};

/** What an Undo of the first move's toast does: only the latest move's toast is taken. */
const undoableOf = (s: Snapshot) => (s.context.undoable ? (s.context.undoable.key === 1 ? 'first' : 'later') : null);

const selectionName = (rows: readonly unknown[]) =>
  rows.length === 0
    ? 'none'
    : rows === SELECTED_DONE || rows.some((r) => (r as { statusV2?: string }).statusV2)
      ? 'done'
      : 'plain';

let logs: ReturnType<typeof silenceLogs>;
beforeEach(() => {
  logs = silenceLogs();
});
afterEach(() => vi.restoreAllMocks());

describe.each(['orders', 'tours'] as const)('bulk status model (%s)', (kind) => {
  const nameOf = (e: ModelEvent) => NAMES.find((n) => EVENTS[n] === e)!;
  const texts = TEXTS[kind];
  const paths = getShortestPaths(graphUnderParent(bulkStatusMachines[kind]), {
    input: { kind },
    events: Object.values(EVENTS) as BulkStatusEvent[],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        error: s.context.error,
        status: s.context.status,
        selected: selectionName(s.context.selected),
        moving: selectionName(s.context.moving),
        asking: s.context.asking.length,
        undoable: undoableOf(s),
      }),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps
      .filter((s) => (s.event as { type: string }).type !== 'xstate.init')
      .map((s) => nameOf(s.event as ModelEvent));

  it('reaches the question, the move, the undo and their failed ends', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(values).toEqual(new Set(['"idle"', '"confirming"', '"saving"', '"undoing"']));
    expect(new Set(paths.map((p) => p.state.context.error))).toEqual(new Set([null, texts.failed, texts.undoFailed]));
    // an undo is offered after a move of rows whose status was known, and not after others
    const undoables = paths.filter((p) => p.state.value === 'idle').map((p) => undoableOf(p.state));
    expect(new Set(undoables)).toEqual(new Set([null, 'first', 'later']));
  });

  /** What sending `name` to `snapshot` must do. */
  function check(name: Name, before: Snapshot, after: Snapshot, h: ReturnType<typeof bulkHarness>, counts: Counts) {
    const newCalls = h.calls.slice(counts.calls);
    const newServices = h.services.slice(counts.calls);
    const newNotices = h.notices.slice(counts.notices);
    const newReports = h.reports.slice(counts.reports);
    const newLogs = logs.warn.mock.calls.length - counts.warn + logs.error.mock.calls.length - counts.error;
    const busy = !before.matches('idle');
    const quiet = () => expect([newCalls, newNotices, newReports, newLogs]).toEqual([[], [], [], 0]);
    const unchanged = () => {
      expect(after.value).toEqual(before.value);
      expect(after.context.undoable).toEqual(before.context.undoable);
    };

    if (name === 'select' || name === 'selectDone' || name === 'deselect') {
      // the screen keeps it told; a move asked about or in flight keeps the rows it started with
      expect(after.context.selected).toEqual(EVENTS[name].rows);
      expect(after.context.moving).toEqual(before.context.moving);
      expect(after.value).toEqual(before.value);
      quiet();
    } else if (name === 'move' && busy) {
      // one move at a time: the second is not taken, nothing is sent or logged
      unchanged();
      quiet();
    } else if (name === 'move' && before.context.selected.length === 0) {
      // SPEC section 5: refused with the log (orders warn, tours log an error); nothing is sent
      const log = kind === 'orders' ? logs.warn : logs.error;
      expect(newLogs).toBe(1);
      expect(log.mock.calls.length).toBe((kind === 'orders' ? counts.warn : counts.error) + 1);
      expect(String(log.mock.lastCall?.[0])).toBe(
        `[bulk-status] status update refused: no ${kind === 'orders' ? 'orders' : 'groups'} selected`,
      );
      expect([newCalls, newNotices, newReports]).toEqual([[], [], []]);
      expect(after.value).toBe('idle');
    } else if (name === 'move' && before.context.selected === SELECTED_DONE) {
      // o1 leaves Tour Completed: the question names it, and nothing is sent before the answer
      expect(after.value).toBe('confirming');
      expect(selectAsking(after)).toEqual([SELECTED_DONE[0]]);
      expect(selectCanMove(after)).toBe(false);
      quiet();
    } else if (name === 'move' || (name === 'confirm' && before.matches('confirming'))) {
      // each selected row, with the version it was loaded at when there is one
      expect(newCalls).toEqual([
        {
          items: [
            { id: 'o1', statusV2: 'cancel_requested', version: 3 },
            { id: 'o2', statusV2: 'cancel_requested', version: 0 },
            { id: 'o9', statusV2: 'cancel_requested' },
          ],
        },
      ]);
      expect(newServices).toEqual(['save']);
      expect(after.value).toBe('saving');
      expect(after.context.error).toBeNull();
      expect([newNotices, newReports, newLogs]).toEqual([[], [], 0]);
    } else if (name === 'cancel' && before.matches('confirming')) {
      expect(after.value).toBe('idle');
      expect(selectAsking(after)).toEqual([]);
      expect(after.context.undoable).toEqual(before.context.undoable);
      quiet();
    } else if (name === 'confirm' || name === 'cancel') {
      unchanged();
      quiet();
    } else if (name === 'undo' && before.matches('idle') && before.context.undoable?.key === 1) {
      // one request: each row back to its previous status, based on the version the move answered
      expect(newCalls).toEqual([
        {
          items: [
            { id: 'o1', statusV2: 'completed', version: 4 },
            { id: 'o2', statusV2: 'new', version: 1 },
          ],
        },
      ]);
      expect(newServices).toEqual(['undo']);
      expect(after.value).toBe('undoing');
      expect([newNotices, newReports, newLogs]).toEqual([[], [], 0]);
    } else if (name === 'undo') {
      // an Undo of an older (or no) move, or while busy, does nothing
      unchanged();
      quiet();
    } else if (name === 'saved') {
      const key = before.context.moves + 1;
      const closed = before.context.undoable
        ? [{ type: 'notify.close', id: `bulk-status-${before.context.undoable.key}` }]
        : [];
      const action =
        before.context.moving === SELECTED_DONE
          ? { action: { label: texts.undoLabel, event: { type: 'bulk.undo', key } } }
          : {};
      expect(newNotices).toEqual([
        ...closed,
        { type: 'notify', kind: 'success', message: texts.moved, id: `bulk-status-${key}`, ...action },
      ]);
      // one report for the whole batch: the screen patches its list and panel and refreshes the totals
      expect(newReports).toEqual([{ type: 'bulk.moved', changes: CHANGES }]);
      expect(after.value).toBe('idle');
      expect(after.context.error).toBeNull();
      expect(after.context.undoable?.key ?? null).toBe(before.context.moving === SELECTED_DONE ? key : null);
    } else if (name === 'refused' || name === 'failed') {
      expect(newNotices).toEqual([{ type: 'notify', kind: 'error', message: texts.failed }]);
      expect(newReports).toEqual([]);
      expect(after.value).toBe('idle');
      expect(after.context.error).toBe(texts.failed);
      expect(after.context.undoable).toEqual(before.context.undoable);
    } else if (name === 'undone' || name === 'undoneKept') {
      const output = name === 'undone' ? UNDONE : UNDONE_KEPT;
      // the toast of the move goes (its Undo is done); what went back is reported like a move
      expect(newNotices).toEqual([
        { type: 'notify.close', id: `bulk-status-${before.context.undoable!.key}` },
        name === 'undone'
          ? { type: 'notify', kind: 'success', message: texts.undone }
          : { type: 'notify', kind: 'info', message: texts.kept },
      ]);
      expect(newReports).toEqual([{ type: 'bulk.moved', changes: output!.changes }]);
      expect(after.value).toBe('idle');
      expect(after.context.undoable).toBeNull();
    } else {
      expect(newNotices).toEqual([{ type: 'notify', kind: 'error', message: texts.undoFailed }]);
      expect(newReports).toEqual([]);
      expect(after.value).toBe('idle');
      expect(after.context.error).toBe(texts.undoFailed);
      expect(after.context.undoable).toBeNull();
    }
  }

  type Counts = { calls: number; notices: number; reports: number; warn: number; error: number };

  /** Replays the names on a real actor; each step's effects are checked. */
  async function replay(steps: Name[]) {
    const h = bulkHarness(kind);
    for (const name of steps) {
      const before = h.actor.getSnapshot();
      const counts: Counts = {
        calls: h.calls.length,
        notices: h.notices.length,
        reports: h.reports.length,
        warn: logs.warn.mock.calls.length,
        error: logs.error.mock.calls.length,
      };
      // "Move to" is enabled exactly when a move would be sent (or asked about)
      expect(selectCanMove(before)).toBe(before.matches('idle') && before.context.selected.length > 0);
      const event = EVENTS[name] as ModelEvent;
      if (!isAnswer(name)) {
        h.actor.send(event as BulkStatusEvent);
        await h.flush();
      } else if (before.matches(SAVE_ANSWERS.includes(name) ? 'saving' : 'undoing')) {
        const answer = event as Synthetic;
        await h.settle('output' in answer ? { output: answer.output as never } : { error: answer.error });
      } else {
        throw new Error(`${name} with no such call running cannot happen`);
      }
      check(name, before, h.actor.getSnapshot(), h, counts);
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
      expect(undoableOf(end)).toEqual(undoableOf(path.state));
    });

    // a service's answer only comes while it runs
    const running = path.state.matches('saving') ? SAVE_ANSWERS : path.state.matches('undoing') ? UNDO_ANSWERS : [];
    const next = NAMES.filter((n) => !isAnswer(n) || running.includes(n));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
