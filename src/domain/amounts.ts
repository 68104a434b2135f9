import { moneyLocale } from './format';

/**
 * Amounts typed the way the screen writes them. A price in VND reads "650.000 ₫" (vi-VN), so
 * "1.500.000" means 1500000; in USD (en-GB) "1,500.50" means 1500.5; in EUR (de-DE) "1.500,50".
 * The separators, the grouping and the digits come from Intl.NumberFormat's formatToParts for the
 * currency's locale, never from a table of countries. Anything that does not read one way only
 * (a group in the wrong place, more decimals than the currency has, a separator of another
 * convention) is refused rather than guessed.
 */
interface Notation {
  /** The grouping separator, '' when the locale does not group. */
  group: string;
  decimal: string;
  /** Digits after the decimal separator the currency has (0 for VND, 2 for USD). */
  fraction: number;
  /** Size of the last group before the decimal separator, and of the ones before it (3 and 2 in en-IN). */
  primary: number;
  secondary: number;
  /** The locale's digits 0-9 (Latin in every locale the app writes money in, but learned anyway). */
  numerals: string[];
  /** The currency's symbol as the screen shows it and its ISO code, accepted around the amount. */
  symbols: string[];
  plain: Intl.NumberFormat;
}

const SPACES = /[\s\u00a0\u202f]/g;
const isSpace = (c: string) => /^[\s\u00a0\u202f]$/.test(c);
const APOSTROPHES = /['\u2019]/g;

const notations = new Map<string, Notation>();

function notationOf(currency: string, locale = moneyLocale(currency)): Notation {
  const known = notations.get(`${locale}|${currency}`);
  if (known) return known;
  let money: Intl.NumberFormat | null = null;
  try {
    money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    // not an ISO 4217 code: written as a plain number with two decimals
  }
  const fraction = money?.resolvedOptions().maximumFractionDigits ?? 2;
  const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(123456789.5);
  const integers = parts.filter((p) => p.type === 'integer').map((p) => p.value.length);
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  const notation: Notation = {
    group: parts.find((p) => p.type === 'group')?.value ?? '',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    fraction,
    primary: integers.at(-1) ?? 3,
    secondary: integers.length > 1 ? integers.at(-2)! : (integers.at(-1) ?? 3),
    numerals: Array.from({ length: 10 }, (_, i) => digits.format(i)),
    symbols: [
      ...(money
        ?.formatToParts(1)
        .filter((p) => p.type === 'currency')
        .map((p) => p.value) ?? []),
      currency,
    ],
    plain: new Intl.NumberFormat(locale, { minimumFractionDigits: fraction, maximumFractionDigits: fraction }),
  };
  notations.set(`${locale}|${currency}`, notation);
  return notation;
}

/** An amount as the panel's input shows it: the screen's notation without the symbol (`650.000`, `45.00`). */
export function formatAmount(amount: number, currency: string): string {
  return notationOf(currency).plain.format(amount);
}

/** An amount rounded to the digits the currency has (sums of prices stay exact: 0.1 + 0.2 is 0.3). */
export function roundAmount(amount: number, currency: string): number {
  const scale = 10 ** notationOf(currency).fraction;
  return Math.round(amount * scale) / scale;
}

/** How an amount of this currency is typed, for error messages: `1.500.000`, `1,234.50`. */
export function amountExample(currency: string): string {
  const n = notationOf(currency);
  return formatAmount(n.fraction > 0 ? 1234.5 : 1500000, currency);
}

const DIGITS = /^\d+$/;

/** Whether `integer` groups its digits exactly as the locale does ("1.500.000", not "1.50.0000"). */
function groupedWell(chunks: string[], n: Notation): boolean {
  if (!chunks.every((c) => DIGITS.test(c))) return false;
  if (chunks.length === 1) return true;
  const [first, ...rest] = chunks;
  const last = rest.pop()!;
  return (
    first.length >= 1 &&
    first.length <= n.secondary &&
    rest.every((c) => c.length === n.secondary) &&
    last.length === n.primary
  );
}

/**
 * The amount typed for a price in `currency`, or null when it does not read as one amount in the
 * screen's notation (the locale the screen writes the currency in, unless another is given). The currency's symbol or code may be typed with it; digits may be grouped or not.
 */
export function parseAmount(text: string, currency: string, locale = moneyLocale(currency)): number | null {
  const n = notationOf(currency, locale);
  let s = text;
  for (const symbol of n.symbols) s = s.split(symbol).join(' ');
  s = s.trim();
  n.numerals.forEach((numeral, i) => {
    if (numeral !== String(i)) s = s.split(numeral).join(String(i));
  });
  let group = n.group;
  // people type a plain space or apostrophe where the locale writes a narrow one or a typographic one
  if (group && isSpace(group)) [s, group] = [s.replace(SPACES, ' '), ' '];
  else if (group === '\u2019' || group === "'") [s, group] = [s.replace(APOSTROPHES, "'"), "'"];
  if (!s) return null;
  const halves = s.split(n.decimal);
  if (halves.length > 2) return null;
  const [integer, fraction] = halves;
  if (fraction !== undefined && (n.fraction === 0 || !DIGITS.test(fraction) || fraction.length > n.fraction))
    return null;
  const chunks = group ? integer.split(group) : [integer];
  if (!groupedWell(chunks, n)) return null;
  const amount = Number(`${chunks.join('')}${fraction !== undefined ? `.${fraction}` : ''}`);
  return Number.isFinite(amount) ? amount : null;
}
