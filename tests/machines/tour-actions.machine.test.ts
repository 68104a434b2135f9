import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyActorLogic, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createTourMachine } from '../../src/machines/create-tour/create-tour.machine';
import type { ListItem } from '../../src/machines/list/types';
import {
  CREATE_TOUR_FAILED,
  LINK_FAILED,
  TOUR_CREATED,
  tourActionsMachine,
  type TourActionsEvent,
  type TourActionsInput,
} from '../../src/machines/tour-actions/tour-actions.machine';
import type { NotifyEvent } from '../../src/machines/notify';
import { graphUnderParent } from './graph-under-parent';
import { underParent } from './shared-fakes';
import { deferredServices, done, failed, fakeService, notFaked, order, quietConsole, tour } from './tour-actions-fakes';

const TZ = 'Asia/Ho_Chi_Minh';
/** The rows the list has loaded. */
const ROWS: ListItem[] = [
  order('o1', '2026-03-10T05:00:00Z'),
  order('o2', '2026-03-09T20:00:00Z'),
  order('o3', '2026-03-12T00:00:00Z'),
];
const linkedRow = (id: string) => ({
  ...ROWS.find((r) => r.id === id)!,
  tour: { id: 't2', displayId: 'T-000002' },
  version: 2,
});
/** What the screen tells the menu on a selection: the ids, and those of them that are loaded. */
const selected = (...ids: string[]): TourActionsEvent => ({
  type: 'tours.select',
  ids,
  rows: ROWS.filter((r) => ids.includes(r.id)),
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
  const input: TourActionsInput = { kind, teamId: 'vn', timezone: TZ };
  const machine = tourActionsMachine.provide({
    actors: {
      createTourDialog: children.createTourDialog ?? notFaked('createTourDialog'),
      linkTourDialog: children.linkTourDialog ?? notFaked('linkTourDialog'),
    } as never,
  });
  const screen = underParent(machine, input);
  const toasts: NotifyEvent[] = [];
  screen.child.on('notify', (e) => toasts.push(e));
  /** What the menu reported to its screen (which patches or reloads the list, the panel and the totals). */
  const changes = () => screen.reportsOf('tours.changed');
  return { actor: screen.child, toasts, changes, reports: screen.reports, reportsOf: screen.reportsOf };
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
    send(actor, selected('o1'));
    expect(actor.getSnapshot().can({ type: 'tours.create' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'tours.link' })).toBe(true);
    send(actor, selected());
    expect(actor.getSnapshot().can({ type: 'tours.create' })).toBe(false);
  });

  it('offers "New tour" on the tours list, with or without a selection, and no linking', () => {
    const { actor } = setup('tours');
    expect(actor.getSnapshot().can({ type: 'tours.create' })).toBe(true);
    send(actor, { type: 'tours.select', ids: ['t1'], rows: [tour('1')] });
    expect(actor.getSnapshot().can({ type: 'tours.link' })).toBe(false);
  });
});

