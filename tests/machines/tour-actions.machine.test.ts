import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createTourMachine } from '../../src/machines/create-tour/create-tour.machine';
import type { ListHandle } from '../../src/machines/list/types';
import {
  CREATE_TOUR_FAILED,
  LINK_FAILED,
  TOUR_CREATED,
  tourActionsMachine,
  type TourActionsEvent,
  type TourActionsInput,
} from '../../src/machines/tour-actions/tour-actions.machine';
import type { NotifyEvent } from '../../src/machines/notify';
import {
  deferredServices,
  done,
  failed,
  fakeCounts,
  fakeList,
  fakeService,
  notFaked,
  order,
  quietConsole,
  tour,
} from './tour-actions-fakes';

const TZ = 'Asia/Ho_Chi_Minh';
const ROWS = [
  order('o1', '2026-03-10T05:00:00Z'),
  order('o2', '2026-03-09T20:00:00Z'),
  order('o3', '2026-03-12T00:00:00Z'),
];
const linkedRow = (id: string) => ({
  ...ROWS.find((r) => r.id === id)!,
  tour: { id: 't2', displayId: 'T-000002' },
  version: 2,
});

beforeEach(quietConsole);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function setup(
  kind: 'orders' | 'tours',
  children: { createTourDialog?: AnyActorLogic; linkTourDialog?: AnyActorLogic } = {},
) {
  const list = fakeList(ROWS);
  const counts = fakeCounts();
  const input: TourActionsInput = {
    kind,
    teamId: 'vn',
    timezone: TZ,
    list: list as unknown as ListHandle,
    counts: counts.actor as never,
  };
  const machine = tourActionsMachine.provide({
    actors: {
      createTourDialog: children.createTourDialog ?? notFaked('createTourDialog'),
      linkTourDialog: children.linkTourDialog ?? notFaked('linkTourDialog'),
    } as never,
  });
  const actor = createActor(machine, { input });
  const toasts: NotifyEvent[] = [];
  actor.on('notify', (e) => toasts.push(e));
  actor.start();
  const listEvents = () => list.getSnapshot().context.received;
  return { actor, toasts, listEvents, counts };
}

