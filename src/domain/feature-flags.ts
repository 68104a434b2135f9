import { COUNTRIES, europeanCodes } from './countries';

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

/** Toggle one country on or off; 'EU' stands for every European country at once. */
export function toggleFlagCountry(teams: readonly string[], code: string): string[] {
  const codes = code === 'EU' ? europeanCodes() : [code];
  const known = new Set(COUNTRIES.map((c) => c.code));
  if (!codes.every((c) => known.has(c))) throw new Error(`Unknown country code: ${code}`);
  const on = codes.every((c) => teams.includes(c));
  return on ? teams.filter((t) => !codes.includes(t)) : [...new Set([...teams, ...codes])];
}