describe('tour actions: create tour from selected orders', () => {
  it('opens the create-tour menu with the selected orders as loaded', async () => {
    const child = dialog({ outcome: 'cancelled', tourId: '', orderIds: ['o1', 'o2'], orders: null });
    const { actor, toasts, reports } = setup('orders', { createTourDialog: child.logic });
    send(actor, selected('o1', 'o2'));
    send(actor, { type: 'tours.create' });
    expect(actor.getSnapshot().value).toBe('creating');
    await flush();
    expect(child.inputs).toEqual([
      { teamId: 'vn', timezone: TZ, orderIds: ['o1', 'o2'], orders: ROWS.filter((r) => r.id !== 'o3') },
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(toasts).toEqual([]);
    expect(reports).toEqual([]);
  });

  it('takes the orders of the latest selection the screen sent, among the loaded rows', async () => {
    const child = dialog({ outcome: 'cancelled', tourId: '', orderIds: [], orders: null });
    const { actor } = setup('orders', { createTourDialog: child.logic });
    send(actor, selected('o1', 'o2'));
    // o9 is selected but not loaded: it has no product or departure to offer
    send(actor, { type: 'tours.select', ids: ['o9', 'o3'], rows: ROWS.filter((r) => r.id === 'o3') });
    send(actor, { type: 'tours.create' });
    await flush();
    expect(child.inputs).toEqual([
      { teamId: 'vn', timezone: TZ, orderIds: ['o9', 'o3'], orders: ROWS.filter((r) => r.id === 'o3') },
    ]);
  });

  it('on success toasts and reports the linked rows as the server holds them', async () => {
    const fresh = [linkedRow('o1'), linkedRow('o2'), order('other', '2026-03-10T00:00:00Z')];
    const child = dialog({ outcome: 'created', tourId: 't2', orderIds: ['o1', 'o2'], orders: fresh });
    const { actor, toasts, reports } = setup('orders', { createTourDialog: child.logic });
    send(actor, selected('o1', 'o2'));
    send(actor, { type: 'tours.create' });
    await flush();
    expect(toasts).toEqual([{ type: 'notify', kind: 'success', message: TOUR_CREATED }]);
    expect(reports).toEqual([
      { type: 'tours.changed', orderIds: ['o1', 'o2'], rows: [linkedRow('o1'), linkedRow('o2')] },
    ]);
  });

  it('reports no rows (the screen reloads the list) when the server copy could not be fetched', async () => {
    const child = dialog({ outcome: 'created', tourId: 't2', orderIds: ['o1'], orders: null });
    const { actor, changes } = setup('orders', { createTourDialog: child.logic });
    send(actor, selected('o1'));
    send(actor, { type: 'tours.create' });
    await flush();
    expect(changes()).toEqual([{ type: 'tours.changed', orderIds: ['o1'], rows: null }]);
  });

  it('toasts the failure (empty tourId) and reports nothing', async () => {
    const child = dialog({ outcome: 'failed', tourId: '', orderIds: ['o1'], orders: null });
    const { actor, toasts, reports } = setup('orders', { createTourDialog: child.logic });
    send(actor, selected('o1'));
    send(actor, { type: 'tours.create' });
    await flush();
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: CREATE_TOUR_FAILED }]);
    expect(reports).toEqual([]);
  });

  it('"New tour" on the tours list links no orders (the selection holds tours); the screen reloads the list', async () => {
    const child = dialog({ outcome: 'created', tourId: 't9', orderIds: [], orders: null });
    const { actor, changes } = setup('tours', { createTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['t1'], rows: [tour('1')] });
    send(actor, { type: 'tours.create' });
    await flush();
    expect(child.inputs).toEqual([{ teamId: 'vn', timezone: TZ, orderIds: [], orders: [] }]);
    expect(changes()).toEqual([{ type: 'tours.changed', orderIds: [], rows: null }]);
  });

  it('"Tour created" names the tour and its action asks the screen to open it', async () => {
    const created = { displayId: 'T-000009', displayName: 'Halong Bay Sun, 1 Nov 2026' };
    const child = dialog({ outcome: 'created', tourId: 't9', created, orderIds: ['o1'], orders: [linkedRow('o1')] });
    const { actor, toasts, reportsOf } = setup('orders', { createTourDialog: child.logic });
    send(actor, selected('o1'));
    send(actor, { type: 'tours.create' });
    await flush();
    // the tour by its id: the screen opens its side panel
    const open = { type: 'tours.open', id: 't9', displayId: 'T-000009' };
    expect(toasts).toEqual([
      {
        type: 'notify',
        kind: 'success',
        message: TOUR_CREATED,
        detail: 'T-000009 · Halong Bay Sun, 1 Nov 2026',
        action: { label: 'Open T-000009', event: open },
      },
    ]);
    // the toast sends its action back to this actor, which reports it to the screen
    actor.send(toasts[0].action!.event as TourActionsEvent);
    expect(reportsOf('tours.open')).toEqual([open]);
  });

  it('runs the real create-tour menu end to end with its services', async () => {
    const create = fakeService(() => ({ tourId: 't2' }));
    const load = fakeService(() => [linkedRow('o3')]);
    const createTourDialog = createTourMachine.provide({
      actors: { createTour: create.logic, tourOrders: load.logic },
    });
    const { actor, toasts, changes } = setup('orders', { createTourDialog });
    send(actor, selected('o3'));
    send(actor, { type: 'tours.create' });
    const menu = actor.getSnapshot().children.createTourDialog!;
    menu.send({ type: 'create.name', value: 'Morning group' });
    menu.send({ type: 'create.submit' });
    await flush();
    await flush();
    expect(create.calls).toEqual([
      {
        teamId: 'vn',
        orderIds: ['o3'],
        departureAt: '2026-03-12T00:00:00.000Z',
        displayName: 'Morning group',
        productId: 'p1',
      },
    ]);
    expect(toasts.map((t) => t.message)).toEqual([TOUR_CREATED]);
    expect(changes()).toEqual([{ type: 'tours.changed', orderIds: ['o3'], rows: [linkedRow('o3')] }]);
  });
});

