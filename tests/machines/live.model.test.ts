import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { LiveStreamEvent, LiveStreamInput } from '../../src/api/live-stream';
import { backoffMs, DEFAULT_RETRY_MS, isFinalStatus, MAX_BACKOFF_MS } from '../../src/machines/live/backoff';
import { liveMachine } from '../../src/machines/live/live.machine';
import { selectConnection } from '../../src/machines/live/selectors';
import { channelInserts, channelMessages, CHANNEL_TOAST_WINDOW_MS } from '../../src/machines/live/toasts';
import type { LiveChange, LiveEvent } from '../../src/machines/live/types';
import { allTransitions, recordingActor } from './onboarding-harness';
import { orderRecord } from './shared-fakes';

/**
 * Model-based: the paths come from the production live machine (xstate/graph) over what its stream
 * can report, the stream's failure (`xstate.error.actor.stream`) and its timers as their
 * `xstate.after` events. Each path is replayed on a real actor whose stream is a recorder; after
 * every step what it opened (with which Last-Event-ID), what it emitted for the screens and what
 * it toasted must be what the rules say:
 *
 *   entering `open` (start, after the backoff)  -> one stream, resuming after the last cursor seen
 *   a change while open                         -> emitted as it came; the cursor moves to its id
 *   a reset while open                          -> `live.reset` emitted
 *   a loss with 400/401/403/404                 -> stopped, never opened again
 *   the toast window closing                    -> one toast per OTA: "N new order(s) from Klook"
 */
const TEAM = 'team-vn';
const at = '2026-11-26T10:00:00.000Z';
const channelBy = { id: 'channel:key-1', name: 'Klook (OCTO)' };
const klookInsert: LiveChange = {
  topic: 'orders',
  op: 'insert',
  ids: ['o1'],
  at,
  orders: [orderRecord({ id: 'o1', departureAt: at, ota: 'KLOOK' })],
  by: channelBy,
};
const userUpdate: LiveChange = { topic: 'orders', op: 'update', ids: ['o2'], at, by: { id: 'u2', name: 'Ann' } };

type Synthetic = { type: string; error?: unknown };
type ModelEvent = LiveEvent | Synthetic;
const after = (delay: string, state: string): Synthetic => ({ type: `xstate.after.${delay}.live.${state}` });
const EVENTS: ModelEvent[] = [
  { type: 'live.change', change: klookInsert, cursor: 'c1' },
  { type: 'live.change', change: userUpdate, cursor: 'c2' },
  { type: 'live.ready', cursor: 'r1' },
  { type: 'live.reset', reason: 'cursor too old' },
  { type: 'live.heartbeat' },
  { type: 'live.connection.lost', retry: 1000, status: null },
  { type: 'live.connection.lost', retry: null, status: 503 },
  { type: 'live.connection.lost', retry: null, status: 401 },
  { type: 'xstate.error.actor.stream', error: new Error('stream failed') },
  after('silence', 'connection.open.connecting'),
  after('silence', 'connection.open.live'),
  after('backoff', 'connection.reconnecting'),
  after('toastWindow', 'toasts.gathering'),
];

type Snap = ReturnType<typeof liveMachine.getInitialSnapshot>;
/** What matters of a snapshot; counts capped so the graph stays finite (the rules do not change past them). */
const key = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    cursor: s.context.cursor,
    retry: s.context.retry,
    attempts: Math.min(s.context.attempts, 2),
    status: s.context.status,
    klook: Math.min(s.context.channelOrders.Klook ?? 0, 2),
  });
const enabled = (s: Snap) =>
  EVENTS.filter((e) => {
    if (e.type === 'xstate.error.actor.stream') return s.matches({ connection: 'open' });
    if (e.type.startsWith('xstate.after.')) {
      const state = e.type.replace(/^xstate\.after\.\w+\.live\./, '').split('.');
      const value = state.reduceRight<unknown>((inner, part) => (inner ? { [part]: inner } : part), undefined);
      return s.matches(value as never);
    }
    return s.can(e as LiveEvent);
  });
