import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PageInput } from '../../src/api/services/lists';
import type { Page } from '../../src/api/services/policy';
import { appendPage, applyPatch } from '../../src/machines/list/items';
import { isNearBottom } from '../../src/machines/list/scroll';
import { listMachines } from '../../src/machines/list/list.machine';
import type { ListItem } from '../../src/machines/list/types';
import { dayCount, fakeList, FILTERS, INPUT, order, page, tour } from './list-fakes';

const ids = (items: readonly ListItem[]) => items.map((i) => i.id);
const near = { type: 'list.scrolled', offset: 850, viewportHeight: 100, contentHeight: 1000 } as const;
const far = { type: 'list.scrolled', offset: 100, viewportHeight: 100, contentHeight: 1000 } as const;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A list whose pages come from a table of cursors; every request is recorded. */
function pagedList(pages: Record<string, ReturnType<typeof page>>) {
  const requests: PageInput[] = [];
  const logic = fakeList({
    loadPage: async (input) => {
      requests.push(input);
      return pages[input.cursor ?? 'first'];
    },
    loadDailyCounts: async () => [dayCount('2026-03-10', 7)],
  });
  const actor = createActor(logic, { input: INPUT }).start();
  return { actor, requests };
}

describe('paging', () => {
  it('loads page 1 with the view and filters, then the next page near the bottom until hasMore is false', async () => {
    const { actor, requests } = pagedList({
      first: page([order('a'), order('b')], 'c1'),
      c1: page([order('c')]),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([{ teamId: 'vn', view: 'new-added', filters: FILTERS, cursor: null }]);
    expect(actor.getSnapshot().context.dailyCounts).toEqual([dayCount('2026-03-10', 7)]);

    actor.send(far);
    await vi.advanceTimersByTimeAsync(300);
    expect(requests).toHaveLength(1);

    actor.send(near);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.cursor)).toEqual([null, 'c1']);
    expect(ids(actor.getSnapshot().context.items)).toEqual(['a', 'b', 'c']);

    // no more pages: scrolling to the bottom asks for nothing
    await vi.advanceTimersByTimeAsync(300);
    actor.send(near);
    await vi.advanceTimersByTimeAsync(300);
    expect(requests).toHaveLength(2);
    expect(actor.getSnapshot().context.hasMore).toBe(false);
  });

  it('handles scroll events at most once per 300 ms, the last one at the end of the window', async () => {
    const { actor, requests } = pagedList({ first: page([order('a')], 'c1'), c1: page([order('b')], 'c2') });
    await vi.advanceTimersByTimeAsync(0);
    actor.send(far);
    actor.send(near); // inside the window: kept, not handled yet
    await vi.advanceTimersByTimeAsync(299);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.cursor)).toEqual([null, 'c1']);
  });

  it('a filter change restarts from page 1 and the stale page never lands', async () => {
    let release: (p: ReturnType<typeof page>) => void = () => undefined;
    const requests: PageInput[] = [];
    const logic = fakeList({
      loadPage: (input) => {
        requests.push(input);
        if (input.filters.ota === null) return new Promise((resolve) => (release = resolve));
        return Promise.resolve(page([order('fresh')]));
      },
      loadDailyCounts: async () => [],
    });
    const actor = createActor(logic, { input: INPUT }).start();
    const stale = release;
    actor.send({ type: 'list.filters', filters: { ...FILTERS, ota: 'VIATOR' } });
    await vi.advanceTimersByTimeAsync(0);
    stale(page([order('stale')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(actor.getSnapshot().context.items)).toEqual(['fresh']);
    expect(requests.map((r) => r.filters.ota)).toEqual([null, 'VIATOR']);
  });

  it('a failed page is an empty last page with the error kept', async () => {
    const logic = fakeList({
      loadPage: async () => {
        throw new Error('down');
      },
      loadDailyCounts: async () => [],
    });
    const actor = createActor(logic, { input: INPUT }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ items: [], hasMore: false, error: expect.any(String) });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
  });
});

