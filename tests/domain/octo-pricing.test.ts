import { describe, expect, it } from 'vitest';
import {
  currencyPrecision,
  optionDefaultCurrency,
  pricedCurrencies,
  sumPricing,
  timesPricing,
  toPricing,
} from '../../server/channel/pricing';
import type { ScheduleOption } from '../../shared/schedule';

describe('OCTO pricing', () => {
  it('writes major-unit prices in minor units with the currency precision', () => {
    expect(toPricing(45.5, 'USD', 38)).toEqual({
      original: 4550,
      retail: 4550,
      net: 3800,
      currency: 'USD',
      currencyPrecision: 2,
      includedTaxes: [],
    });
    expect(toPricing(1100000, 'VND')).toMatchObject({ retail: 1100000, net: null, currencyPrecision: 0 });
    expect(toPricing(3500, 'JPY', null)).toMatchObject({ retail: 3500, net: null, currencyPrecision: 0 });
    expect(currencyPrecision('KWD')).toBe(3);
    expect(toPricing(12.345, 'KWD').retail).toBe(12345);
    // 19.99 * 100 is 1998.9999999999998 in floating point
    expect(toPricing(19.99, 'EUR').retail).toBe(1999);
  });

  it('multiplies and sums, with a net only when every part has one', () => {
    const adult = toPricing(45, 'USD', 38);
    const child = toPricing(25.5, 'USD');
    expect(timesPricing(adult, 2)).toMatchObject({ retail: 9000, net: 7600 });
    expect(sumPricing([timesPricing(adult, 2), child], 'USD')).toMatchObject({
      retail: 11550,
      original: 11550,
      net: null,
    });
    expect(sumPricing([adult, adult], 'USD')).toMatchObject({ retail: 9000, net: 7600 });
  });

  it('offers the currencies each option is wholly priced in, the default option first', () => {
    const option = (id: string, isDefault: boolean, currencies: string[][]): ScheduleOption => ({
      id,
      name: id,
      default: isDefault,
      units: currencies.map((cs, i) => ({
        id: `u${i}`,
        type: 'ADULT',
        name: `Unit ${i}`,
        minAge: 0,
        maxAge: 99,
        prices: cs.map((currency) => ({ currency, retail: 10 })),
      })),
    });
    expect(
      pricedCurrencies([
        option('a', true, [
          ['VND', 'USD'],
          ['USD', 'VND'],
        ]),
      ]),
    ).toEqual(['VND', 'USD']);
    const usd = option('a', false, [['USD']]);
    const eur = option('b', true, [['EUR', 'USD']]);
    expect(pricedCurrencies([usd, eur])).toEqual(['EUR', 'USD']);
    expect(optionDefaultCurrency([usd, eur], eur)).toBe('EUR');
    expect(optionDefaultCurrency([usd, eur], usd)).toBe('USD');
    // a currency some unit lacks is not offered
    expect(pricedCurrencies([option('a', true, [['USD', 'EUR'], ['EUR']])])).toEqual(['EUR']);
    expect(pricedCurrencies([])).toEqual([]);
  });
});