const paths = getShortestPaths(liveMachine, {
  input: { teamId: TEAM },
  events: enabled as never,
  serializeState: ((s: Snap, e: AnyEventObject | undefined) => `${key(s)} ← ${e ? JSON.stringify(e) : ''}`) as never,
});

/** A real live actor whose stream records what it was opened with, and whose timers wait for the path. */
function harness() {
  const opened: LiveStreamInput[] = [];
  const stream = fromCallback<{ type: 'live.noop' }, LiveStreamInput, LiveStreamEvent>(({ input }) => {
    opened.push(input);
  });
  const logic = liveMachine.provide({
    actors: { stream },
    delays: { silence: 1e9, backoff: 1e9, toastWindow: 1e9 },
  });
  const { actor, taken } = recordingActor(logic, { input: { teamId: TEAM } });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, taken, opened, emitted };
}

/** The rules, written out: what one step makes the actor open and emit. */
function expected(before: Snap, event: ModelEvent, afterStep: Snap) {
  const open = before.matches({ connection: 'open' });
  const opens: LiveStreamInput[] = [];
  const emits: AnyEventObject[] = [];
  if (!open && afterStep.matches({ connection: 'open' })) opens.push({ teamId: TEAM, cursor: before.context.cursor });
  if (open && event.type === 'live.change')
    emits.push({ type: 'live.change', change: (event as { change: LiveChange }).change });
  if (open && event.type === 'live.reset') emits.push({ type: 'live.reset' });
  if (event.type === 'xstate.after.toastWindow.live.toasts.gathering') {
    for (const message of channelMessages(before.context.channelOrders))
      emits.push({ type: 'notify', kind: 'info', message });
  }
  return { opens, emits };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('live machine model', () => {
  it('reaches every state: connecting, live, reconnecting, stopped, gathering a toast', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const connection of [{ open: 'connecting' }, { open: 'live' }, 'reconnecting', 'stopped'])
      for (const toasts of ['idle', 'gathering'])
        expect(values, JSON.stringify({ connection, toasts })).toContain(JSON.stringify({ connection, toasts }));
  });

  it(`replays all ${paths.length} paths on a real actor, each step as the rules say, and takes every transition`, async () => {
    const taken = new Set<string>();
    for (const path of paths) {
      const h = harness();
      const label = path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ');
      expect(h.opened, label).toEqual([{ teamId: TEAM, cursor: null }]);
      for (const step of path.steps.slice(1)) {
        const before = h.actor.getSnapshot();
        const marks = { opened: h.opened.length, emitted: h.emitted.length };
        h.actor.send(step.event as LiveEvent);
        const now = h.actor.getSnapshot();
        const want = expected(before, step.event as ModelEvent, now);
        expect(h.opened.slice(marks.opened), `${label}: streams opened`).toEqual(want.opens);
        expect(h.emitted.slice(marks.emitted), `${label}: emitted`).toEqual(want.emits);
        expect(key(now), label).toBe(key(step.state as Snap));
      }
      expect(key(h.actor.getSnapshot()), label).toBe(key(path.state as Snap));
      h.actor.stop();
      for (const t of h.taken) taken.add(t);
    }
    expect([...taken].sort()).toEqual(expect.arrayContaining(allTransitions(liveMachine.root).sort()));
  });
});

