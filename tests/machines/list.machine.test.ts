import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { CountsInput, ListCounts, PageInput } from '../../src/api/services/lists';
import type { Page } from '../../src/api/services/policy';
import { appendPage, applyPatch } from '../../src/machines/list/items';
import { isNearBottom } from '../../src/machines/list/scroll';
import { COUNTS_SETTLE_MS, LIST_FAILED, listMachines } from '../../src/machines/list/list.machine';
import { selectCanRetry, selectFailed, selectFailedFirst, selectTotal } from '../../src/machines/list/selectors';
import type { ListItem, ListRow } from '../../src/machines/list/types';
import { counts, dayCount, fakeList, FILTERS, INPUT, order, page, startList, tour } from './list-fakes';

const ids = (items: readonly ListItem[]) => items.map((i) => i.id);
/** Rows as the screen shows them: `#day(count/loaded)` for a header, the id for an item. */
const shown = (rows: readonly ListRow[] | undefined) =>
  (rows ?? []).map((r) => (r.header ? `#${r.date}(${r.count}/${r.loaded})` : r.id));
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
function pagedList(
  pages: Record<string, ReturnType<typeof page>>,
  answer: () => ListCounts = () => counts([dayCount('2026-03-10', 7)]),
) {
  const requests: PageInput[] = [];
  const countRequests: CountsInput[] = [];
  const logic = fakeList({
    loadPage: async (input) => {
      requests.push(input);
      return pages[input.cursor ?? 'first'];
    },
    loadCounts: async (input) => {
      countRequests.push(input);
      return answer();
    },
  });
  return { ...startList(logic), requests, countRequests };
}

