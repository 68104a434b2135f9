import { describe, expect, it } from 'vitest';
import { codesOf, CONTINENTS, COUNTRIES, europeanCodes } from '../../shared/countries';
import {
  changeInWords,
  continentState,
  countriesInWords,
  defaultFeatureFlags,
  EMAIL_SENDING_V1,
  INFO_SENDING_V1,
  isFlagOn,
  sameCountries,
  toggleContinent,
  toggleFlagCountry,
} from '../../shared/feature-flags';

const flag = (id: string) => defaultFeatureFlags().find((f) => f.id === id);

describe('feature flags', () => {
  it('turns email sending on for the listed countries and every European team', () => {
    const email = flag(EMAIL_SENDING_V1);
    for (const code of ['KH', 'VN', 'TH', 'TW', 'LA', 'SG', 'ID', ...europeanCodes()])
      expect(isFlagOn(email, code), code).toBe(true);
    expect(isFlagOn(email, 'JP')).toBe(false);
  });

  it('turns information sending on for Vietnam and Thailand only', () => {
    const info = flag(INFO_SENDING_V1);
    expect(isFlagOn(info, 'VN')).toBe(true);
    expect(isFlagOn(info, 'TH')).toBe(true);
    expect(isFlagOn(info, 'KH')).toBe(false);
  });

  it('is off by default and for unknown flags', () => {
    expect(defaultFeatureFlags().every((f) => f.defaultState === false)).toBe(true);
    expect(isFlagOn(undefined, 'VN')).toBe(false);
    expect(isFlagOn({ teams: [], defaultState: true }, 'VN')).toBe(true);
  });

  it('toggles one country on and off', () => {
    const on = toggleFlagCountry(['VN'], 'JP');
    expect(on).toEqual(['VN', 'JP']);
    expect(toggleFlagCountry(on, 'JP')).toEqual(['VN']);
  });

  it('toggles every European country at once with EU', () => {
    const on = toggleFlagCountry(['VN'], 'EU');
    expect(on).toEqual(expect.arrayContaining(['VN', ...europeanCodes()]));
    expect(toggleFlagCountry(on, 'EU')).toEqual(['VN']);
  });

  it('switches Europe on when only some European countries were on', () => {
    expect(toggleFlagCountry(['FR'], 'EU').sort()).toEqual([...europeanCodes()].sort());
  });

  it('refuses unknown country codes', () => {
    expect(() => toggleFlagCountry([], 'ZZ')).toThrow(/Unknown country code/);
  });

  it('toggles every country of any continent at once, like Europe', () => {
    const asia = codesOf('Asia');
    const on = toggleContinent(['FR'], 'Asia');
    expect(on.sort()).toEqual(['FR', ...asia].sort());
    expect(toggleContinent(on, 'Asia')).toEqual(['FR']);
    // partly on: every country on, none twice
    expect(toggleContinent(['VN', 'FR'], 'Asia').sort()).toEqual(['FR', ...asia].sort());
    expect(toggleContinent(['VN'], 'Europe')).toEqual(toggleFlagCountry(['VN'], 'EU'));
  });

  it('says whether a continent is on, off or only partly on', () => {
    expect(continentState([], 'Europe')).toBe('off');
    expect(continentState(['VN'], 'Europe')).toBe('off');
    expect(continentState(['FR', 'VN'], 'Europe')).toBe('mixed');
    expect(continentState(europeanCodes(), 'Europe')).toBe('on');
    expect(continentState(['XX'], 'Global')).toBe('on');
    expect(
      continentState(
        europeanCodes().filter((c) => c !== 'FR'),
        'Europe',
      ),
    ).toBe('mixed');
  });

  it('compares countries whatever their order', () => {
    expect(sameCountries(['VN', 'TH'], ['TH', 'VN'])).toBe(true);
    expect(sameCountries(['VN'], ['VN', 'TH'])).toBe(false);
    expect(sameCountries(['VN', 'TH'], ['VN', 'FR'])).toBe(false);
    expect(sameCountries([], [])).toBe(true);
  });

  it('puts countries in words: a whole continent by its name, the rest by country', () => {
    expect(countriesInWords(['TH', 'VN'])).toBe('Vietnam, Thailand');
    expect(countriesInWords([...europeanCodes(), 'VN'])).toBe('Vietnam, all of Europe');
    expect(countriesInWords(europeanCodes().filter((c) => c !== 'FR'))).toMatch(/^Germany, Italy, .*, Iceland$/);
    // a continent of one country is named by its country
    expect(countriesInWords(['XX'])).toBe('Tech Team');
    expect(changeInWords({ added: europeanCodes(), removed: ['VN'] })).toBe('on for all of Europe; off for Vietnam');
    expect(changeInWords({ added: [], removed: ['FR'] })).toBe('off for France');
  });

  it('knows every continent of the catalogue', () => {
    expect(CONTINENTS).toEqual(['Asia', 'Europe', 'Africa', 'America', 'Global']);
    // every country under exactly one continent
    expect(CONTINENTS.flatMap(codesOf).sort()).toEqual(COUNTRIES.map((c) => c.code).sort());
  });
});