describe('live machine rules', () => {
  it('waits the server’s retry hint first, then doubles it, up to a cap', () => {
    expect(backoffMs(null, 1)).toBe(DEFAULT_RETRY_MS);
    expect(backoffMs(1000, 1)).toBe(1000);
    expect(backoffMs(1000, 3)).toBe(4000);
    expect(backoffMs(3000, 20)).toBe(MAX_BACKOFF_MS);
    expect([400, 401, 403, 404, 500, 503, null].map(isFinalStatus)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('counts only orders a channel inserted, per OTA label', () => {
    expect(channelInserts(klookInsert)).toEqual({ Klook: 1 });
    expect(channelInserts(userUpdate)).toBeNull();
    expect(channelInserts({ ...klookInsert, by: { id: 'u1', name: 'Ann' } })).toBeNull();
    // rows left out: the channel's name stands for their OTA
    expect(channelInserts({ ...klookInsert, ids: ['o1', 'o2', 'o3'], orders: undefined, truncated: true })).toEqual({
      Klook: 3,
    });
    expect(channelMessages({ Klook: 3, Viator: 1 })).toEqual(['3 new orders from Klook', '1 new order from Viator']);
  });

  it('shows one toast for the new channel orders of a window, then one for the next window', () => {
    vi.useFakeTimers();
    try {
      const stream = fromCallback<{ type: 'live.noop' }, LiveStreamInput, LiveStreamEvent>(() => undefined);
      const actor = createActor(liveMachine.provide({ actors: { stream } }), { input: { teamId: TEAM } });
      const toasts: string[] = [];
      actor.on('notify', (e) => toasts.push(e.message));
      actor.start();
      const insert = (id: string, cursor: string, ota: 'KLOOK' | 'KKDAY' = 'KLOOK') =>
        actor.send({
          type: 'live.change',
          change: { ...klookInsert, ids: [id], orders: [orderRecord({ id, departureAt: at, ota })] },
          cursor,
        });
      insert('a', '1');
      vi.advanceTimersByTime(500);
      insert('b', '2');
      actor.send({ type: 'live.change', change: userUpdate, cursor: '3' });
      vi.advanceTimersByTime(500);
      insert('c', '4');
      expect(toasts).toEqual([]);
      vi.advanceTimersByTime(CHANNEL_TOAST_WINDOW_MS - 1000);
      expect(toasts).toEqual(['3 new orders from Klook']);
      insert('d', '5', 'KKDAY');
      vi.advanceTimersByTime(CHANNEL_TOAST_WINDOW_MS);
      expect(toasts).toEqual(['3 new orders from Klook', '1 new order from KKday']);
      expect(actor.getSnapshot().context.cursor).toBe('5');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reconnects after the hint with the last cursor, and says Reconnecting meanwhile', () => {
    vi.useFakeTimers();
    try {
      const opened: (string | null)[] = [];
      const stream = fromCallback<{ type: 'live.noop' }, LiveStreamInput, LiveStreamEvent>(
        ({ input }) => void opened.push(input.cursor),
      );
      const actor = createActor(liveMachine.provide({ actors: { stream } }), { input: { teamId: TEAM } }).start();
      expect(selectConnection(actor.getSnapshot())).toBe('connecting');
      actor.send({ type: 'live.ready', cursor: 'r1' });
      expect(selectConnection(actor.getSnapshot())).toBe('live');
      actor.send({ type: 'live.change', change: userUpdate, cursor: 'c7' });
      actor.send({ type: 'live.connection.lost', retry: 1000, status: null });
      expect(selectConnection(actor.getSnapshot())).toBe('reconnecting');
      vi.advanceTimersByTime(999);
      expect(opened).toEqual([null]);
      vi.advanceTimersByTime(1);
      expect(opened).toEqual([null, 'c7']);
      // still not live until the server says the backlog is sent
      expect(selectConnection(actor.getSnapshot())).toBe('reconnecting');
      // no heartbeat for three periods: the connection is given up and made again
      vi.advanceTimersByTime(45_000);
      expect(selectConnection(actor.getSnapshot())).toBe('reconnecting');
      vi.advanceTimersByTime(2000);
      expect(opened).toEqual([null, 'c7', 'c7']);
      actor.send({ type: 'live.ready', cursor: 'c7' });
      expect(selectConnection(actor.getSnapshot())).toBe('live');
      expect(actor.getSnapshot().context.attempts).toBe(0);
      actor.send({ type: 'live.connection.lost', retry: null, status: 403 });
      expect(selectConnection(actor.getSnapshot())).toBe('stopped');
      vi.advanceTimersByTime(MAX_BACKOFF_MS * 2);
      expect(opened).toHaveLength(3);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