describe('paging', () => {
  it('loads page 1 with the view and filters, then the next page near the bottom until hasMore is false', async () => {
    const { list, requests, lastChange } = pagedList({
      first: page([order('a'), order('b')], 'c1'),
      c1: page([order('c')]),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([{ teamId: 'vn', view: 'new-added', filters: FILTERS, cursor: null }]);
    expect(list.getSnapshot().context.dailyCounts).toEqual([dayCount('2026-03-10', 7)]);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(7/2)', 'a', 'b']);

    list.send(far);
    await vi.advanceTimersByTimeAsync(300);
    expect(requests).toHaveLength(1);

    list.send(near);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.cursor)).toEqual([null, 'c1']);
    expect(ids(list.getSnapshot().context.items)).toEqual(['a', 'b', 'c']);
    // the screen is told the new page, grouped under its day
    expect(ids(lastChange()!.items)).toEqual(['a', 'b', 'c']);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(7/3)', 'a', 'b', 'c']);

    // no more pages: scrolling to the bottom asks for nothing
    await vi.advanceTimersByTimeAsync(300);
    list.send(near);
    await vi.advanceTimersByTimeAsync(300);
    expect(requests).toHaveLength(2);
    expect(list.getSnapshot().context.hasMore).toBe(false);
  });

  it('handles scroll events at most once per 300 ms, the last one at the end of the window', async () => {
    const { list, requests } = pagedList({ first: page([order('a')], 'c1'), c1: page([order('b')], 'c2') });
    await vi.advanceTimersByTimeAsync(0);
    list.send(far);
    list.send(near); // inside the window: kept, not handled yet
    await vi.advanceTimersByTimeAsync(299);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.cursor)).toEqual([null, 'c1']);
  });

  it('a filter change empties the list at once, restarts from page 1, and the stale page never lands', async () => {
    let release: (p: ReturnType<typeof page>) => void = () => undefined;
    const requests: PageInput[] = [];
    const logic = fakeList({
      loadPage: (input) => {
        requests.push(input);
        if (input.filters.ota === null) return new Promise((resolve) => (release = resolve));
        return Promise.resolve(page([order('fresh')]));
      },
      loadCounts: async () => counts([]),
    });
    const { list, changes } = startList(logic);
    const stale = release;
    list.send({ type: 'list.filters', filters: { ...FILTERS, ota: 'VIATOR' } });
    expect(changes()).toEqual([{ type: 'list.changed', items: [], rows: [] }]);
    await vi.advanceTimersByTimeAsync(0);
    stale(page([order('stale')]));
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(list.getSnapshot().context.items)).toEqual(['fresh']);
    expect(requests.map((r) => r.filters.ota)).toEqual([null, 'VIATOR']);
    expect(changes().flatMap((c) => ids(c.items))).not.toContain('stale');
    expect(ids(changes().at(-1)!.items)).toEqual(['fresh']);
  });

  it('a failed first page is an empty result shown as a failure, and Retry loads it (and the counts) again', async () => {
    let down = true;
    const countRequests: CountsInput[] = [];
    const logic = fakeList({
      loadPage: async () => {
        if (down) throw new Error('down');
        return page([order('a')]);
      },
      loadCounts: async (input) => {
        countRequests.push(input);
        return counts([dayCount('2026-03-10', 1)]);
      },
    });
    const { list, lastChange } = startList(logic);
    await vi.advanceTimersByTimeAsync(0);
    const failed = list.getSnapshot();
    expect(failed.context).toMatchObject({ items: [], hasMore: false, error: LIST_FAILED });
    expect(failed.hasTag('loading')).toBe(false);
    // not an empty list: the view shows the error and Retry, and no count
    expect([selectFailed(failed), selectFailedFirst(failed), selectCanRetry(failed)]).toEqual([true, true, true]);
    expect(selectTotal(failed)).toBe(1);
    expect(lastChange()).toEqual({ type: 'list.changed', items: [], rows: [] });

    down = false;
    list.send({ type: 'list.retry' });
    expect(list.getSnapshot().hasTag('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    const recovered = list.getSnapshot();
    expect(recovered.context.error).toBeNull();
    expect(selectFailed(recovered)).toBe(false);
    expect(selectCanRetry(recovered)).toBe(false);
    expect(countRequests).toHaveLength(2);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(1/1)', 'a']);
  });

  it('a failed next page keeps the rows; scrolling does not ask again, Retry does, from the same cursor', async () => {
    let down = true;
    const requests: PageInput[] = [];
    const logic = fakeList({
      loadPage: async (input) => {
        requests.push(input);
        if (!input.cursor) return page([order('a')], 'c1');
        if (down) throw new Error('down');
        return page([order('b')]);
      },
      loadCounts: async () => counts([dayCount('2026-03-10', 2)]),
    });
    const { list } = startList(logic);
    await vi.advanceTimersByTimeAsync(0);
    list.send(near);
    await vi.advanceTimersByTimeAsync(0);
    const failed = list.getSnapshot();
    expect(ids(failed.context.items)).toEqual(['a']);
    expect([selectFailed(failed), selectFailedFirst(failed), selectCanRetry(failed)]).toEqual([true, false, true]);

    await vi.advanceTimersByTimeAsync(300);
    list.send(near);
    await vi.advanceTimersByTimeAsync(300);
    expect(requests.map((r) => r.cursor)).toEqual([null, 'c1']);

    down = false;
    list.send({ type: 'list.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.cursor)).toEqual([null, 'c1', 'c1']);
    expect(ids(list.getSnapshot().context.items)).toEqual(['a', 'b']);
    expect(list.getSnapshot().context.error).toBeNull();
  });
});

describe('day counts', () => {
  it("a failure empties them and toasts 'Failed to fetch order counts'", async () => {
    const logic = fakeList({
      loadPage: async () => page([order('a')], 'c1'),
      loadCounts: async () => {
        throw new Error('down');
      },
    });
    const { list, toasts, lastChange } = startList(logic);
    await vi.advanceTimersByTimeAsync(0);
    expect(list.getSnapshot().context.dailyCounts).toEqual([]);
    // more pages to come and no total: the count is not known, so none is shown
    expect(selectTotal(list.getSnapshot())).toBeNull();
    expect(toasts).toEqual([{ type: 'notify', kind: 'error', message: 'Failed to fetch order counts' }]);
    // the header then counts the rows loaded for its day
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(1/1)', 'a']);
  });

  it('a patch or a removal re-fetches the day counts (not the page) once they settle, and the headers show them', async () => {
    let total = 7;
    const { list, requests, countRequests, lastChange } = pagedList({ first: page([order('a'), order('b')]) }, () =>
      counts([dayCount('2026-03-10', total)], total + 100),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(countRequests).toEqual([{ teamId: 'vn', view: 'new-added', filters: FILTERS }]);

    total = 6;
    list.send({ type: 'list.remove', ids: ['b'] });
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(7/1)', 'a']);
    await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS - 1);
    expect(countRequests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(6/1)', 'a']);
    expect(selectTotal(list.getSnapshot())).toBe(106);

    total = 5;
    list.send({
      type: 'list.patch',
      rows: [{ id: 'a', customer: { name: 'B', email: 'b@example.com', phone: null } }],
    });
    await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS);
    expect(countRequests).toHaveLength(3);
    expect(requests).toHaveLength(1);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(5/1)', 'a']);
  });

  it('asks for the counts once for a burst of changes, and again for a change made while they were on their way', async () => {
    let release: (c: ListCounts) => void = () => undefined;
    const asked: CountsInput[] = [];
    const logic = fakeList({
      loadPage: async () => page([order('a'), order('b')]),
      loadCounts: (input) => {
        asked.push(input);
        return asked.length === 2 ? new Promise((resolve) => (release = resolve)) : Promise.resolve(counts([], 2));
      },
    });
    const { list } = startList(logic);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toHaveLength(1);
    // a colleague's bulk move: 50 rows, one by one
    for (let i = 0; i < 50; i++)
      list.send({ type: 'list.patch', rows: [{ id: i % 2 ? 'a' : 'b', language: `l${i}` }] });
    await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS);
    expect(asked).toHaveLength(2);
    expect(list.getSnapshot().hasTag('countsLoading')).toBe(true);
    // a change while those counts are on their way: they may not include it
    list.send({ type: 'list.remove', ids: ['b'] });
    release(counts([], 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectTotal(list.getSnapshot())).toBe(1);
    await vi.advanceTimersByTimeAsync(COUNTS_SETTLE_MS);
    expect(asked).toHaveLength(3);
  });
});

describe('the total', () => {
  it('is the server total of the filters; a filter change forgets it until the new one lands', async () => {
    let release: (c: ListCounts) => void = () => undefined;
    const logic = fakeList({
      loadPage: async () => page([order('a')], 'c1'),
      loadCounts: (input) =>
        input.filters.ota ? new Promise((resolve) => (release = resolve)) : Promise.resolve(counts([], 1234)),
    });
    const { list } = startList(logic);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectTotal(list.getSnapshot())).toBe(1234);
    list.send({ type: 'list.filters', filters: { ...FILTERS, ota: 'KKDAY' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectTotal(list.getSnapshot())).toBeNull();
    release(counts([], 3));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectTotal(list.getSnapshot())).toBe(3);
  });

  it('when the server cannot count (a tour search), it is the loaded rows once every page is in', async () => {
    const { list } = pagedList({ first: page([order('a'), order('b')], 'c1'), c1: page([order('c')]) }, () =>
      counts([], null),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(selectTotal(list.getSnapshot())).toBeNull();
    list.send(near);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectTotal(list.getSnapshot())).toBe(3);
  });
});

describe('patches', () => {
  it('merge fields, and a row that left the view leaves the list; each change is reported', async () => {
    const { list, lastChange } = pagedList({ first: page([order('a'), order('b')]) });
    await vi.advanceTimersByTimeAsync(0);
    list.send({
      type: 'list.patch',
      rows: [
        { id: 'a', quantity: { total: 9, adult: 9, child: 0 } },
        { id: 'b', statusV2: 'pending' },
      ],
    });
    const items = list.getSnapshot().context.items;
    expect(ids(items)).toEqual(['a']);
    expect((items[0] as ReturnType<typeof order>).quantity.total).toBe(9);
    expect(lastChange()!.items).toBe(items);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(7/1)', 'a']);
    const row = lastChange()!.rows[1];
    expect(!row.header && (row.item as ReturnType<typeof order>).quantity.total).toBe(9);

    list.send({ type: 'list.remove', ids: ['a'] });
    expect(list.getSnapshot().context.items).toEqual([]);
    expect(lastChange()).toEqual({ type: 'list.changed', items: [], rows: [] });
  });

  it('list.refresh reloads page 1 and the day counts', async () => {
    const { list, requests, countRequests } = pagedList({ first: page([order('a')]) });
    await vi.advanceTimersByTimeAsync(0);
    list.send({ type: 'list.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.cursor)).toEqual([null, null]);
    expect(countRequests).toHaveLength(2);
  });
});

describe('rows', () => {
  it("groups by the day in the team's timezone, with the server's count or, without one, the rows loaded", async () => {
    const logic = fakeList({
      // 20:00 UTC on the 10th is already the 11th in Vietnam
      loadPage: async () => page([order('a', '2026-03-10T09:00:00.000Z'), order('b', '2026-03-10T20:00:00.000Z')]),
      loadCounts: async () => counts([dayCount('2026-03-10', 4)]),
    });
    const { lastChange } = startList(logic, { ...INPUT, timezone: 'Asia/Ho_Chi_Minh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(4/1)', 'a', '#2026-03-11(1/1)', 'b']);
  });

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

  it('a departure patch moves the row under its new day header', async () => {
    const { list, lastChange } = pagedList({
      first: page([order('a', '2026-03-10T09:00:00.000Z'), order('b', '2026-03-12T09:00:00.000Z')]),
    });
    await vi.advanceTimersByTimeAsync(0);
    list.send({ type: 'list.patch', rows: [{ id: 'b', departureAt: '2026-03-09T09:00:00.000Z' }] });
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-09(1/1)', 'b', '#2026-03-10(7/1)', 'a']);
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
        loadCounts: fromPromise<ListCounts, CountsInput>(async () => counts([], 2)),
      },
    });
    const { list, lastChange, toasts } = startList(tours, { ...INPUT, kind: 'tours', view: 'grouped' });
    await vi.advanceTimersByTimeAsync(0);
    expect(list.getSnapshot().context.dailyCounts).toEqual([]);
    expect(toasts).toEqual([]);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(2/2)', 't1', 't2']);
    list.send({ type: 'list.patch', rows: [{ id: 't1', statusV2: 'completed' }] });
    expect(ids(list.getSnapshot().context.items)).toEqual(['t2']);
    expect(shown(lastChange()?.rows)).toEqual(['#2026-03-10(1/1)', 't2']);
  });
});
