import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  createTourMachine,
  type CreateTourEvent,
  type CreateTourInput,
} from '../../src/machines/create-tour/create-tour.machine';
import { deferredServices, done, failed, fakeService, notFaked, order, quietConsole } from './tour-actions-fakes';

const TZ = 'Asia/Ho_Chi_Minh';
const CITY = { id: 'city', route: 'Hanoi', pack: 'Old quarter walk' };
const BAY = { id: 'bay', route: 'Ha Long', pack: 'Day cruise' };
/** Two city walks at 08:30 and a cruise at 07:00 on 10 March (team time, UTC+7). */
const mixed = [
  order('o1', '2026-03-10T01:30:00.000Z', { product: CITY }),
  order('o2', '2026-03-10T00:00:00.000Z', { product: BAY }),
  order('o3', '2026-03-10T01:30:00.000Z', { product: CITY }),
];
const withOrders: CreateTourInput = { teamId: 'vn', timezone: TZ, orderIds: ['o1', 'o2', 'o3'], orders: mixed };
const noOrders: CreateTourInput = { teamId: 'vn', timezone: TZ, orderIds: [], orders: [] };

beforeEach(quietConsole);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function start(input: CreateTourInput, createTour = notFaked('createTour'), tourOrders = notFaked('tourOrders')) {
  const machine = createTourMachine.provide({ actors: { createTour, tourOrders } });
  return createActor(machine, { input }).start();
}

describe('create-tour machine', () => {
  it('shows what differs between the selected orders and defaults to the most common product and departure', () => {
    const { context } = start(withOrders).getSnapshot();
    expect(context.summary.differ).toEqual({ product: true, day: false, time: true });
    expect(context.productId).toBe('city');
    expect([context.date, context.time]).toEqual(['2026-03-10', '08:30']);
  });

  it('creates the tour with the product, departure and name chosen, then loads its orders', async () => {
    const create = fakeService(() => ({ tourId: 't9' }));
    const load = fakeService(() => mixed);
    const actor = start(withOrders, create.logic, load.logic);
    actor.send({ type: 'create.name', value: '  Sunrise  ' });
    actor.send({ type: 'create.product', productId: 'bay' });
    actor.send({ type: 'create.departure', date: '2026-03-10', time: '07:00' });
    actor.send({ type: 'create.submit' });
    const output = await toPromise(actor);
    expect(create.calls).toEqual([
      {
        teamId: 'vn',
        orderIds: ['o1', 'o2', 'o3'],
        departureAt: '2026-03-10T00:00:00.000Z',
        displayName: 'Sunrise',
        productId: 'bay',
      },
    ]);
    expect(load.calls).toEqual([{ tourId: 't9' }]);
    expect(output).toEqual({
      outcome: 'created',
      tourId: 't9',
      created: null,
      orderIds: ['o1', 'o2', 'o3'],
      orders: mixed,
    });
  });

  it('offers only the products of the selected orders', () => {
    const actor = start(withOrders);
    expect(actor.getSnapshot().can({ type: 'create.product', productId: 'elsewhere' })).toBe(false);
    actor.send({ type: 'create.product', productId: 'elsewhere' });
    expect(actor.getSnapshot().context.productId).toBe('city');
  });

  it('a typed time still wins over the departure picked', () => {
    const create = fakeService((_: { departureAt: string }) => ({ tourId: 't1' }));
    const actor = start(withOrders, create.logic, fakeService(() => []).logic);
    actor.send({ type: 'create.departure', date: '2026-03-10', time: '07:00' });
    actor.send({ type: 'create.time', value: '07:15' });
    actor.send({ type: 'create.submit' });
    expect(create.calls[0].departureAt).toBe('2026-03-10T00:15:00.000Z');
  });

  it('a tour without orders: today 09:00, no product, no display name, no orders to load', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T20:00:00.000Z'), toFake: ['Date'] });
    const create = fakeService((_: { displayName?: string; productId?: string }) => ({ tourId: 't1' }));
    const actor = start(noOrders, create.logic);
    expect([actor.getSnapshot().context.date, actor.getSnapshot().context.time]).toEqual(['2026-03-11', '09:00']);
    actor.send({ type: 'create.submit' });
    expect(await toPromise(actor)).toEqual({
      outcome: 'created',
      tourId: 't1',
      created: null,
      orderIds: [],
      orders: null,
    });
    expect(create.calls[0]).toEqual({ teamId: 'vn', orderIds: [], departureAt: '2026-03-11T02:00:00.000Z' });
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
const ORDERS = [mixed[0]];
const EVENTS: ModelEvent[] = [
  { type: 'create.name', value: 'Sunrise' },
  { type: 'create.product', productId: 'bay' },
  { type: 'create.product', productId: 'elsewhere' },
  { type: 'create.departure', date: '2026-03-10', time: '07:00' },
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
    productId: s.context.productId,
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
