/** Countries a team can belong to: each maps to a timezone, a continent and its currencies. */
export type Continent = 'Asia' | 'Europe' | 'Africa' | 'America' | 'Global';

export interface Country {
  code: string;
  name: string;
  timezone: string;
  continent: Continent;
  currencies: string[];
}

const EUR = ['EUR'];

export const COUNTRIES: readonly Country[] = [
  { code: 'VN', name: 'Vietnam', timezone: 'Asia/Ho_Chi_Minh', continent: 'Asia', currencies: ['VND'] },
  { code: 'KH', name: 'Cambodia', timezone: 'Asia/Phnom_Penh', continent: 'Asia', currencies: ['KHR'] },
  { code: 'LA', name: 'Laos', timezone: 'Asia/Vientiane', continent: 'Asia', currencies: ['LAK'] },
  { code: 'ID', name: 'Indonesia', timezone: 'Asia/Jakarta', continent: 'Asia', currencies: ['IDR'] },
  { code: 'SG', name: 'Singapore', timezone: 'Asia/Singapore', continent: 'Asia', currencies: ['SGD'] },
  { code: 'TH', name: 'Thailand', timezone: 'Asia/Bangkok', continent: 'Asia', currencies: ['THB'] },
  { code: 'TW', name: 'Taiwan', timezone: 'Asia/Taipei', continent: 'Asia', currencies: ['TWD'] },
  { code: 'JP', name: 'Japan', timezone: 'Asia/Tokyo', continent: 'Asia', currencies: ['JPY'] },
  { code: 'HK', name: 'Hong Kong', timezone: 'Asia/Hong_Kong', continent: 'Asia', currencies: ['HKD'] },
  { code: 'MY', name: 'Malaysia', timezone: 'Asia/Kuala_Lumpur', continent: 'Asia', currencies: ['MYR'] },
  { code: 'KR', name: 'Korea', timezone: 'Asia/Seoul', continent: 'Asia', currencies: ['KRW'] },
  { code: 'FR', name: 'France', timezone: 'Europe/Paris', continent: 'Europe', currencies: EUR },
  { code: 'DE', name: 'Germany', timezone: 'Europe/Berlin', continent: 'Europe', currencies: EUR },
  { code: 'IT', name: 'Italy', timezone: 'Europe/Rome', continent: 'Europe', currencies: EUR },
  { code: 'ES', name: 'Spain', timezone: 'Europe/Madrid', continent: 'Europe', currencies: EUR },
  { code: 'PT', name: 'Portugal', timezone: 'Europe/Lisbon', continent: 'Europe', currencies: EUR },
  { code: 'NL', name: 'Netherlands', timezone: 'Europe/Amsterdam', continent: 'Europe', currencies: EUR },
  { code: 'BE', name: 'Belgium', timezone: 'Europe/Brussels', continent: 'Europe', currencies: EUR },
  { code: 'AT', name: 'Austria', timezone: 'Europe/Vienna', continent: 'Europe', currencies: EUR },
  { code: 'GR', name: 'Greece', timezone: 'Europe/Athens', continent: 'Europe', currencies: EUR },
  { code: 'IE', name: 'Ireland', timezone: 'Europe/Dublin', continent: 'Europe', currencies: EUR },
  { code: 'CH', name: 'Switzerland', timezone: 'Europe/Zurich', continent: 'Europe', currencies: ['CHF'] },
  { code: 'GB', name: 'United Kingdom', timezone: 'Europe/London', continent: 'Europe', currencies: ['GBP'] },
  { code: 'CZ', name: 'Czechia', timezone: 'Europe/Prague', continent: 'Europe', currencies: ['CZK'] },
  { code: 'HU', name: 'Hungary', timezone: 'Europe/Budapest', continent: 'Europe', currencies: ['HUF'] },
  { code: 'PL', name: 'Poland', timezone: 'Europe/Warsaw', continent: 'Europe', currencies: ['PLN'] },
  { code: 'HR', name: 'Croatia', timezone: 'Europe/Zagreb', continent: 'Europe', currencies: EUR },
  { code: 'IS', name: 'Iceland', timezone: 'Atlantic/Reykjavik', continent: 'Europe', currencies: ['ISK'] },
  { code: 'MA', name: 'Morocco', timezone: 'Africa/Casablanca', continent: 'Africa', currencies: ['MAD'] },
  { code: 'EG', name: 'Egypt', timezone: 'Africa/Cairo', continent: 'Africa', currencies: ['EGP'] },
  { code: 'PE', name: 'Peru', timezone: 'America/Lima', continent: 'America', currencies: ['PEN'] },
  { code: 'MX', name: 'Mexico', timezone: 'America/Mexico_City', continent: 'America', currencies: ['MXN'] },
  { code: 'XX', name: 'Tech Team', timezone: 'UTC', continent: 'Global', currencies: [] },
];

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export function findCountry(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}

/** Timezone of a team's country; UTC when the country is unknown. */
export function timezoneOf(code: string): string {
  return findCountry(code)?.timezone ?? 'UTC';
}

/** The team country's currencies plus USD, without duplicates. */
export function currenciesOf(code: string): string[] {
  return [...new Set([...(findCountry(code)?.currencies ?? []), 'USD'])];
}

/** Every continent, in the order the catalogue lists its countries. */
export const CONTINENTS: readonly Continent[] = [...new Set(COUNTRIES.map((c) => c.continent))];

/** The country codes of a continent, in the catalogue's order. */
export function codesOf(continent: Continent): string[] {
  return COUNTRIES.filter((c) => c.continent === continent).map((c) => c.code);
}

export function europeanCodes(): string[] {
  return codesOf('Europe');
}
