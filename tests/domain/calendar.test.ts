import { describe, expect, it } from 'vitest';
import { GRID_CELLS, inRange, monthGrid, monthOf, monthTitle, shiftMonth, WEEK_START } from '../../src/domain/calendar';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('month grid', () => {
  const months = ['2026-11', '2026-02', '2024-02', '2021-02', '2027-03', '2026-12', '2000-01'];

  it.each(months)('%s has 42 consecutive days starting on the week start', (month) => {
    const grid = monthGrid(month);
    expect(grid).toHaveLength(GRID_CELLS);
    expect(weekday(grid[0].date)).toBe(WEEK_START);
    for (let i = 1; i < grid.length; i++) {
      expect(Date.parse(grid[i].date) - Date.parse(grid[i - 1].date)).toBe(86_400_000);
    }
    const inMonth = grid.filter((c) => c.inMonth);
    expect(inMonth[0]).toMatchObject({ date: `${month}-01`, day: 1 });
    expect(inMonth.every((c) => monthOf(c.date) === month)).toBe(true);
    expect(grid.filter((c) => !c.inMonth).every((c) => monthOf(c.date) !== month)).toBe(true);
  });

  it('counts leap days', () => {
    expect(monthGrid('2024-02').filter((c) => c.inMonth)).toHaveLength(29);
    expect(monthGrid('2026-02').filter((c) => c.inMonth)).toHaveLength(28);
    expect(monthGrid('2000-02').filter((c) => c.inMonth)).toHaveLength(29);
    expect(monthGrid('2100-02').filter((c) => c.inMonth)).toHaveLength(28);
  });

  it('starts with the 1st itself when the month starts on the week start (Monday)', () => {
    // June 2026 and February 2021 start on a Monday.
    expect(monthGrid('2026-06')[0]).toEqual({ date: '2026-06-01', day: 1, inMonth: true });
    const feb = monthGrid('2021-02');
    expect(feb[0].date).toBe('2021-02-01');
    // 28 days fill exactly four weeks: the last two are all March.
    expect(feb.slice(28).every((c) => !c.inMonth)).toBe(true);
  });

  it('leads with the previous month otherwise', () => {
    // November 2026 starts on a Sunday: six days of October come first.
    const grid = monthGrid('2026-11');
    expect(grid.slice(0, 7).map((c) => c.day)).toEqual([26, 27, 28, 29, 30, 31, 1]);
    expect(grid[6].inMonth).toBe(true);
  });
});

describe('months', () => {
  it('shift across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -13)).toBe('2025-02');
  });
  it('have a title', () => {
    expect(monthTitle('2026-11')).toBe('November 2026');
  });
});

describe('range membership', () => {
  it('includes both ends', () => {
    expect(inRange('2026-11-01', '2026-11-01', '2026-11-05')).toBe(true);
    expect(inRange('2026-11-05', '2026-11-01', '2026-11-05')).toBe(true);
    expect(inRange('2026-11-06', '2026-11-01', '2026-11-05')).toBe(false);
    expect(inRange('2026-10-31', '2026-11-01', '2026-11-05')).toBe(false);
  });
  it('an open end is the start day alone; no start is nothing', () => {
    expect(inRange('2026-11-01', '2026-11-01', null)).toBe(true);
    expect(inRange('2026-11-02', '2026-11-01', null)).toBe(false);
    expect(inRange('2026-11-01', null, null)).toBe(false);
  });
});
