import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { StatusChange } from '../../src/api/services/status';
import { bulkStatusMachine, type BulkStatusEvent } from '../../src/machines/bulk-status/bulk-status.machine';
import type { ListKind } from '../../src/machines/list/types';
import { bulkHarness, fakeCounts, fakeList, silenceLogs } from './bulk-status-fakes';

/**
 * Model-based: the states come from the production machine (xstate/graph, with the service results
 * as synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events). Every path is replayed
 * on a real actor, then every event is tried from its end state and its effects checked: the
 * request, the log, the toast, and what the list and the navigation totals are told.
 */
type Synthetic =
  | { type: `xstate.done.actor.${string}`; output: StatusChange[] | null }
  | { type: `xstate.error.actor.${string}`; error: unknown };
type ModelEvent = BulkStatusEvent | Synthetic;

const SERVICE: Record<ListKind, string> = { orders: 'updateOrderStatusBatch', tours: 'updateTourStatusBatch' };
const CHANGES: StatusChange[] = [
  { id: 'o1', statusV2: 'cancel_requested', version: 4 },
  { id: 'o2', statusV2: 'cancel_requested', version: 1 },
  { id: 'o9', statusV2: 'cancel_requested', version: 2 },
];
const MOVE: BulkStatusEvent = { type: 'bulk.move', ids: ['o1', 'o2', 'o9', 'o1'], status: 'cancel_requested' };
const EMPTY: BulkStatusEvent = { type: 'bulk.move', ids: [], status: 'completed' };

/** The one save in flight has the same id whichever service the kind spawns. */
const EVENTS = {
  move: MOVE,
  empty: EMPTY,
  saved: { type: 'xstate.done.actor.saveStatus', output: CHANGES },
  refused: { type: 'xstate.done.actor.saveStatus', output: null },
  failed: { type: 'xstate.error.actor.saveStatus', error: new Error('network') },
} satisfies Record<string, ModelEvent>;
type Name = keyof typeof EVENTS;

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
  const events = EVENTS;
  const names = Object.keys(events) as Name[];
  const nameOf = (e: ModelEvent) => names.find((n) => events[n] === e)!;
  const paths = getShortestPaths(bulkStatusMachine, {
    input: { kind, list: fakeList().handle, counts: fakeCounts().handle },
    events: Object.values(events) as BulkStatusEvent[],
    serializeState: (s) => JSON.stringify({ value: s.value, error: s.context.error, status: s.context.status }),
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps
      .filter((s) => (s.event as { type: string }).type !== 'xstate.init')
      .map((s) => nameOf(s.event as ModelEvent));

  it('reaches every state, and both the saved and the failed ends', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(values).toEqual(new Set(['"idle"', '"saving"']));
    expect(new Set(paths.map((p) => p.state.context.error))).toEqual(new Set([null, MESSAGES[kind].failed]));
  });

  /** Replays the names on a real actor; each step's effects are checked. */
  async function replay(steps: Name[]) {
    const h = bulkHarness(kind);
    for (const name of steps) {
      const before = {
        saving: h.actor.getSnapshot().hasTag('saving'),
        calls: h.calls.length,
        notices: h.notices.length,
        list: h.list.received().length,
        counts: h.counts.refreshes(),
        warn: logs.warn.mock.calls.length,
        error: logs.error.mock.calls.length,
      };
      const event = events[name] as ModelEvent;
      if (name === 'move' || name === 'empty') {
        expect(h.actor.getSnapshot().can(event as BulkStatusEvent)).toBe(!before.saving);
        h.actor.send(event as BulkStatusEvent);
        await h.flush();
      } else if (before.saving) {
        await h.settle(
          SERVICE[kind],
          'output' in event ? { output: event.output } : { error: (event as { error: unknown }).error },
        );
      } else {
        throw new Error(`${name} with no service running cannot happen`);
      }
      // the navigation totals follow in a task of their own, after the one that applied the result
      const countsWithResult = h.counts.refreshes() - before.counts;
      await h.flush();
      const after = h.actor.getSnapshot();
      const newNotices = h.notices.slice(before.notices);
      const newList = h.list.received().slice(before.list);
      const countsRefreshed = h.counts.refreshes() - before.counts;
      expect(countsWithResult).toBe(0);

      if (before.saving && (name === 'move' || name === 'empty')) {
        // one move at a time: the second is not taken, nothing is sent or logged
        expect(h.calls.length).toBe(before.calls);
        expect(after.hasTag('saving')).toBe(true);
      } else if (name === 'empty') {
        const log = kind === 'orders' ? logs.warn : logs.error;
        const other = kind === 'orders' ? logs.error : logs.warn;
        expect(log.mock.calls.length).toBe((kind === 'orders' ? before.warn : before.error) + 1);
        expect(String(log.mock.lastCall?.[0])).toMatch(/refused/);
        expect(other.mock.calls.length).toBe(kind === 'orders' ? before.error : before.warn);
        expect(h.calls.length).toBe(before.calls);
        expect(after.value).toBe('idle');
      } else if (name === 'move') {
        expect(h.calls.slice(before.calls)).toEqual([
          {
            id: SERVICE[kind],
            input: {
              items: [
                { id: 'o1', statusV2: 'cancel_requested', version: 3 },
                { id: 'o2', statusV2: 'cancel_requested', version: 0 },
                { id: 'o9', statusV2: 'cancel_requested' },
              ],
            },
          },
        ]);
        expect(after.hasTag('saving')).toBe(true);
        expect(after.context.error).toBeNull();
      } else if (name === 'saved') {
        expect(newNotices).toEqual([{ type: 'notify', kind: 'success', message: MESSAGES[kind].moved }]);
        // one event for the whole batch (the list refreshes its day counts on it)
        expect(newList).toEqual([
          {
            type: 'list.patch',
            rows: CHANGES.map(({ id, statusV2, version }) => ({ id, statusV2, version })),
          },
        ]);
        expect(countsRefreshed).toBe(1);
        expect(after.value).toBe('idle');
      } else {
        expect(newNotices).toEqual([{ type: 'notify', kind: 'error', message: MESSAGES[kind].failed }]);
        expect(newList).toEqual([]);
        expect(countsRefreshed).toBe(0);
        expect(after.value).toBe('idle');
        expect(after.context.error).toBe(MESSAGES[kind].failed);
      }
      if (name !== 'saved') expect(countsRefreshed).toBe(0);
    }
    h.actor.stop();
    return h.actor.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state', async () => {
      const end = await replay(stepsOf(path));
      expect(end.value).toEqual(path.state.value);
      expect(end.context.error).toEqual(path.state.context.error);
    });

    // a service answer only comes while one runs
    const next = names.filter((n) => n === 'move' || n === 'empty' || path.state.hasTag('saving'));
    it.each(next)('then %s has exactly its effects', async (name) => {
      await replay([...stepsOf(path), name]);
    });
  });
});
