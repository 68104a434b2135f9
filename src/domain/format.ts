import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * How money and dates read everywhere (lists, panel, dialogs, activity, e-mails, export): one
 * family of formats, day before month, 24-hour times except the timeline's 12-hour dates (SPEC 9).
 * The CSV alone writes ISO dates, which spreadsheets parse as dates.
 */
const DAY = 'ddd, D MMM YYYY';
const DATE_TIME = 'D MMM YYYY HH:mm';
const TIMELINE = 'D MMM YYYY h:mm A';
const MONTH = 'MMMM YYYY';

/**
 * The locale each currency is written in: its home convention where that is unambiguous and in
 * Latin digits ("1.450.000 ₫", "1.450.000,00 €"); British English otherwise, whose symbols name
 * the country where a bare "$" would not ("US$45.00", "NT$", "MX$", "SGD 45.00").
 */
const CURRENCY_LOCALE: Readonly<Record<string, string>> = {
  VND: 'vi-VN',
  KHR: 'km-KH',
  LAK: 'lo-LA',
  IDR: 'id-ID',
  THB: 'th-TH',
  JPY: 'ja-JP',
  HKD: 'en-HK',
  MYR: 'ms-MY',
  KRW: 'ko-KR',
  EUR: 'de-DE',
  CHF: 'de-CH',
  GBP: 'en-GB',
  CZK: 'cs-CZ',
  HUF: 'hu-HU',
  PLN: 'pl-PL',
  ISK: 'is-IS',
  MAD: 'fr-MA',
  PEN: 'es-PE',
};
const NEUTRAL_LOCALE = 'en-GB';

/** The locale an amount of this currency is written in on screen, and so typed in (the team's). */
export function moneyLocale(currency: string): string {
  return CURRENCY_LOCALE[currency] ?? NEUTRAL_LOCALE;
}

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(currency: string): Intl.NumberFormat | null {
  let f = moneyFormats.get(currency);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat(moneyLocale(currency), { style: 'currency', currency });
    } catch {
      // Not an ISO 4217 code: the amount and the code as written.
      f = null;
    }
    moneyFormats.set(currency, f);
  }
  return f;
}

/** An amount in its currency's own notation: `1.450.000 ₫`, `US$45.00`. */
export function formatMoney(amount: number, currency: string): string {
  return moneyFormat(currency)?.format(amount) ?? `${amount} ${currency}`;
}

/**
 * The wall clock of an instant in a timezone. One Intl formatter per zone: dayjs' tz() builds one
 * per call (about a millisecond each, seconds for a CSV of 10,000 rows).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const clocks24 = new Map<string, Intl.DateTimeFormat>();

function zoned(formats: Map<string, Intl.DateTimeFormat>, tz: string, options: Intl.DateTimeFormatOptions) {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', ...options });
    formats.set(tz, f);
  }
  return f;
}

function wallClock(iso: string, tz: string): dayjs.Dayjs {
  const f = zoned(wallClocks, tz, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(Date.parse(iso))) p[part.type] = Number(part.value);
  return dayjs.utc(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute));
}

/** A day (`YYYY-MM-DD`, already the team's) as list headers and dialogs show it: `Sun, 1 Nov 2026`. */
export function formatDay(day: string): string {
  return dayjs.utc(day).format(DAY);
}

/** An instant in the team's timezone: `1 Nov 2026 13:30` (panel, activity, e-mails, export). */
export function formatDateTime(iso: string, tz: string): string {
  return wallClock(iso, tz).format(DATE_TIME);
}

/** An instant in the team's timezone as spreadsheets parse it (CSV): `2026-11-01 13:30`. */
export function formatSortableDateTime(iso: string, tz: string): string {
  return wallClock(iso, tz).format('YYYY-MM-DD HH:mm');
}

/** A time of day in the team's timezone, 24-hour: `13:30`. */
export function formatTime(iso: string, tz: string): string {
  return zoned(clocks24, tz, { hour: '2-digit', minute: '2-digit' }).format(Date.parse(iso));
}

/** A timeline date in the team's timezone, 12-hour (SPEC 9): `1 Nov 2026 1:30 PM`. */
export function formatTimelineDate(iso: string, tz: string): string {
  return wallClock(iso, tz).format(TIMELINE);
}

/** A month (`YYYY-MM`): `November 2026`. */
export function formatMonth(month: string): string {
  return dayjs.utc(`${month}-01`).format(MONTH);
}