/** A dialog that records its input and ends with the given output. */
function dialog(output: unknown) {
  const inputs: unknown[] = [];
  const logic = fromPromise(async ({ input }) => {
    inputs.push(input);
    return output;
  });
  return { logic, inputs };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const send = (actor: ReturnType<typeof setup>['actor'], event: TourActionsEvent) => actor.send(event);

describe('tour actions: what the menu allows', () => {
  it('needs a selection for both order actions', () => {
    const { actor } = setup('orders');
    expect(actor.getSnapshot().can({ type: 'tours.create' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'tours.link' })).toBe(false);
    send(actor, { type: 'tours.select', ids: ['o1'] });
    expect(actor.getSnapshot().can({ type: 'tours.create' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'tours.link' })).toBe(true);
  });

  it('offers "New tour" on the tours list, with or without a selection, and no linking', () => {
    const { actor } = setup('tours');
    expect(actor.getSnapshot().can({ type: 'tours.create' })).toBe(true);
    send(actor, { type: 'tours.select', ids: ['t1'] });
    expect(actor.getSnapshot().can({ type: 'tours.link' })).toBe(false);
  });
});

describe('tour actions: create tour from selected orders', () => {
  it('opens the create-tour menu with the selected orders and the first one departure', async () => {
    const child = dialog({ outcome: 'cancelled', tourId: '', orderIds: ['o1', 'o2'], orders: null });
    const { actor, toasts, listEvents } = setup('orders', { createTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o1', 'o2'] });
    send(actor, { type: 'tours.create' });
    expect(actor.getSnapshot().value).toBe('creating');
    await flush();
    expect(child.inputs).toEqual([
      { teamId: 'vn', timezone: TZ, orderIds: ['o1', 'o2'], departureAt: '2026-03-09T20:00:00Z' },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(toasts).toEqual([]);
    expect(listEvents()).toEqual([]);
  });

  it('on success toasts, patches the linked rows with the server copy and refreshes the counts', async () => {
    const fresh = [linkedRow('o1'), linkedRow('o2'), order('other', '2026-03-10T00:00:00Z')];
    const child = dialog({ outcome: 'created', tourId: 't2', orderIds: ['o1', 'o2'], orders: fresh });
    const { actor, toasts, listEvents, counts } = setup('orders', { createTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o1', 'o2'] });
    send(actor, { type: 'tours.create' });
    await flush();
    expect(toasts).toEqual([{ type: 'notify', kind: 'success', message: TOUR_CREATED }]);
    expect(listEvents()).toEqual([{ type: 'list.patch', rows: [linkedRow('o1'), linkedRow('o2')] }]);
    expect(counts.received).toEqual([{ type: 'counts.refresh' }]);
  });

  it('reloads the list when the server copy could not be fetched', async () => {
    const child = dialog({ outcome: 'created', tourId: 't2', orderIds: ['o1'], orders: null });
    const { actor, listEvents } = setup('orders', { createTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o1'] });
    send(actor, { type: 'tours.create' });
    await flush();
    expect(listEvents()).toEqual([{ type: 'list.refresh' }]);
  });

  it('toasts the failure (empty tourId) and leaves the list alone', async () => {
    const child = dialog({ outcome: 'failed', tourId: '', orderIds: ['o1'], orders: null });
    const { actor, toasts, listEvents, counts } = setup('orders', { createTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o1'] });
    send(actor, { type: 'tours.create' });
    await flush();
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: CREATE_TOUR_FAILED }]);
    expect(listEvents()).toEqual([]);
    expect(counts.received).toEqual([]);
  });

  it('"New tour" on the tours list links no orders (the selection holds tours) and reloads the list', async () => {
    const child = dialog({ outcome: 'created', tourId: 't9', orderIds: [], orders: null });
    const { actor, listEvents } = setup('tours', { createTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['t1'] });
    send(actor, { type: 'tours.create' });
    await flush();
    expect(child.inputs).toEqual([{ teamId: 'vn', timezone: TZ, orderIds: [], departureAt: null }]);
    expect(listEvents()).toEqual([{ type: 'list.refresh' }]);
  });

  it('runs the real create-tour menu end to end with its services', async () => {
    const create = fakeService(() => ({ tourId: 't2' }));
    const load = fakeService(() => [linkedRow('o3')]);
    const createTourDialog = createTourMachine.provide({
      actors: { createTour: create.logic, tourOrders: load.logic },
    });
    const { actor, toasts, listEvents } = setup('orders', { createTourDialog });
    send(actor, { type: 'tours.select', ids: ['o3'] });
    send(actor, { type: 'tours.create' });
    const menu = actor.getSnapshot().children.createTourDialog!;
    menu.send({ type: 'create.name', value: 'Morning group' });
    menu.send({ type: 'create.submit' });
    await flush();
    await flush();
    expect(create.calls).toEqual([
      { teamId: 'vn', orderIds: ['o3'], departureAt: '2026-03-12T00:00:00.000Z', displayName: 'Morning group' },
    ]);
    expect(toasts.map((t) => t.message)).toEqual([TOUR_CREATED]);
    expect(listEvents()).toEqual([{ type: 'list.patch', rows: [linkedRow('o3')] }]);
  });
});

describe('tour actions: add to existing tour', () => {
  it('searches the tours around the selected orders days and toasts the link', async () => {
    const child = dialog({ outcome: 'linked', tour: tour('2'), orderIds: ['o1'], orders: [linkedRow('o1')] });
    const { actor, toasts, listEvents, counts } = setup('orders', { linkTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o1', 'o3'] });
    send(actor, { type: 'tours.link' });
    await flush();
    expect(child.inputs).toEqual([
      { teamId: 'vn', orderIds: ['o1', 'o3'], startDate: '2026-03-07', endDate: '2026-03-15' },
    ]);
    expect(toasts).toEqual([{ type: 'notify', kind: 'success', message: '1 order linked to T-000002' }]);
    expect(listEvents()).toEqual([{ type: 'list.patch', rows: [linkedRow('o1')] }]);
    expect(counts.received).toHaveLength(1);
  });

  it('toasts a failed link (logged only by the service)', async () => {
    const child = dialog({ outcome: 'failed', tour: null, orderIds: ['o1'], orders: null });
    const { actor, toasts, listEvents } = setup('orders', { linkTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o1'] });
    send(actor, { type: 'tours.link' });
    await flush();
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: LINK_FAILED }]);
    expect(listEvents()).toEqual([]);
  });

  it('toasts and logs when a dialog itself breaks', async () => {
    const { actor, toasts } = setup('orders');
    send(actor, { type: 'tours.select', ids: ['o1'] });
    send(actor, { type: 'tours.link' });
    await flush();
    expect(toasts.map((t) => t.message)).toEqual([LINK_FAILED]);
    expect(console.error).toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

// ---------------------------------------------------------------- model-based
const created = (orders: unknown) => ({ outcome: 'created', tourId: 't2', orderIds: ['o1'], orders });
const linked = (orders: unknown) => ({ outcome: 'linked', tour: tour('2'), orderIds: ['o1'], orders });
const EVENTS: AnyEventObject[] = [
  { type: 'tours.select', ids: [] },
  { type: 'tours.select', ids: ['o1'] },
  { type: 'tours.create' },
  { type: 'tours.link' },
  done('createTourDialog', created([linkedRow('o1')])),
  done('createTourDialog', created(null)),
  done('createTourDialog', { outcome: 'failed', tourId: '', orderIds: ['o1'], orders: null }),
  done('createTourDialog', { outcome: 'cancelled', tourId: '', orderIds: ['o1'], orders: null }),
  failed('createTourDialog'),
  done('linkTourDialog', linked([linkedRow('o1')])),
  done('linkTourDialog', linked(null)),
  done('linkTourDialog', { outcome: 'failed', tour: null, orderIds: ['o1'], orders: null }),
  done('linkTourDialog', { outcome: 'cancelled', tour: null, orderIds: ['o1'], orders: null }),
  failed('linkTourDialog'),
];

describe.each(['orders', 'tours'] as const)('tour actions model on the %s list', (kind) => {
  const list = fakeList(ROWS);
  const counts = fakeCounts();
  const input = {
    kind,
    teamId: 'vn',
    timezone: TZ,
    list: list as unknown as ListHandle,
    counts: counts.actor as never,
  };
  type Snap = ReturnType<typeof tourActionsMachine.getInitialSnapshot>;
  const key = (s: Snap) => JSON.stringify({ status: s.status, value: s.value, ids: s.context.ids });
  // the graph also sends results of dialogs that are not open; a real actor never sees those
  const paths = getShortestPaths(tourActionsMachine, {
    events: EVENTS as TourActionsEvent[],
    input,
    serializeState: (s) => key(s as Snap),
  }).filter((p) => p.state.status !== 'error');

  it('reaches every state', () => {
    const values = new Set(paths.map((p) => p.state.value));
    expect(values).toEqual(
      kind === 'orders' ? new Set(['idle', 'creating', 'linking']) : new Set(['idle', 'creating']),
    );
  });

  const describePath = (p: (typeof paths)[number]) =>
    `${p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')} ⇒ ${key(p.state)}`;

  // each step is checked for its state and for the toasts a real actor emits on it
  it.each(paths.map((p) => [describePath(p), p] as const))('%s replays on a real actor', async (_, path) => {
    vi.useFakeTimers();
    const services = deferredServices(['createTourDialog', 'linkTourDialog']);
    const actor = createActor(tourActionsMachine.provide({ actors: services.actors as never }), { input });
    const toasts: string[] = [];
    actor.on('notify', (e) => toasts.push(`${e.kind}:${e.message}`));
    actor.start();
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.init') continue;
      toasts.length = 0;
      if (!(await services.settle(event, () => vi.advanceTimersByTimeAsync(0)))) actor.send(event as TourActionsEvent);
      await vi.advanceTimersByTimeAsync(0);
      expect(key(actor.getSnapshot()), event.type).toBe(key(step.state as Snap));
      const outcome = (event as { output?: { outcome: string } }).output?.outcome;
      if (event.type.startsWith('xstate.error.actor.')) expect(toasts[0]).toMatch(/^error:Failed to/);
      else if (outcome === 'failed')
        expect(toasts).toEqual([`error:${event.type.includes('create') ? CREATE_TOUR_FAILED : LINK_FAILED}`]);
      else if (outcome === 'created' || outcome === 'linked') expect(toasts).toHaveLength(1);
      else expect(toasts).toEqual([]);
    }
    actor.stop();
  });
});
