import { describe, expect, it } from 'vitest';
import {
  nextDateGroups,
  NO_GROUPS,
  type DateGroupState,
  groupByDate,
  sortDay,
  type GroupOptions,
} from '../../src/domain/date-groups';

const HCM = 'Asia/Ho_Chi_Minh'; // UTC+7
const item = (id: string, departureAt: string, bookedAt = departureAt) => ({ id, departureAt, bookedAt });

describe('date groups', () => {
  it('puts a header before each day, in the team timezone, keeping the server order', () => {
    const items = [
      item('a', '2026-03-01T10:00:00Z'),
      item('b', '2026-03-01T17:30:00Z'), // 00:30 on 2 March in Ho Chi Minh City
      item('c', '2026-03-02T03:00:00Z'),
    ];
    const { rows, keys } = groupByDate(items, { timezone: HCM, sort: 'DEPARTURE_AT_ASC', dailyCounts: [] });
    expect(rows.map((r) => (r.header ? `#${r.id}:${r.count}` : r.id))).toEqual([
      '#2026-03-01:1',
      'a',
      '#2026-03-02:2',
      'b',
      'c',
    ]);
    expect(keys.map(({ id, date, header }) => ({ id, date, header }))).toEqual([
      { id: '2026-03-01', date: '2026-03-01', header: true },
      { id: 'a', date: '2026-03-01', header: false },
      { id: '2026-03-02', date: '2026-03-02', header: true },
      { id: 'b', date: '2026-03-02', header: false },
      { id: 'c', date: '2026-03-02', header: false },
    ]);
  });

  it("shows the server's day count when it has one, else the loaded rows of that day", () => {
    const items = [item('a', '2026-03-01T10:00:00Z'), item('b', '2026-03-02T10:00:00Z')];
    const { rows } = groupByDate(items, {
      timezone: 'UTC',
      sort: 'DEPARTURE_AT_ASC',
      dailyCounts: [{ date: '2026-03-01', total: 42 }],
    });
    expect(rows.filter((r) => r.header).map((r) => (r.header ? r.count : 0))).toEqual([42, 1]);
  });

  it('groups by booking day under a booking sort, counting loaded rows (the server counts by departure)', () => {
    const items = [
      item('a', '2026-03-05T10:00:00Z', '2026-02-01T10:00:00Z'),
      item('b', '2026-03-01T10:00:00Z', '2026-02-01T12:00:00Z'),
    ];
    const { rows } = groupByDate(items, {
      timezone: 'UTC',
      sort: 'BOOKED_AT_ASC',
      dailyCounts: [{ date: '2026-02-01', total: 99 }],
    });
    expect(rows.map((r) => (r.header ? `#${r.id}:${r.count}` : r.id))).toEqual(['#2026-02-01:2', 'a', 'b']);
    expect(sortDay(items[0], 'DEPARTURE_AT_DESC', 'UTC')).toBe('2026-03-05');
  });

  it('a day that shows up again later joins its header instead of opening a second one', () => {
    const items = [
      item('a', '2026-03-01T10:00:00Z'),
      item('b', '2026-03-02T10:00:00Z'),
      item('c', '2026-03-01T11:00:00Z'),
    ];
    const { rows } = groupByDate(items, { timezone: 'UTC', sort: 'DEPARTURE_AT_ASC', dailyCounts: [] });
    expect(rows.filter((r) => r.header)).toHaveLength(2);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });
});

/** Each call groups on the state the previous one returned, as the list machine does. */
function grouper<T extends { id: string; departureAt: string }>() {
  let state: DateGroupState<T> = NO_GROUPS;
  return (items: readonly T[], options: GroupOptions) => (state = nextDateGroups(state, items, options));
}

