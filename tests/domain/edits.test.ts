import { describe, expect, it } from 'vitest';
import { applyEdit, changeText, isTime, withTime, type Editable } from '../../src/domain/edits';

const order: Editable = {
  departureAt: '2026-03-10T00:30:00.000Z', // 09:30 on 10 March in Tokyo
  prices: [
    { type: 'ADULT', amount: 50, currency: 'USD' },
    { type: 'CHILD', amount: 30, currency: 'USD' },
  ],
};

describe('departure time', () => {
  it('writes 24-hour HH:mm in the team timezone, keeping the day', () => {
    expect(withTime(order.departureAt, '23:15', 'Asia/Tokyo')).toBe('2026-03-10T14:15:00.000Z');
    expect(withTime(order.departureAt, '00:05', 'Asia/Tokyo')).toBe('2026-03-09T15:05:00.000Z');
    // the same instant is 10 March in Tokyo but 9 March in New York
    expect(withTime(order.departureAt, '18:00', 'America/New_York')).toBe('2026-03-09T22:00:00.000Z');
  });

  it('accepts only 24-hour times', () => {
    expect(['00:00', '09:05', '23:59'].every(isTime)).toBe(true);
    expect(['24:00', '9:05', '12:60', '7 PM', ''].some(isTime)).toBe(false);
  });

  it('applies a typed time and undoes it exactly', () => {
    const result = applyEdit(order, { field: 'departureTime', time: '18:45' }, 'Asia/Tokyo');
    if (!result.ok) throw new Error(result.error);
    expect(result.record.departureAt).toBe('2026-03-10T09:45:00.000Z');
    expect(result.payload).toEqual({ departureAt: '2026-03-10T09:45:00.000Z' });
    expect(result.forward).toEqual({ field: 'departureAt', value: '2026-03-10T09:45:00.000Z' });
    const back = applyEdit(result.record, result.inverse, 'Asia/Tokyo');
    expect(back.ok && back.record).toEqual(order);
  });

  it('refuses an invalid time', () => {
    expect(applyEdit(order, { field: 'departureTime', time: '25:00' }, 'UTC')).toEqual({
      ok: false,
      error: 'Invalid time: 25:00',
    });
  });
});

describe('prices', () => {
  it('changes the amount of the price of that type and replaces the list in the write', () => {
    const result = applyEdit(order, { field: 'price', priceType: 'CHILD', amount: 35 }, 'UTC');
    if (!result.ok) throw new Error(result.error);
    expect(result.record.prices).toEqual([
      { type: 'ADULT', amount: 50, currency: 'USD' },
      { type: 'CHILD', amount: 35, currency: 'USD' },
    ]);
    expect(result.payload.prices).toEqual(result.record.prices);
    expect(result.inverse).toEqual({ field: 'price', priceType: 'CHILD', amount: 30 });
    expect(order.prices[1].amount).toBe(30);
  });

  it('needs a price of the same type (SPEC section 5)', () => {
    expect(applyEdit(order, { field: 'price', priceType: 'COST', amount: 1 }, 'UTC')).toEqual({
      ok: false,
      error: 'Cannot find the price with type: COST',
    });
  });

  it('refuses a negative or missing amount', () => {
    expect(applyEdit(order, { field: 'price', priceType: 'ADULT', amount: -1 }, 'UTC').ok).toBe(false);
    expect(applyEdit(order, { field: 'price', priceType: 'ADULT', amount: Number.NaN }, 'UTC').ok).toBe(false);
  });
});

describe('tour name', () => {
  it('is trimmed, must not be empty, and undoes to the old name', () => {
    const tour = { ...order, displayName: 'Morning walk' };
    const result = applyEdit(tour, { field: 'displayName', value: '  Evening walk ' }, 'UTC');
    expect(result.ok && result.record.displayName).toBe('Evening walk');
    expect(result.ok && result.inverse).toEqual({ field: 'displayName', value: 'Morning walk' });
    expect(applyEdit(tour, { field: 'displayName', value: '  ' }, 'UTC').ok).toBe(false);
  });
});

describe('changeText', () => {
  it('is what the input shows for a change', () => {
    expect(changeText({ field: 'departureTime', time: '07:00' }, 'UTC')).toBe('07:00');
    expect(changeText({ field: 'departureAt', value: order.departureAt }, 'Asia/Tokyo')).toBe('09:30');
    expect(changeText({ field: 'price', priceType: 'ADULT', amount: 12.5 }, 'UTC')).toBe('12.5');
    expect(changeText({ field: 'displayName', value: 'X' }, 'UTC')).toBe('X');
  });
});
