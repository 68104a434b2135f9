import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createTourMachine, type CreateTourEvent, type CreateTourInput } from '../../src/machines/create-tour/create-tour.machine';
import { departureDefaults, firstDeparture, toDepartureAt } from '../../src/domain/create-tour-form';
import { deferredServices, done, failed, fakeService, notFaked, order, quietConsole } from './tour-actions-fakes';

const TZ = 'Asia/Ho_Chi_Minh';
const withOrders: CreateTourInput = {
  teamId: 'vn',
  timezone: TZ,
  orderIds: ['o1', 'o2'],
  departureAt: '2026-03-10T01:30:00.000Z',
};
const noOrders: CreateTourInput = { teamId: 'vn', timezone: TZ, orderIds: [], departureAt: null };

beforeEach(quietConsole);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function start(input: CreateTourInput, createTour = notFaked('createTour'), tourOrders = notFaked('tourOrders')) {
  const machine = createTourMachine.provide({ actors: { createTour, tourOrders } });
  return createActor(machine, { input }).start();
}

describe('create-tour form rules', () => {
  it('defaults to the first order departure in the team timezone, 24-hour', () => {
    expect(departureDefaults('2026-03-10T13:45:00.000Z', TZ, new Date())).toEqual({
      date: '2026-03-10',
      time: '20:45',
    });
  });

  it('defaults a tour without orders to today 09:00 in the team timezone', () => {
    expect(departureDefaults(null, TZ, new Date('2026-03-10T20:00:00.000Z'))).toEqual({
      date: '2026-03-11',
      time: '09:00',
    });
  });

  it('reads the day and time in the team timezone', () => {
    expect(toDepartureAt({ date: '2026-03-10', time: '08:30' }, TZ)).toBe('2026-03-10T01:30:00.000Z');
  });

  it('takes the earliest selected departure as the first order', () => {
    const rows = [
      order('o1', '2026-03-12T00:00:00Z'),
      order('o2', '2026-03-11T00:00:00Z'),
      order('o3', '2026-03-01T00:00:00Z'),
    ];
    expect(firstDeparture(rows, ['o1', 'o2'])).toBe('2026-03-11T00:00:00Z');
    expect(firstDeparture(rows, ['gone'])).toBeNull();
  });
});

describe('create-tour machine', () => {
  it('creates the tour with the name and departure typed, then loads its orders', async () => {
    const create = fakeService(() => ({ tourId: 't9' }));
    const orders = [order('o1', withOrders.departureAt!), order('o2', withOrders.departureAt!)];
    const load = fakeService(() => orders);
    const actor = start(withOrders, create.logic, load.logic);
    actor.send({ type: 'create.name', value: '  Sunrise  ' });
    actor.send({ type: 'create.time', value: '06:15' });
    actor.send({ type: 'create.submit' });
    const output = await toPromise(actor);
    expect(create.calls).toEqual([
      { teamId: 'vn', orderIds: ['o1', 'o2'], departureAt: '2026-03-09T23:15:00.000Z', displayName: 'Sunrise' },
    ]);
    expect(load.calls).toEqual([{ tourId: 't9' }]);
    expect(output).toEqual({ outcome: 'created', tourId: 't9', orderIds: ['o1', 'o2'], orders });
  });

  it('sends no display name when none is typed and skips loading orders for a tour without orders', async () => {
    const create = fakeService((_: { displayName?: string }) => ({ tourId: 't1' }));
    const actor = start(noOrders, create.logic);
    actor.send({ type: 'create.submit' });
    expect(await toPromise(actor)).toEqual({ outcome: 'created', tourId: 't1', orderIds: [], orders: null });
    expect(create.calls[0].displayName).toBeUndefined();
  });

  it('treats an empty tourId as the failure (SPEC section 8)', async () => {
    const actor = start(withOrders, fakeService(() => ({ tourId: '' })).logic);
    actor.send({ type: 'create.submit' });
    expect((await toPromise(actor)).outcome).toBe('failed');
  });

  it('refuses an invalid time (24-hour form) until it is fixed', () => {
    const actor = start(withOrders);
    actor.send({ type: 'create.time', value: '7pm' });
    expect(actor.getSnapshot().can({ type: 'create.submit' })).toBe(false);
    actor.send({ type: 'create.time', value: '19:00' });
    expect(actor.getSnapshot().can({ type: 'create.submit' })).toBe(true);
  });

  it('ends cancelled without calling the server', async () => {
    const actor = start(withOrders);
    actor.send({ type: 'create.cancel' });
    expect((await toPromise(actor)).outcome).toBe('cancelled');
  });
});

// ---------------------------------------------------------------- model-based
type ModelEvent = CreateTourEvent | ReturnType<typeof done> | ReturnType<typeof failed>;
const ORDERS = [order('o1', withOrders.departureAt!)];
const EVENTS: ModelEvent[] = [
  { type: 'create.name', value: 'Sunrise' },
  { type: 'create.date', value: '2026-02-30' },
  { type: 'create.date', value: '2026-03-12' },
  { type: 'create.time', value: '24:00' },
  { type: 'create.time', value: '07:05' },
  { type: 'create.submit' },
  { type: 'create.cancel' },
  done('createTour', { tourId: 't1' }),
  done('createTour', { tourId: '' }),
  failed('createTour'),
  done('tourOrders', ORDERS),
  done('tourOrders', null),
  failed('tourOrders'),
];

type Snap = ReturnType<typeof createTourMachine.getInitialSnapshot>;
const key = (s: Snap) =>
  JSON.stringify({
    status: s.status,
    value: s.value,
    outcome: s.context.outcome,
    date: s.context.date,
    time: s.context.time,
    orders: s.context.orders?.length ?? null,
  });

describe.each([
  ['with orders', withOrders],
  ['without orders', noOrders],
])('create-tour model, %s', (_, input) => {
  // the graph also sends results of services that are not running; a real actor never sees those
  const paths = getShortestPaths(createTourMachine, {
    events: EVENTS as CreateTourEvent[],
    input,
    serializeState: (s) => key(s as Snap),
  }).filter((p) => p.state.status !== 'error');

  it('reaches every outcome', () => {
    const outcomes = new Set(paths.filter((p) => p.state.status === 'done').map((p) => p.state.context.outcome));
    expect(outcomes).toEqual(new Set(['cancelled', 'failed', 'created']));
  });

  const describePath = (p: (typeof paths)[number]) =>
    `${p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')} ⇒ ${key(p.state)}`;

  it.each(paths.map((p) => [describePath(p), p] as const))('%s replays on a real actor', async (_, path) => {
    vi.useFakeTimers();
    const services = deferredServices(['createTour', 'tourOrders']);
    const actor = createActor(createTourMachine.provide({ actors: services.actors }), { input }).start();
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.init') continue;
      const settled = await services.settle(event, () => vi.advanceTimersByTimeAsync(0));
      if (!settled) actor.send(event as CreateTourEvent);
      await vi.advanceTimersByTimeAsync(0);
      expect(key(actor.getSnapshot()), event.type).toBe(key(step.state as Snap));
    }
    expect(actor.getSnapshot().status).toBe(path.state.status);
    actor.stop();
  });
});
