import { describe, expect, it } from 'vitest';
import { SlotPool } from '../../src/ui/lists/slot-pool';

describe('slots of the rows in view', () => {
  it('keeps the slot of a row that stays, and gives a row that comes in the slot of one that left', () => {
    const pool = new SlotPool();
    expect(pool.assign(['a', 'b', 'c'])).toEqual([0, 1, 2]);
    expect(pool.assign(['b', 'c', 'd'])).toEqual([1, 2, 0]);
    expect(pool.assign(['c', 'd', 'e', 'f'])).toEqual([2, 0, 1, 3]);
  });

  it('gives the same slots for the same rows (a render repeated)', () => {
    const pool = new SlotPool();
    const first = pool.assign(['x', 'y']);
    expect(pool.assign(['x', 'y'])).toEqual(first);
  });

  it('never gives two rows in view one slot', () => {
    const pool = new SlotPool();
    for (let start = 0; start < 200; start += 7) {
      const ids = Array.from({ length: 10 + (start % 5) }, (_, i) => `r${start + i}`);
      const slots = pool.assign(ids);
      expect(new Set(slots).size).toBe(ids.length);
      expect(Math.max(...slots)).toBeLessThan(ids.length + 5);
    }
  });
});
