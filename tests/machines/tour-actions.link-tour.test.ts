import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  linkTourMachine,
  SEARCH_DEBOUNCE_MS,
  type LinkTourEvent,
  type LinkTourInput,
} from '../../src/machines/link-tour/link-tour.machine';
import { matchingTours, orderDays, tourDisplayId } from '../../src/domain/link-tour-search';
import { deferredServices, done, failed, fakeService, notFaked, order, quietConsole, tour } from './tour-actions-fakes';

const input: LinkTourInput = {
  teamId: 'vn',
  orderIds: ['o1', 'o2'],
  displayIds: ['VN-o1', 'VN-o2'],
  startDate: '2026-03-10',
  endDate: '2026-03-11',
};
const TOURS = [
  tour('1', { displayName: 'Halong Bay 2026-03-10' }),
  tour('2', { displayName: 'Mekong Delta 2026-03-10' }),
];

beforeEach(quietConsole);
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function start(
  services: Partial<Record<'findTours' | 'linkOrders' | 'tourOrders', ReturnType<typeof fakeService>['logic']>> = {},
  linkedTo: string | null = null,
) {
  const machine = linkTourMachine.provide({
    actors: {
      findTours: services.findTours ?? notFaked('findTours'),
      linkOrders: services.linkOrders ?? notFaked('linkOrders'),
      tourOrders: services.tourOrders ?? notFaked('tourOrders'),
    } as never,
  });
  return createActor(machine, { input: { ...input, linkedTo } }).start();
}

describe('link search rules', () => {
  it('reads a tour display id in any usual spelling', () => {
    expect(tourDisplayId('T-000123')).toBe('T-000123');
    expect(tourDisplayId('t-12')).toBe('T-000012');
    expect(tourDisplayId(' 42 ')).toBe('T-000042');
    expect(tourDisplayId('Halong')).toBeNull();
  });

  it('narrows the tours by name or display id, case-insensitively; a display id is left to the server', () => {
    expect(matchingTours(TOURS, 'mekong').map((t) => t.id)).toEqual(['2']);
    expect(matchingTours(TOURS, '').map((t) => t.id)).toEqual(['1', '2']);
    expect(matchingTours(TOURS, 'T-000001').map((t) => t.id)).toEqual(['1', '2']);
  });

  it('offers the tours a few days around the selected orders days, in the team timezone', () => {
    const rows = [order('o1', '2026-03-10T20:00:00Z'), order('o2', '2026-03-09T01:00:00Z')];
    expect(orderDays(rows, ['o1', 'o2'], 'Asia/Ho_Chi_Minh', new Date())).toEqual({
      startDate: '2026-03-06',
      endDate: '2026-03-14',
    });
    expect(orderDays(rows, [], 'UTC', new Date('2026-05-01T00:00:00Z'))).toEqual({
      startDate: '2026-04-28',
      endDate: '2026-05-04',
    });
  });
});