describe('tour actions: add to existing tour', () => {
  it('searches the tours around the selected orders days, names them, toasts the link and reports it', async () => {
    const child = dialog({ outcome: 'linked', tour: tour('2'), orderIds: ['o1'], orders: [linkedRow('o1')] });
    const { actor, toasts, reports } = setup('orders', { linkTourDialog: child.logic });
    send(actor, selected('o1', 'o3'));
    send(actor, { type: 'tours.link' });
    await flush();
    expect(child.inputs).toEqual([
      {
        teamId: 'vn',
        orderIds: ['o1', 'o3'],
        displayIds: ['VN-o1', 'VN-o3'],
        linkedTo: null,
        startDate: '2026-03-07',
        endDate: '2026-03-15',
      },
    ]);
    // one "linked" toast: a newer link replaces it, an unlink takes it away
    expect(toasts).toEqual([
      { type: 'notify', kind: 'success', message: '1 order linked to T-000002', id: 'tour-link' },
    ]);
    expect(reports).toEqual([{ type: 'tours.changed', orderIds: ['o1'], rows: [linkedRow('o1')] }]);
  });

  it('does not offer the tour every selected order is in already', async () => {
    const child = dialog({ outcome: 'cancelled', tour: null, orderIds: [], orders: null });
    const { actor } = setup('orders', { linkTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o1', 'o3'], rows: [linkedRow('o1'), linkedRow('o3')] });
    send(actor, { type: 'tours.link' });
    await flush();
    expect(child.inputs).toMatchObject([{ linkedTo: 't2' }]);
    // one of them elsewhere (or not loaded): the tour is offered, linking the other changes something
    send(actor, { type: 'tours.select', ids: ['o1', 'o3'], rows: [linkedRow('o1'), ROWS[2]] });
    send(actor, { type: 'tours.link' });
    await flush();
    expect(child.inputs).toMatchObject([{ linkedTo: 't2' }, { linkedTo: null }]);
  });

  it('names only the selected orders that are loaded', async () => {
    const child = dialog({ outcome: 'cancelled', tour: null, orderIds: [], orders: null });
    const { actor } = setup('orders', { linkTourDialog: child.logic });
    send(actor, { type: 'tours.select', ids: ['o9', 'o2'], rows: ROWS.filter((r) => r.id === 'o2') });
    send(actor, { type: 'tours.link' });
    await flush();
    expect(child.inputs).toMatchObject([{ orderIds: ['o9', 'o2'], displayIds: ['VN-o2'] }]);
  });

  it('reports no rows when the linked orders could not be fetched', async () => {
    const child = dialog({ outcome: 'linked', tour: tour('2'), orderIds: ['o1', 'o2'], orders: null });
    const { actor, toasts, changes } = setup('orders', { linkTourDialog: child.logic });
    send(actor, selected('o1', 'o2'));
    send(actor, { type: 'tours.link' });
    await flush();
    expect(toasts.map((t) => t.message)).toEqual(['2 orders linked to T-000002']);
    expect(changes()).toEqual([{ type: 'tours.changed', orderIds: ['o1', 'o2'], rows: null }]);
  });

  it('toasts a failed link (logged only by the service) and reports nothing', async () => {
    const child = dialog({ outcome: 'failed', tour: null, orderIds: ['o1'], orders: null });
    const { actor, toasts, reports } = setup('orders', { linkTourDialog: child.logic });
    send(actor, selected('o1'));
    send(actor, { type: 'tours.link' });
    await flush();
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: LINK_FAILED }]);
    expect(reports).toEqual([]);
  });

  it('toasts and logs when a dialog itself breaks', async () => {
    const { actor, toasts, reports } = setup('orders');
    send(actor, selected('o1'));
    send(actor, { type: 'tours.link' });
    await flush();
    expect(toasts.map((t) => t.message)).toEqual([LINK_FAILED]);
    expect(console.error).toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(reports).toEqual([]);
  });
});

