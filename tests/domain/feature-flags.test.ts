import { describe, expect, it } from 'vitest';
import { europeanCodes } from '../../src/domain/countries';
import {
  defaultFeatureFlags,
  EMAIL_SENDING_V1,
  INFO_SENDING_V1,
  isFlagOn,
  toggleFlagCountry,
} from '../../src/domain/feature-flags';

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
});
