/**
 * Codes as people read them on screen: a price type ("ADULT" reads "Adult") and a language
 * ("th" reads "Thai", through Intl.DisplayNames, in the app's language).
 */

/** `ADULT` -> `Adult`, `SENIOR_CITIZEN` -> `Senior citizen`. */
export function priceLabel(type: string): string {
  const words = type.replace(/_/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : type;
}

let languages: Intl.DisplayNames | null | undefined;

/** `th` -> `Thai`, `zh-Hant` -> `Traditional Chinese`; the code as given when it names no language. */
export function languageName(code: string): string {
  if (!code) return code;
  if (languages === undefined) {
    try {
      languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
    } catch {
      languages = null;
    }
  }
  try {
    return languages?.of(code) ?? code;
  } catch {
    // not a well-formed language tag (RangeError)
    return code;
  }
}
