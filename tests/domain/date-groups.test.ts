import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDate, sortDay, timeIn } from '../../src/domain/date-groups';

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

  it('formats times 24-hour in the team timezone and days for people', () => {
    expect(timeIn('2026-03-01T15:05:00Z', HCM)).toBe('22:05');
    expect(timeIn('2026-03-01T15:05:00Z', 'UTC')).toBe('15:05');
    expect(dayLabel('2026-03-01')).toBe('Sun, 1 Mar 2026');
  });
});
