import { UNIT_TYPES } from '../../shared/schedule';
import type { Price } from '../repo/orders';

/**
 * Prices in a CSV: one numeric column per price type and its currency beside it, so a spreadsheet
 * can sum them (`ADULT price`, `ADULT currency`, ...). The types are those of the exported rows,
 * read before the first row: the header names them all.
 */

/** The unit types in the order a ticket lists them, then any other type alphabetically, TOTAL last. */
export function orderPriceTypes(types: Iterable<string>): string[] {
  const rank = (type: string) => {
    if (type === 'TOTAL') return UNIT_TYPES.length + 1;
    const unit = (UNIT_TYPES as readonly string[]).indexOf(type);
    return unit === -1 ? UNIT_TYPES.length : unit;
  };
  return [...new Set(types)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The header cells of the price columns. */
export const priceHeader = (types: string[]): string[] => types.flatMap((t) => [`${t} price`, `${t} currency`]);

/** A row's price cells: the amount as a number and its currency, or two blanks for a type it lacks. */
export function priceCells(types: string[], prices: Price[]): (number | string)[] {
  const byType = new Map(prices.map((p) => [p.type, p]));
  return types.flatMap((t) => {
    const price = byType.get(t);
    return price ? [price.amount, price.currency] : ['', ''];
  });
}
