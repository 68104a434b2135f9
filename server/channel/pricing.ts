/**
 * OCTO prices: integer minor units with the currency's precision. Schedules keep prices in major
 * units, as orders do (VND 650000, USD 45.5); OCTO writes USD 45.5 as 4550 with precision 2.
 */
import type { ScheduleOption, ScheduleUnit } from '../../shared/schedule';

export interface OctoPricing {
  original: number;
  retail: number;
  net: number | null;
  currency: string;
  currencyPrecision: number;
  includedTaxes: never[];
}

const precisions = new Map<string, number>();

/** Digits after the decimal point of a currency's minor unit (USD 2, VND 0, JPY 0, KWD 3). */
export function currencyPrecision(currency: string): number {
  let p = precisions.get(currency);
  if (p === undefined) {
    p = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    precisions.set(currency, p);
  }
  return p;
}

/** A major-unit amount in minor units. */
export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyPrecision(currency));
}

/** The OCTO Pricing object of a major-unit retail amount (and net when known). */
export function toPricing(amount: number, currency: string, net?: number | null): OctoPricing {
  const retail = toMinor(amount, currency);
  return {
    original: retail,
    retail,
    net: net === undefined || net === null ? null : toMinor(net, currency),
    currency,
    currencyPrecision: currencyPrecision(currency),
    includedTaxes: [],
  };
}

/** The sum of several prices of one currency (net only when every part has one). */
export function sumPricing(parts: OctoPricing[], currency: string): OctoPricing {
  const nets = parts.map((p) => p.net);
  return {
    original: parts.reduce((s, p) => s + p.original, 0),
    retail: parts.reduce((s, p) => s + p.retail, 0),
    net: nets.every((n) => n !== null) ? (nets as number[]).reduce((s, n) => s + n, 0) : null,
    currency,
    currencyPrecision: currencyPrecision(currency),
    includedTaxes: [],
  };
}

/** A price times a quantity. */
export function timesPricing(p: OctoPricing, quantity: number): OctoPricing {
  return {
    ...p,
    original: p.original * quantity,
    retail: p.retail * quantity,
    net: p.net === null ? null : p.net * quantity,
  };
}

/** The unit's price in a currency (major units), or undefined when it has none. */
export function unitPrice(unit: ScheduleUnit, currency: string): ScheduleUnit['prices'][number] | undefined {
  return unit.prices.find((p) => p.currency === currency);
}

/** The unit's OCTO pricing in a currency, or undefined when the unit has no price in it. */
export function unitPricing(unit: ScheduleUnit, currency: string): OctoPricing | undefined {
  const price = unitPrice(unit, currency);
  return price && toPricing(price.retail, currency, price.net);
}

/** Currencies in which every unit of the option has a price, in the order its first unit lists them. */
export function optionCurrencies(option: ScheduleOption): string[] {
  const [first] = option.units;
  if (!first) return [];
  return first.prices.map((p) => p.currency).filter((c) => option.units.every((u) => unitPrice(u, c)));
}

/**
 * The currencies a product is sold in: those of each option (every unit priced), the default
 * option's first, so the first is the product's default currency.
 */
export function pricedCurrencies(options: ScheduleOption[]): string[] {
  const ordered = [...options].sort((a, b) => Number(b.default) - Number(a.default));
  return [...new Set(ordered.flatMap(optionCurrencies))];
}

/** The currency an option is priced in when the reseller names none: the product's default if it can. */
export function optionDefaultCurrency(options: ScheduleOption[], option: ScheduleOption): string | undefined {
  const product = pricedCurrencies(options)[0];
  return product !== undefined && optionPricedIn(option, product) ? product : optionCurrencies(option)[0];
}

/** Every unit of the option has a price in the currency. */
export function optionPricedIn(option: ScheduleOption, currency: string): boolean {
  return option.units.length > 0 && option.units.every((u) => unitPrice(u, currency));
}