describe('date groups of a list that grows by pages', () => {
  const UTC: GroupOptions = { timezone: 'UTC', sort: 'DEPARTURE_AT_ASC', dailyCounts: [] };
  const at = (day: number, hour: number) =>
    `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;
  const orders = Array.from({ length: 40 }, (_, i) =>
    item(`o${String(i).padStart(2, '0')}`, at(1 + Math.floor(i / 7), i % 24)),
  );
  const shape = (rows: ReturnType<typeof groupByDate>['rows']) =>
    rows.map((r) => (r.header ? `#${r.id}:${r.count}/${r.loaded}` : `${r.id}@${r.date}`));

  it('gives, page after page, the rows of grouping everything at once, and never changes earlier rows', () => {
    const group = grouper<(typeof orders)[number]>();
    const seen: Array<{ rows: ReturnType<typeof groupByDate>['rows']; shape: string[] }> = [];
    for (let n = 5; n <= orders.length; n += 5) {
      const { rows, keys } = group(orders.slice(0, n), UTC);
      expect(shape(rows)).toEqual(shape(groupByDate(orders.slice(0, n), UTC).rows));
      expect(keys).toBe(rows);
      seen.push({ rows, shape: shape(rows) });
    }
    for (const s of seen) expect(shape(s.rows)).toEqual(s.shape);
  });

  it('keeps the header rows of days a page did not touch (their views need not render again)', () => {
    const group = grouper<(typeof orders)[number]>();
    const first = group(orders.slice(0, 20), UTC).rows;
    const next = group(orders.slice(0, 25), UTC).rows;
    expect(next[0]).toBe(first[0]); // 1 March: full before and after
    const last = (rows: typeof first) => rows.filter((r) => r.header).at(-1)!;
    expect(last(next)).not.toBe(last(first));
  });

  it('groups again when a page brings a day shown before, or rows are patched or removed', () => {
    const group = grouper<(typeof orders)[number]>();
    group(orders.slice(0, 20), UTC);
    const late = [...orders.slice(0, 20), item('late', at(1, 23))];
    expect(shape(group(late, UTC).rows)).toEqual(shape(groupByDate(late, UTC).rows));
    const patched = late.map((o) => (o.id === 'o03' ? { ...o, departureAt: at(4, 1) } : o));
    expect(shape(group(patched, UTC).rows)).toEqual(shape(groupByDate(patched, UTC).rows));
    const removed = patched.filter((o) => o.id !== 'o10');
    expect(shape(group(removed, UTC).rows)).toEqual(shape(groupByDate(removed, UTC).rows));
  });

  it('replaces only the rows of items patched in place (a status move), keeping every other row', () => {
    const group = grouper<(typeof orders)[number]>();
    const first = group(orders.slice(0, 30), UTC).rows;
    const moved = orders.slice(0, 30).map((o, i) => (i % 3 === 0 ? { ...o, status: 'pending' } : o));
    const next = group(moved, UTC).rows;
    expect(shape(next)).toEqual(shape(groupByDate(moved, UTC).rows));
    next.forEach((row, i) => {
      const patched = !row.header && moved.indexOf(row.item) % 3 === 0;
      if (patched) expect(row).not.toBe(first[i]);
      else expect(row).toBe(first[i]);
      if (patched) expect(row.header ? null : row.item).toBe(moved.find((o) => o.id === row.id));
    });
  });

  it("takes the server's day counts when they arrive, and a new zone or sort from scratch", () => {
    const group = grouper<(typeof orders)[number]>();
    const some = orders.slice(0, 10);
    const counted = { ...UTC, dailyCounts: [{ date: '2026-03-02', total: 99 }] };
    expect(shape(group(some, counted).rows)).toEqual(shape(groupByDate(some, counted).rows));
    const hcm = { ...counted, timezone: HCM };
    expect(shape(group(some, hcm).rows)).toEqual(shape(groupByDate(some, hcm).rows));
    const booked = { ...hcm, sort: 'BOOKED_AT_DESC' as const };
    expect(shape(group(some, booked).rows)).toEqual(shape(groupByDate(some, booked).rows));
  });
});
