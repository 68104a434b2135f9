// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { ApiError, NETWORK_STATUS } from '../../src/api/errors';
import type { CheckedInOrder } from '../../src/api/services/manifest';
import { readCheckInQueue, restoreCheckInQueue } from '../../src/api/storage/check-in-queue';
import type { CheckInBase, QueuedCheckIn } from '../../src/domain/check-in';
import { checkInMachine, type CheckInEvent } from '../../src/machines/check-in/check-in.machine';
import type { NotifyEvent } from '../../src/machines/notify';
import { enabledEvents } from './onboarding-harness';
import { allTransitions, modelPaths, replay, type Model, type Path, type Snap } from './model-replay';
import { done, type Synthetic } from './shared-fakes';

/**
 * Model-based: the check-in queue's paths come from the production machine, each replayed on a real
 * actor whose services answer when the path says. Gestures (check in, part of the party, no-show,
 * undo) queue at once; the queue restored after a reload comes first; offline it waits, online it
 * sends the oldest gesture; a network failure waits for the backoff (or the connection), a 409
 * ORDER_CANCELED drops its gesture and says so on the row, a 401 stops the queue. Together the paths
 * take every transition of the machine.
 */
const PARTIES: Record<string, CheckInBase> = {
  a: { name: 'Nguyễn Văn An', total: 3, state: 'EXPECTED', arrived: 0 },
  b: { name: 'Lan Tran', total: 2, state: 'EXPECTED', arrived: 0 },
};
const STORED: QueuedCheckIn[] = [
  {
    key: '00000000-0000-4000-8000-000000000001',
    orderId: 'b',
    name: 'Lan Tran',
    total: 2,
    state: 'NO_SHOW',
    arrived: 0,
  },
];
const networkDown = new ApiError(NETWORK_STATUS, 'NETWORK_ERROR', 'Failed to fetch');
const canceled = new ApiError(409, 'ORDER_CANCELED', 'The order is canceled');
const signedOut = new ApiError(401, 'UNAUTHORIZED', 'Sign in again');
const error = (id: string, e: unknown): Synthetic => ({ type: `xstate.error.actor.${id}`, error: e });

/** The order as the server answers a check-in: the gesture recorded. */
const answer = (q: QueuedCheckIn): CheckedInOrder =>
  ({
    id: q.orderId,
    checkIn: { state: q.state, arrived: q.arrived, at: '2026-11-27T08:00:00.000Z', by: { id: 'u1', name: 'Minh' } },
  }) as CheckedInOrder;

type Event = CheckInEvent | Synthetic;
const GESTURES: CheckInEvent[] = [
  { type: 'checkin.base', parties: PARTIES },
  { type: 'checkin.set', orderId: 'a', state: 'CHECKED_IN' },
  { type: 'checkin.set', orderId: 'a', state: 'CHECKED_IN', arrived: 2 },
  // the stepper before the tap: the next check-in of the party is 2 of its 3
  { type: 'checkin.count', orderId: 'a', arrived: 2 },
  { type: 'checkin.set', orderId: 'b', state: 'NO_SHOW' },
  { type: 'checkin.undo', orderId: 'a' },
  { type: 'net.offline' },
  { type: 'net.online' },
];

type Ctx = {
  base: Record<string, CheckInBase>;
  queue: QueuedCheckIn[];
  undo: Record<string, unknown>;
  problems: Record<string, string>;
  counts: Record<string, number>;
  online: boolean;
  attempts: number;
};
const ctx = (s: Snap) => s.context as unknown as Ctx;

/** The services' answers, as they would come for what is under way; gestures while the queue is short. */
function events(s: Snap): Event[] {
  const c = ctx(s);
  const head = c.queue[0];
  // one gesture at a time (two with the restored one), the connection only when it changes: the
  // queue's order and the conflicts need no longer queues
  const gestures = GESTURES.filter((g) => {
    if (g.type === 'checkin.base') return Object.keys(c.base).length === 0;
    if (g.type === 'checkin.set') return c.queue.length === 0 && Object.keys(c.problems).length === 0;
    if (g.type === 'checkin.undo') return c.queue.length <= 1;
    if (g.type === 'checkin.count') return c.queue.length === 0 && !('a' in c.counts);
    return g.type === 'net.offline' ? c.online : !c.online || s.value === 'waiting';
  });
  return [
    ...gestures,
    done('restoreQueue', []),
    done('restoreQueue', STORED),
    // storage that cannot be read, a browser without connection events: the queue goes on
    error('restoreQueue', new Error('SecurityError')),
    error('connectivity', new Error('no window')),
    ...(head ? [done('sendCheckIn', answer(head))] : []),
    error('sendCheckIn', networkDown),
    error('sendCheckIn', canceled),
    error('sendCheckIn', signedOut),
    done('backoff', undefined),
    error('backoff', new Error('timer')),
  ];
}

