import { describe, expect, it } from 'vitest';
import { COUNTRIES, currenciesOf, europeanCodes, findCountry, timezoneOf } from '../../shared/countries';

describe('countries', () => {
  it('has every country of the specification with a timezone and a continent', () => {
    for (const name of [
      'Vietnam',
      'Cambodia',
      'Laos',
      'Indonesia',
      'Singapore',
      'Thailand',
      'Taiwan',
      'Japan',
      'Hong Kong',
      'Malaysia',
      'Korea',
      'Morocco',
      'Egypt',
      'Peru',
      'Mexico',
      'Tech Team',
    ]) {
      const country = COUNTRIES.find((c) => c.name === name);
      expect(country, name).toBeDefined();
      expect(country?.timezone).toBeTruthy();
      expect(country?.continent).toBeTruthy();
    }
  });

  it('finds a country by code in any case', () => {
    expect(findCountry('vn')?.name).toBe('Vietnam');
    expect(findCountry('XX')?.name).toBe('Tech Team');
  });

  it('maps a team country to its timezone, falling back to UTC', () => {
    expect(timezoneOf('JP')).toBe('Asia/Tokyo');
    expect(timezoneOf('ZZ')).toBe('UTC');
  });

  it("lists the country's currencies plus USD, once", () => {
    expect(currenciesOf('FR')).toEqual(['EUR', 'USD']);
    expect(currenciesOf('XX')).toEqual(['USD']);
    expect(currenciesOf('ZZ')).toEqual(['USD']);
  });

  it('knows which countries are European', () => {
    const eu = europeanCodes();
    expect(eu).toContain('FR');
    expect(eu).toContain('DE');
    expect(eu).not.toContain('VN');
    expect(eu.length).toBeGreaterThan(10);
  });
});