// ---------------------------------------------------------------- model-based
const created = (orders: unknown) => ({ outcome: 'created', tourId: 't2', orderIds: ['o1'], orders });
const linked = (orders: unknown) => ({ outcome: 'linked', tour: tour('2'), orderIds: ['o1'], orders });
const EVENTS: AnyEventObject[] = [
  selected(),
  selected('o1'),
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
  const input: TourActionsInput = { kind, teamId: 'vn', timezone: TZ };
  type Snap = ReturnType<typeof tourActionsMachine.getInitialSnapshot>;
  const key = (s: Snap) => JSON.stringify({ status: s.status, value: s.value, ids: s.context.ids });
  // the graph also sends results of dialogs that are not open; a real actor never sees those
  const paths = getShortestPaths(graphUnderParent(tourActionsMachine), {
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

  /** What the screen hears of an outcome: the server's linked rows on the orders list, else a reload (null). */
  const reportOf = (output: { outcome: string; orderIds: string[]; orders: unknown }) => ({
    type: 'tours.changed',
    orderIds: output.orderIds,
    rows: kind === 'orders' ? output.orders : null,
  });

  // each step is checked for its state, the toasts a real actor emits on it and what it reports
  it.each(paths.map((p) => [describePath(p), p] as const))('%s replays on a real actor', async (_, path) => {
    vi.useFakeTimers();
    const services = deferredServices(['createTourDialog', 'linkTourDialog']);
    const screen = underParent(tourActionsMachine.provide({ actors: services.actors as never }), input);
    const actor = screen.child;
    const toasts: string[] = [];
    actor.on('notify', (e) => toasts.push(`${e.kind}:${e.message}`));
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.init') continue;
      toasts.length = 0;
      screen.reports.length = 0;
      if (!(await services.settle(event, () => vi.advanceTimersByTimeAsync(0)))) actor.send(event as TourActionsEvent);
      await vi.advanceTimersByTimeAsync(0);
      expect(key(actor.getSnapshot()), event.type).toBe(key(step.state as Snap));
      const output = (event as { output?: { outcome: string; orderIds: string[]; orders: unknown } }).output;
      if (event.type.startsWith('xstate.error.actor.')) expect(toasts[0]).toMatch(/^error:Failed to/);
      else if (output?.outcome === 'failed')
        expect(toasts).toEqual([`error:${event.type.includes('create') ? CREATE_TOUR_FAILED : LINK_FAILED}`]);
      else if (output?.outcome === 'created' || output?.outcome === 'linked') expect(toasts).toHaveLength(1);
      else expect(toasts).toEqual([]);
      const changed = output?.outcome === 'created' || output?.outcome === 'linked';
      expect(screen.reports).toEqual(changed ? [reportOf(output)] : []);
    }
    screen.stop();
  });
});