describe('link-tour machine', () => {
  it('lists the tours of the orders days, searches a display id after a pause, and links the pick', async () => {
    vi.useFakeTimers();
    const find = fakeService((q: object) => ('displayId' in q ? [TOURS[1]] : TOURS));
    const linked = { ...TOURS[1], orderCount: 2 };
    const link = fakeService(() => linked);
    const fresh = [order('o1', '2026-03-10T02:00:00Z', { tour: { id: '2', displayId: 'T-000002' }, version: 2 })];
    const load = fakeService(() => fresh);
    const actor = start({ findTours: find.logic, linkOrders: link.logic, tourOrders: load.logic });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.tours).toEqual(TOURS);
    actor.send({ type: 'link.search', query: 't-' });
    actor.send({ type: 'link.search', query: 't-2' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(find.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(find.calls).toEqual([
      { teamId: 'vn', startDate: '2026-03-10', endDate: '2026-03-11' },
      { teamId: 'vn', displayId: 'T-000002' },
    ]);
    expect(actor.getSnapshot().context.tours).toEqual([TOURS[1]]);
    expect(actor.getSnapshot().can({ type: 'link.submit' })).toBe(false);
    actor.send({ type: 'link.pick', tourId: '2' });
    actor.send({ type: 'link.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(link.calls).toEqual([{ tourId: '2', orderIds: ['o1', 'o2'] }]);
    expect(await toPromise(actor)).toEqual({ outcome: 'linked', tour: linked, orderIds: ['o1', 'o2'], orders: fresh });
  });

  it('does not offer the tour the orders are all in already, found by day or by its display id', async () => {
    vi.useFakeTimers();
    const find = fakeService((q: object) => ('displayId' in q ? [TOURS[1]] : TOURS));
    const actor = start({ findTours: find.logic }, '2');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.tours).toEqual([TOURS[0]]);
    actor.send({ type: 'link.search', query: 'T-000002' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.tours).toEqual([]);
    actor.stop();
  });

  it('ends failed when the link is refused (logged only: null)', async () => {
    const actor = start({ findTours: fakeService(() => TOURS).logic, linkOrders: fakeService(() => null).logic });
    actor.send({ type: 'link.pick', tourId: '1' });
    actor.send({ type: 'link.submit' });
    expect((await toPromise(actor)).outcome).toBe('failed');
  });

  it('shows no tours when the search fails', async () => {
    const actor = start({ findTours: notFaked('findTours') as never });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ searching: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.tours).toEqual([]);
  });
});

// ---------------------------------------------------------------- model-based
type ModelEvent = LinkTourEvent | AnyEventObject;
const AFTER = { type: 'xstate.after.searchDebounce.linkTour.searching.debouncing' };
const EVENTS: ModelEvent[] = [
  { type: 'link.search', query: 'mekong' },
  { type: 'link.search', query: 'T-2' },
  AFTER,
  { type: 'link.pick', tourId: '2' },
  { type: 'link.submit' },
  { type: 'link.cancel' },
  done('findTours', TOURS),
  done('findTours', []),
  failed('findTours'),
  done('linkOrders', TOURS[1]),
  done('linkOrders', null),
  failed('linkOrders'),
  done('tourOrders', [order('o1', '2026-03-10T02:00:00Z')]),
  done('tourOrders', null),
  failed('tourOrders'),
];

type Snap = ReturnType<typeof linkTourMachine.getInitialSnapshot>;
const key = (s: Snap) =>
  JSON.stringify({
    status: s.status,
    value: s.value,
    outcome: s.context.outcome,
    query: s.context.query,
    tours: s.context.tours.length,
    pick: s.context.tourId,
    orders: s.context.orders?.length ?? null,
  });

describe('link-tour model', () => {
  // the graph also sends results of services that are not running; a real actor never sees those
  const paths = getShortestPaths(linkTourMachine, {
    events: EVENTS as LinkTourEvent[],
    input,
    serializeState: (s) => key(s as Snap),
  }).filter((p) => p.state.status !== 'error');

  it('reaches every outcome and every searching state', () => {
    const outcomes = new Set(paths.filter((p) => p.state.status === 'done').map((p) => p.state.context.outcome));
    expect(outcomes).toEqual(new Set(['cancelled', 'failed', 'linked']));
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['debouncing', 'loading', 'ready']) expect(values).toContain(JSON.stringify({ searching: v }));
  });

  const describePath = (p: (typeof paths)[number]) =>
    `${p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')} ⇒ ${key(p.state)}`;

  it.each(paths.map((p) => [describePath(p), p] as const))('%s replays on a real actor', async (_, path) => {
    vi.useFakeTimers();
    const services = deferredServices(['findTours', 'linkOrders', 'tourOrders']);
    const actor = createActor(linkTourMachine.provide({ actors: services.actors as never }), { input }).start();
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      if (event.type === 'xstate.init') continue;
      if (event.type === AFTER.type) await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
      else if (!(await services.settle(event, () => vi.advanceTimersByTimeAsync(0))))
        actor.send(event as LinkTourEvent);
      await vi.advanceTimersByTimeAsync(0);
      expect(key(actor.getSnapshot()), event.type).toBe(key(step.state as Snap));
    }
    actor.stop();
  });
});