const saved: QueuedCheckIn[][] = [];
const model: Model<CheckInEvent> = {
  machine: checkInMachine.provide({ actions: { saveQueue: ({ context }) => void saved.push(context.queue) } }),
  input: { teamId: 'team-1' },
  events: (s) => enabledEvents<CheckInEvent>(events(s))(s as never),
  key: (s) => {
    const c = ctx(s);
    return {
      value: s.value,
      base: Object.keys(c.base).length > 0,
      queue: c.queue.map((q) => `${q.orderId}:${q.state}:${q.arrived}`).join(','),
      undo: Object.keys(c.undo).length > 0,
      problems: Object.keys(c.problems).length > 0,
      counts: Object.keys(c.counts).length > 0,
      online: c.online,
      // a send after a network failure (the backoff's, or the connection's return)
      retried: c.attempts > 0,
    };
  },
  actions: { saveQueue: ({ context }: { context: Ctx }) => void saved.push(context.queue) },
};
const paths = modelPaths(model);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const title = (p: Path) =>
  p.steps
    .slice(1)
    .map((s) => s.event.type.replace('xstate.', '') + ('orderId' in s.event ? `(${String(s.event.orderId)})` : ''))
    .join(' → ') || 'initial';

describe('the check-in queue model', () => {
  const taken = new Set<string>();

  it('reaches every state: restoring, idle, offline, sending, waiting and stalled', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['"restoring"', '"idle"', '"offline"', '"sending"', '"waiting"', '"stalled"'])
      expect(values, v).toContain(v);
  });

  // the paths are many; each replays in a few milliseconds
  describe.each(paths.map((p) => [title(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor, state by state', async () => {
      const seen = await replay(model, path, (actual, expected, event) => expect(actual, event).toBe(expected));
      seen.forEach((t) => taken.add(t));
    });
  });

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual([...new Set(allTransitions(checkInMachine.root))].sort());
  });
});

describe('the check-in queue, what the paths keep', () => {
  const types = (p: Path) => p.steps.map((s) => s.event.type);
  const find = (predicate: (p: Path) => boolean) => {
    const found = paths.find(predicate);
    expect(found).toBeDefined();
    return found!;
  };

  it('offline, a gesture is queued (shown pending) and nothing is sent until the connection returns', () => {
    const p = find((x) => x.state.value === 'offline' && types(x).at(-1) === 'checkin.set');
    expect(ctx(p.state).queue).toHaveLength(1);
    expect(p.state.children.sendCheckIn).toBeUndefined();
    const online = find((x) => {
      const t = types(x);
      return t.includes('net.offline') && t.at(-1) === 'net.online' && ctx(x.state).queue.length > 0;
    });
    expect(online.state.value).toBe('sending');
  });

  it('a reload sends the stored queue first, then the gestures made while it was read', () => {
    const p = find((x) => {
      const t = types(x);
      const restored = t.indexOf('xstate.done.actor.restoreQueue');
      return restored > 0 && t.slice(0, restored).includes('checkin.set') && ctx(x.state).queue.length === 2;
    });
    expect(ctx(p.state).queue[0]).toEqual(STORED[0]);
    expect(p.state.value).toBe('sending');
  });

  it('a partial check-in queues how many came; undo queues what the party read before', () => {
    const partial = find((x) => types(x).at(-1) === 'checkin.set' && ctx(x.state).queue.at(-1)?.arrived === 2);
    expect(ctx(partial.state).queue.at(-1)).toMatchObject({ orderId: 'a', state: 'CHECKED_IN', arrived: 2, total: 3 });
    const undone = find((x) => types(x).at(-1) === 'checkin.undo' && ctx(x.state).queue.length === 2);
    const [first, second] = ctx(undone.state).queue;
    expect(second).toMatchObject({ orderId: 'a', state: 'EXPECTED', arrived: 0 });
    expect(second.key).not.toBe(first.key);
    // undone: nothing more to undo for the party
    expect(ctx(undone.state).undo).toEqual({});
  });

  it('the stepper before the tap makes the next check-in a partial one, in one gesture', () => {
    const p = find((x) => {
      const t = x.steps.map((s) => s.event);
      const counted = t.findIndex((e) => e.type === 'checkin.count');
      return (
        counted > 0 &&
        t.at(-1)?.type === 'checkin.set' &&
        !('arrived' in t.at(-1)!) &&
        (t.at(-1) as { orderId?: string }).orderId === 'a' &&
        ctx(x.state).queue.length === 1
      );
    });
    expect(ctx(p.state).queue[0]).toMatchObject({ orderId: 'a', state: 'CHECKED_IN', arrived: 2 });
    expect(ctx(p.state).counts).toEqual({});
  });

  it('a network failure waits, then sends the same gesture again (same key)', () => {
    const p = find((x) => types(x).at(-1) === 'xstate.error.actor.sendCheckIn' && x.state.value === 'waiting');
    expect(ctx(p.state).queue.length).toBeGreaterThan(0);
    expect(ctx(p.state).attempts).toBeGreaterThan(0);
  });

  it('a canceled order drops its gesture and says so on the row', () => {
    const p = find(
      (x) => types(x).at(-1) === 'xstate.error.actor.sendCheckIn' && Object.keys(ctx(x.state).problems).length > 0,
    );
    const [orderId] = Object.keys(ctx(p.state).problems);
    expect(ctx(p.state).problems[orderId]).toBe('Canceled: not checked in');
    expect(ctx(p.state).queue.some((q) => q.orderId === orderId)).toBe(false);
  });

  it('a 401 stops the queue and keeps it', () => {
    const p = find((x) => x.state.value === 'stalled');
    expect(ctx(p.state).queue.length).toBeGreaterThan(0);
  });
});

