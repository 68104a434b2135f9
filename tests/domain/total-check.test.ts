import { describe, expect, it } from 'vitest';
import { nextTotalQuestion, stillAsked, totalQuestion, totalQuestionText } from '../../src/domain/total-check';

const order = (adult: number, total: number, over: Partial<{ adults: number; children: number }> = {}) => ({
  id: 'o1',
  departureAt: '2026-11-01T01:00:00.000Z',
  quantity: { adult: over.adults ?? 2, child: over.children ?? 1 },
  prices: [
    { type: 'ADULT', amount: adult, currency: 'VND' },
    { type: 'CHILD', amount: 450000, currency: 'VND' },
    { type: 'TOTAL', amount: total, currency: 'VND' },
  ],
});

describe('the TOTAL question', () => {
  it('proposes TOTAL moved by the change times the units it counts for', () => {
    const q = totalQuestion(order(650000, 1750000), order(750000, 1750000), 'ADULT');
    expect(q).toMatchObject({ from: 650000, to: 750000, count: 2, total: 1750000, proposed: 1950000 });
    expect(totalQuestionText(q!)).toEqual({
      message: 'Adult changed from 650.000\u00a0₫ to 750.000\u00a0₫ for 2 adults; Total is still 1.750.000\u00a0₫.',
      update: 'Set Total to 1.950.000\u00a0₫',
      keep: 'Keep 1.750.000\u00a0₫',
    });
  });
  it('asks nothing without a TOTAL, when TOTAL itself changed, or when the price did not move', () => {
    const noTotal = { ...order(650000, 0), prices: order(650000, 0).prices.slice(0, 2) };
    expect(totalQuestion(noTotal, { ...noTotal, prices: [{ ...noTotal.prices[0], amount: 1 }] }, 'ADULT')).toBeNull();
    expect(totalQuestion(order(650000, 1750000), order(650000, 1), 'TOTAL')).toBeNull();
    expect(totalQuestion(order(650000, 1750000), order(650000, 1750000), 'ADULT')).toBeNull();
    // no adults counted: TOTAL is already right
    expect(
      totalQuestion(order(650000, 450000, { adults: 0 }), order(700000, 450000, { adults: 0 }), 'ADULT'),
    ).toBeNull();
  });
  it('is answered by typing TOTAL, kept through other edits, and dropped once the order reads otherwise', () => {
    const q = totalQuestion(order(650000, 1750000), order(750000, 1750000), 'ADULT');
    const typed = { field: 'priceText', priceType: 'TOTAL', text: '1.900.000' } as const;
    expect(nextTotalQuestion(q, order(750000, 1750000), order(750000, 1900000), typed)).toBeNull();
    const moved = { field: 'departureTime', time: '09:00' } as const;
    expect(nextTotalQuestion(q, order(750000, 1750000), order(750000, 1750000), moved)).toBe(q);
    expect(stillAsked(q, order(750000, 1750000))).toBe(q);
    expect(stillAsked(q, order(750000, 1800000))).toBeNull();
  });
});
