/**
 * Intl formatters by timezone, made once each: building one costs far more than formatting with it
 * (dayjs's tz() builds one on every call, about 180 µs), which adds up over a 1,000-order send or
 * a seed of many orders.
 */
export function zoneFormatters(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let f = made.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      made.set(timeZone, f);
    }
    return f;
  };
}