describe('the check-in queue with its services', () => {
  const storage = () => window.localStorage;
  beforeEach(() => storage().clear());

  /** A server that records each request it took, with a key seen once (as the real one does). */
  function startQueue(send: (q: QueuedCheckIn) => Promise<CheckedInOrder>) {
    const online = { current: null as null | ((e: CheckInEvent) => void) };
    const logic = checkInMachine.provide({
      actors: {
        sendCheckIn: fromPromise<CheckedInOrder, QueuedCheckIn>(({ input }) => send(input)),
        restoreCheckInQueue,
        backoff: fromPromise<void, { attempts: number }>(() => new Promise(() => undefined)),
        connectivity: fromCallback(({ sendBack }) => {
          online.current = sendBack as (e: CheckInEvent) => void;
        }),
      },
    });
    const notices: NotifyEvent[] = [];
    const actor = createActor(logic, { input: { teamId: 'team-1' } });
    actor.on('notify', (e) => notices.push(e));
    actor.start();
    actor.send({ type: 'checkin.base', parties: PARTIES });
    return { actor, notices, net: (e: CheckInEvent) => online.current!(e) };
  }

  it('a reload keeps what was not sent, and sends it in order, once each', async () => {
    const sent: QueuedCheckIn[] = [];
    const first = startQueue(() => new Promise(() => undefined));
    first.net({ type: 'net.offline' });
    await vi.waitFor(() => expect(first.actor.getSnapshot().value).toBe('idle'));
    first.actor.send({ type: 'checkin.set', orderId: 'a', state: 'CHECKED_IN', arrived: 2 });
    first.actor.send({ type: 'checkin.set', orderId: 'b', state: 'NO_SHOW' });
    expect(first.actor.getSnapshot().value).toBe('offline');
    expect(first.notices.map((n) => n.message)).toEqual([
      'Nguyễn Văn An: 2 of 3 checked in',
      'Lan Tran marked no-show',
    ]);
    expect(readCheckInQueue('team-1').map((q) => q.orderId)).toEqual(['a', 'b']);
    first.actor.stop(); // the tab is closed

    const second = startQueue(async (q) => {
      sent.push(q);
      return answer(q);
    });
    await vi.waitFor(() => expect(second.actor.getSnapshot().value).toBe('idle'));
    expect(sent.map((q) => [q.orderId, q.state, q.arrived])).toEqual([
      ['a', 'CHECKED_IN', 2],
      ['b', 'NO_SHOW', 0],
    ]);
    expect(new Set(sent.map((q) => q.key)).size).toBe(2);
    expect(readCheckInQueue('team-1')).toEqual([]);
    expect(second.actor.getSnapshot().context.base.a).toMatchObject({ state: 'CHECKED_IN', arrived: 2 });
    second.actor.stop();
  });

  it('a network failure keeps the gesture and sends it with its key when the connection returns', async () => {
    const keys: string[] = [];
    let fail = true;
    const { actor, net } = startQueue(async (q) => {
      keys.push(q.key);
      if (fail) throw networkDown;
      return answer(q);
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    actor.send({ type: 'checkin.set', orderId: 'a', state: 'CHECKED_IN' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('waiting'));
    fail = false;
    net({ type: 'net.online' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    actor.stop();
  });

  it('a canceled order is said in a toast, and the Undo of the toast sends the previous state', async () => {
    const sent: QueuedCheckIn[] = [];
    const { actor, notices } = startQueue(async (q) => {
      sent.push(q);
      if (q.orderId === 'b') throw canceled;
      return answer(q);
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    actor.send({ type: 'checkin.set', orderId: 'b', state: 'CHECKED_IN' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.problems.b).toBe('Canceled: not checked in'));
    expect(notices.at(-1)).toMatchObject({
      kind: 'error',
      message: 'Lan Tran: the order was canceled, the check-in was not recorded',
    });
    actor.send({ type: 'checkin.set', orderId: 'a', state: 'NO_SHOW' });
    const undo = notices.at(-1)!.action!.event;
    actor.send(undo as CheckInEvent);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(sent.slice(1).map((q) => [q.orderId, q.state])).toEqual([
      ['a', 'NO_SHOW'],
      ['a', 'EXPECTED'],
    ]);
    actor.stop();
  });
});