describe('day counts', () => {
  it("a failure empties them and toasts 'Failed to fetch order counts'", async () => {
    const logic = fakeList({
      loadPage: async () => page([]),
      loadDailyCounts: async () => {
        throw new Error('down');
      },
    });
    const actor = createActor(logic, { input: INPUT });
    const toasts: unknown[] = [];
    actor.on('notify', (n) => toasts.push(n));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.dailyCounts).toEqual([]);
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: 'Failed to fetch order counts' }]);
  });

  it('list.refreshCounts re-fetches only the counts', async () => {
    const { actor, requests } = pagedList({ first: page([order('a')]) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'list.refreshCounts' });
    expect(actor.getSnapshot().hasTag('countsLoading')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
  });
});

describe('patches', () => {
  it('merge fields, and a row that left the view leaves the list', async () => {
    const { actor } = pagedList({ first: page([order('a'), order('b')]) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({
      type: 'list.patch',
      rows: [
        { id: 'a', quantity: { total: 9, adult: 9, child: 0 } },
        { id: 'b', statusV2: 'pending' },
      ],
    });
    const items = actor.getSnapshot().context.items;
    expect(ids(items)).toEqual(['a']);
    expect((items[0] as ReturnType<typeof order>).quantity.total).toBe(9);
    actor.send({ type: 'list.remove', ids: ['a'] });
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('list.refresh reloads page 1', async () => {
    const { actor, requests } = pagedList({ first: page([order('a')]) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'list.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.cursor)).toEqual([null, null]);
  });
});

describe('rows', () => {
  it('appendPage drops duplicates, taking a repeated row at its new server position', () => {
    const [a, b, c] = [order('a'), order('b'), order('c')];
    expect(ids(appendPage([a, b], [b, c]))).toEqual(['a', 'b', 'c']);
    expect(ids(appendPage([a, b, c], [b]))).toEqual(['a', 'c', 'b']);
    expect(ids(appendPage([], [a, a]))).toEqual(['a']);
  });

  it('a departure edit re-sorts the rows; a row moved past the loaded ones waits for its page', () => {
    const scope = {
      kind: 'orders' as const,
      view: null,
      filters: FILTERS,
      timezone: 'UTC',
      now: new Date(),
      hasMore: true,
    };
    const items = [
      order('a', '2026-03-01T09:00:00Z'),
      order('b', '2026-03-02T09:00:00Z'),
      order('c', '2026-03-03T09:00:00Z'),
    ];
    expect(ids(applyPatch(items, [{ id: 'c', departureAt: '2026-03-01T08:00:00Z' }], scope))).toEqual(['c', 'a', 'b']);
    expect(ids(applyPatch(items, [{ id: 'a', departureAt: '2026-03-20T08:00:00Z' }], scope))).toEqual(['b', 'c']);
    expect(
      ids(applyPatch(items, [{ id: 'a', departureAt: '2026-03-20T08:00:00Z' }], { ...scope, hasMore: false })),
    ).toEqual(['b', 'c', 'a']);
  });

  it('near the bottom means within 20% of the content height', () => {
    expect(isNearBottom({ offset: 700, viewportHeight: 100, contentHeight: 1000 })).toBe(true);
    expect(isNearBottom({ offset: 600, viewportHeight: 100, contentHeight: 1000 })).toBe(false);
    expect(isNearBottom(null)).toBe(false);
  });
});

describe('the tours list', () => {
  it('is the same machine with the tour services: no day counts, tours patched by their own fields', async () => {
    const tours = listMachines.tours.provide({
      actors: {
        loadPage: fromPromise<Page<ListItem>, PageInput>(async () => page([tour('t1'), tour('t2')])),
      },
    });
    const actor = createActor(tours, { input: { ...INPUT, kind: 'tours', view: 'grouped' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.dailyCounts).toEqual([]);
    actor.send({ type: 'list.patch', rows: [{ id: 't1', statusV2: 'completed' }] });
    expect(ids(actor.getSnapshot().context.items)).toEqual(['t2']);
  });
});
