import { CONTINENTS, codesOf, COUNTRIES, europeanCodes, findCountry, type Continent } from './countries';

/** Feature flags are switched per team country; default off. */
export interface FeatureFlag {
  id: string;
  name: string;
  description: string;
  teams: string[];
  defaultState: boolean;
}

export const EMAIL_SENDING_V1 = 'EMAIL_SENDING_V1';
export const INFO_SENDING_V1 = 'INFO_SENDING_V1';

/** The flags as SPEC section 6 ships them. */
export function defaultFeatureFlags(): FeatureFlag[] {
  return [
    {
      id: EMAIL_SENDING_V1,
      name: 'Email sending',
      description: 'Send confirmation, cancellation and review emails to customers',
      teams: ['KH', 'VN', 'TH', 'TW', 'LA', 'SG', 'ID', ...europeanCodes()],
      defaultState: false,
    },
    {
      id: INFO_SENDING_V1,
      name: 'Information sending',
      description: 'Send information emails before departure',
      teams: ['VN', 'TH'],
      defaultState: false,
    },
  ];
}

export function isFlagOn(flag: Pick<FeatureFlag, 'teams' | 'defaultState'> | undefined, countryCode: string): boolean {
  if (!flag) return false;
  return flag.teams.includes(countryCode) ? true : flag.defaultState;
}

/** Countries toggled together: all off when every one of them is on, otherwise all on. */
function toggleCodes(teams: readonly string[], codes: readonly string[]): string[] {
  const on = codes.every((c) => teams.includes(c));
  return on ? teams.filter((t) => !codes.includes(t)) : [...new Set([...teams, ...codes])];
}

/** Toggle one country on or off; 'EU' stands for every European country at once. */
export function toggleFlagCountry(teams: readonly string[], code: string): string[] {
  const codes = code === 'EU' ? europeanCodes() : [code];
  const known = new Set(COUNTRIES.map((c) => c.code));
  if (!codes.every((c) => known.has(c))) throw new Error(`Unknown country code: ${code}`);
  return toggleCodes(teams, codes);
}

/**
 * Toggle every country of a continent at once: SPEC section 6 says it of Europe, and every
 * continent works alike. A continent only partly on is switched on for all its countries.
 */
export function toggleContinent(teams: readonly string[], continent: Continent): string[] {
  return toggleCodes(teams, codesOf(continent));
}

/** A flag on for every, none or only some of a continent's countries. */
export type ContinentState = 'on' | 'off' | 'mixed';

export function continentState(teams: readonly string[], continent: Continent): ContinentState {
  const codes = codesOf(continent);
  const on = codes.filter((c) => teams.includes(c)).length;
  if (on === 0) return 'off';
  return on === codes.length ? 'on' : 'mixed';
}

/** Whether two lists name the same countries, in any order. */
export function sameCountries(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((c) => set.has(c));
}

/**
 * Country codes in words, in the catalogue's order: a continent of several countries that is
 * there whole reads "all of Europe", the others their names ("all of Europe, Vietnam").
 */
export function countriesInWords(codes: readonly string[]): string {
  const words = CONTINENTS.flatMap((continent) => {
    const all = codesOf(continent);
    const here = all.filter((c) => codes.includes(c));
    if (all.length > 1 && here.length === all.length) return [`all of ${continent}`];
    return here.map((c) => findCountry(c)?.name ?? c);
  });
  const known = new Set(COUNTRIES.map((c) => c.code));
  return [...words, ...codes.filter((c) => !known.has(c))].join(', ');
}

/** What a change of a flag did, in words: "on for all of Europe; off for Vietnam". */
export function changeInWords(change: { added: readonly string[]; removed: readonly string[] }): string {
  const parts = [];
  if (change.added.length > 0) parts.push(`on for ${countriesInWords(change.added)}`);
  if (change.removed.length > 0) parts.push(`off for ${countriesInWords(change.removed)}`);
  return parts.join('; ');
}
