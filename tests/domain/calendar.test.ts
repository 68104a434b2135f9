import { describe, expect, it } from 'vitest';
import { shiftMonth } from '../../src/domain/calendar';

describe('months', () => {
  it('shift across years, whatever the length of the months between', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -13)).toBe('2025-02');
    expect(shiftMonth('2026-01', 1)).toBe('2026-02');
  });
});
