import { describe, expect, it } from 'vitest';
import { amountExample, formatAmount, parseAmount, roundAmount } from '../../src/domain/amounts';
import { languageName, priceLabel } from '../../src/domain/display-names';
import { applyEdit } from '../../src/domain/edits';
import { formatMoney } from '../../src/domain/format';

/** Amounts typed as each locale writes them: what reads one way is taken, anything else refused. */
const cases: Array<[locale: string, currency: string, accepted: Array<[string, number]>, refused: string[]]> = [
  [
    'vi-VN',
    'VND',
    [
      ['1.500.000', 1500000],
      ['1500000', 1500000],
      ['650.000 ₫', 650000],
      ['12.000', 12000],
    ],
    // a comma is the decimal separator but the dong has no decimals; groups of 3 only
    ['1,500,000', '1,5', '1.50.000', '15.00', '1.500.000,00', '1 500 000', '-650.000', 'abc', ''],
  ],
  [
    'en-US',
    'USD',
    [
      ['1,500.50', 1500.5],
      ['1500.5', 1500.5],
      ['$45', 45],
      ['0.99', 0.99],
    ],
    // "1.500" would have three decimals: refused, not read as 1.5 or 1500
    ['1.500', '1.500,50', '1,50', '45.123', '1,2,3', '12.'],
  ],
  [
    'de-DE',
    'EUR',
    [
      ['1.500,50', 1500.5],
      ['1.500', 1500],
      ['1,5', 1.5],
      ['45 €', 45],
    ],
    ['1,500.50', '1.50', '1,505', '1.5000'],
  ],
  [
    'km-KH',
    'KHR',
    [
      ['40,000', 40000],
      ['40000', 40000],
      ['40,000.50៛', 40000.5],
    ],
    ['40.000', '4,0000', '40 000'],
  ],
  [
    'th-TH',
    'THB',
    [
      ['1,234.50', 1234.5],
      ['฿1,234', 1234],
      ['1234', 1234],
    ],
    ['1.234', '1.234,50', '1,23'],
  ],
];

describe.each(cases)('parseAmount in %s (%s)', (locale, currency, accepted, refused) => {
  it.each(accepted)('reads %s as %d', (text, amount) => {
    expect(parseAmount(text, currency, locale)).toBe(amount);
  });
  it.each(refused)('refuses %j', (text) => {
    expect(parseAmount(text, currency, locale)).toBeNull();
  });
  it('reads back what it writes, the panel shows', () => {
    for (const amount of [0, 7, 1500000.5, 650000])
      expect(parseAmount(new Intl.NumberFormat(locale).format(roundAmount(amount, currency)), currency, locale)).toBe(
        roundAmount(amount, currency),
      );
  });
});

describe('amounts as the screen writes each currency', () => {
  it('uses the locale the money is shown in: VND as vi-VN, EUR as de-DE, USD as en-GB', () => {
    expect(formatMoney(650000, 'VND')).toBe('650.000\u00a0₫');
    expect(formatAmount(650000, 'VND')).toBe('650.000');
    expect(parseAmount('1.500.000', 'VND')).toBe(1500000);
    expect(formatAmount(1450.5, 'EUR')).toBe('1.450,50');
    expect(parseAmount('1.450,50', 'EUR')).toBe(1450.5);
    expect(formatAmount(45, 'USD')).toBe('45.00');
    expect(parseAmount('1,234.50', 'USD')).toBe(1234.5);
  });
  it('shows how to type an amount in an error', () => {
    expect(amountExample('VND')).toBe('1.500.000');
    expect(amountExample('EUR')).toBe('1.234,50');
    expect(amountExample('USD')).toBe('1,234.50');
  });
  it('takes a plain space for a locale that groups with a narrow one, an apostrophe for a typographic one', () => {
    expect(parseAmount('12 000,50', 'CZK')).toBe(12000.5);
    expect(parseAmount("1'234.50", 'CHF')).toBe(1234.5);
  });
});

describe('a typed price edit', () => {
  const order = {
    departureAt: '2026-11-01T01:00:00.000Z',
    prices: [
      { type: 'ADULT', amount: 650000, currency: 'VND' },
      { type: 'TOTAL', amount: 1300000, currency: 'VND' },
    ],
  };
  it('applies "1.500.000" in VND as 1500000, recorded as the exact amount', () => {
    const result = applyEdit(order, { field: 'priceText', priceType: 'ADULT', text: '1.500.000' }, 'UTC');
    expect(result.ok && result.record.prices[0]).toEqual({ type: 'ADULT', amount: 1500000, currency: 'VND' });
    expect(result.ok && result.forward).toEqual({ field: 'price', priceType: 'ADULT', amount: 1500000 });
    expect(result.ok && result.inverse).toEqual({ field: 'price', priceType: 'ADULT', amount: 650000 });
  });
  it('refuses what does not read one way, in the words of the screen', () => {
    expect(applyEdit(order, { field: 'priceText', priceType: 'ADULT', text: '1,500,000' }, 'UTC')).toEqual({
      ok: false,
      error: 'Invalid amount for Adult (write it as 1.500.000)',
    });
    expect(applyEdit(order, { field: 'price', priceType: 'ADULT', amount: -1 }, 'UTC')).toEqual({
      ok: false,
      error: 'Invalid amount for Adult',
    });
  });
});

describe('codes as people read them', () => {
  it('labels price types as words', () => {
    expect(['ADULT', 'CHILD', 'TOTAL', 'SENIOR_CITIZEN'].map(priceLabel)).toEqual([
      'Adult',
      'Child',
      'Total',
      'Senior citizen',
    ]);
  });
  it('names languages (Intl.DisplayNames), keeping a code that names none', () => {
    expect(['th', 'vi', 'km', 'en', 'zh-Hant'].map(languageName)).toEqual([
      'Thai',
      'Vietnamese',
      'Khmer',
      'English',
      'Traditional Chinese',
    ]);
    expect(languageName('not a code')).toBe('not a code');
    expect(languageName('')).toBe('');
  });
});
