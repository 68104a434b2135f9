import { describe, expect, it } from 'vitest';
import { COUNTRIES, currenciesOf } from '../../shared/countries';
import {
  formatDateTime,
  formatDay,
  formatMoney,
  formatMonth,
  formatTime,
  formatTimelineDate,
} from '../../src/domain/format';

const HCM = 'Asia/Ho_Chi_Minh'; // UTC+7
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('writes the issue examples: dong the Vietnamese way, dollars as US dollars', () => {
    expect(formatMoney(1450000, 'VND')).toBe(`1.450.000${NBSP}₫`);
    expect(formatMoney(45, 'USD')).toBe('US$45.00');
  });

  it('writes each currency with its own decimals', () => {
    expect(formatMoney(1500, 'JPY')).toBe('￥1,500');
    expect(formatMoney(12.5, 'EUR')).toBe(`12,50${NBSP}€`);
    expect(formatMoney(12.5, 'GBP')).toBe('£12.50');
    expect(formatMoney(20, 'TWD')).toBe('NT$20.00');
  });

  const currencies = [...new Set(COUNTRIES.flatMap((c) => currenciesOf(c.code)))];

  it.each(currencies)('%s: Latin digits, the amount intact, a symbol no other currency shares', (currency) => {
    const text = formatMoney(1450000, currency);
    expect(text.match(/\p{Nd}/gu)?.join('')).toMatch(/^[0-9]+$/);
    expect(text.replace(/\D/g, '').replace(/0+$/, '')).toBe('145');
    // a bare "$" is said by several of these currencies: only the one it is can use it
    expect(text).not.toMatch(/(^|[^A-Z])\$/);
    expect(text).not.toContain('NaN');
  });

  it('gives each currency of the catalogue a different text for the same amount', () => {
    const texts = currencies.map((c) => formatMoney(45, c));
    expect(new Set(texts).size).toBe(currencies.length);
  });

  it('keeps an amount in an unknown currency readable instead of failing', () => {
    expect(formatMoney(12, 'POINTS')).toBe('12 POINTS');
  });
});

describe('dates', () => {
  it('writes a day as the list headers and dialogs show it', () => {
    expect(formatDay('2026-11-01')).toBe('Sun, 1 Nov 2026');
    expect(formatDay('2026-11-28')).toBe('Sat, 28 Nov 2026');
  });

  it('writes an instant in the team timezone, 24-hour', () => {
    expect(formatDateTime('2026-11-25T21:50:00Z', HCM)).toBe('26 Nov 2026 04:50');
    expect(formatDateTime('2026-11-24T14:42:00Z', HCM)).toBe('24 Nov 2026 21:42');
    expect(formatDateTime('2026-11-24T14:42:00Z', 'UTC')).toBe('24 Nov 2026 14:42');
  });

  it('follows daylight saving time: the clock jumps from 01:59 to 03:00 in Paris', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z', 'Europe/Paris')).toBe('29 Mar 2026 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', 'Europe/Paris')).toBe('29 Mar 2026 03:00');
  });

  it('writes custom times in 24-hour form, midnight as 00', () => {
    expect(formatTime('2026-11-01T06:30:00Z', HCM)).toBe('13:30');
    expect(formatTime('2026-11-01T17:05:00Z', HCM)).toBe('00:05');
  });

  it('writes timeline dates in 12-hour form (SPEC 9)', () => {
    expect(formatTimelineDate('2026-11-24T14:42:00Z', HCM)).toBe('24 Nov 2026 9:42 PM');
    expect(formatTimelineDate('2026-11-01T17:05:00Z', HCM)).toBe('2 Nov 2026 12:05 AM');
    expect(formatTimelineDate('2026-11-01T05:00:00Z', HCM)).toBe('1 Nov 2026 12:00 PM');
  });

  it('writes a month in words', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
  });
});
