import { describe, expect, it } from 'vitest';
import {
  canonicalTimezone,
  chooseTeam,
  sameTimezone,
  timezonesDiffer,
  findTeam,
  initialOf,
  isValidTeamIndex,
  TEAM_ERRORS,
  teamIdAt,
  type SessionUser,
  type TeamSummary,
} from '../../src/domain/session-rules';

const team = (id: string): TeamSummary => ({
  id,
  name: `Team ${id}`,
  avatarUrl: null,
  code: 'VN',
  timezone: 'Asia/Ho_Chi_Minh',
  continent: 'Asia',
  role: 'MEMBER',
});
const teams = [team('a'), team('b'), team('c')];
const user: SessionUser = {
  id: 'u',
  name: 'Ana',
  email: 'ana@example.com',
  avatarUrl: null,
  orgRoles: [],
  isPlatformAdmin: false,
  teams,
};

describe('team selection', () => {
  it('selects the saved team when it is one of the user’s', () => {
    expect(chooseTeam(teams, 'b')).toEqual({ index: 1, teamId: 'b', unknownSavedId: null, mustSave: false });
  });

  it('uses (and saves) the first team when the saved id is unknown, and names the unknown id', () => {
    expect(chooseTeam(teams, 'zzz')).toEqual({ index: 0, teamId: 'a', unknownSavedId: 'zzz', mustSave: true });
  });

  it('selects and saves team 0 when nothing is saved', () => {
    expect(chooseTeam(teams, null)).toEqual({ index: 0, teamId: 'a', unknownSavedId: null, mustSave: true });
  });

  it('has nothing to choose without teams', () => {
    expect(chooseTeam([], 'a')).toBeNull();
  });

  it('checks a team index against the user’s teams', () => {
    expect(isValidTeamIndex(teams, 0)).toBe(true);
    expect(isValidTeamIndex(teams, 2)).toBe(true);
    expect(isValidTeamIndex(teams, 3)).toBe(false);
    expect(isValidTeamIndex(teams, -1)).toBe(false);
    expect(isValidTeamIndex(teams, 1.5)).toBe(false);
    expect(teamIdAt(user, 1)).toBe('b');
    expect(teamIdAt(user, 9)).toBeNull();
    expect(teamIdAt(null, 0)).toBeNull();
  });

  it('finds the selected team', () => {
    expect(findTeam(user, 'c')?.name).toBe('Team c');
    expect(findTeam(user, 'x')).toBeNull();
    expect(findTeam(null, 'a')).toBeNull();
  });

  it('words the team errors as the specification does', () => {
    expect(TEAM_ERRORS).toEqual({
      userNotFound: 'User not found',
      teamsNotFound: 'Teams not found',
      invalidTeamIndex: 'Invalid team index',
    });
  });

  it('takes the first letter of a name for avatars', () => {
    expect(initialOf('  vietnam team')).toBe('V');
    expect(initialOf('')).toBe('');
  });
});

describe('timezones (the timezone alert, SPEC section 4)', () => {
  const now = Date.UTC(2026, 10, 22, 0, 30);

  it('takes an alias for the zone it names', () => {
    expect(timezonesDiffer('Asia/Ho_Chi_Minh', 'Asia/Saigon', now)).toBe(false);
    expect(timezonesDiffer('Asia/Kolkata', 'Asia/Calcutta', now)).toBe(false);
    expect(timezonesDiffer('Europe/Kyiv', 'Europe/Kiev', now)).toBe(false);
    expect(timezonesDiffer('UTC', 'Etc/UTC', now)).toBe(false);
    expect(timezonesDiffer('America/New_York', 'US/Eastern', now)).toBe(false);
    expect(canonicalTimezone('Asia/Saigon')).toBe(canonicalTimezone('Asia/Ho_Chi_Minh'));
  });

  it('compares offsets over the year where the engine keeps aliases apart', () => {
    // an engine that answers every zone with the name it was given (newer ECMA-402 behaviour)
    const Real = Intl.DateTimeFormat;
    class KeepsAliases extends Real {
      readonly #zone: string | undefined;
      constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
        super(locales, options);
        this.#zone = options?.timeZone;
      }
      resolvedOptions() {
        return { ...super.resolvedOptions(), ...(this.#zone ? { timeZone: this.#zone } : {}) };
      }
    }
    Intl.DateTimeFormat = KeepsAliases as unknown as typeof Intl.DateTimeFormat;
    try {
      expect(canonicalTimezone('Asia/Saigon')).toBe('Asia/Saigon');
      expect(canonicalTimezone('Asia/Ho_Chi_Minh')).toBe('Asia/Ho_Chi_Minh');
      expect(sameTimezone('Asia/Ho_Chi_Minh', 'Asia/Saigon', now)).toBe(true);
      expect(timezonesDiffer('Asia/Ho_Chi_Minh', 'Asia/Saigon', now)).toBe(false);
      expect(timezonesDiffer('Asia/Ho_Chi_Minh', 'Asia/Tokyo', now)).toBe(true);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });

  it('takes zones that keep the same clock all year for one', () => {
    expect(timezonesDiffer('Asia/Ho_Chi_Minh', 'Asia/Bangkok', now)).toBe(false);
    expect(timezonesDiffer('Asia/Phnom_Penh', 'Asia/Vientiane', now)).toBe(false);
  });

  it('alerts on real mismatches, daylight saving included', () => {
    expect(timezonesDiffer('Asia/Ho_Chi_Minh', 'America/New_York', now)).toBe(true);
    expect(timezonesDiffer('Asia/Ho_Chi_Minh', 'Asia/Tokyo', now)).toBe(true);
    // the same clock in winter, an hour apart in summer
    expect(timezonesDiffer('America/Denver', 'America/Phoenix', now)).toBe(true);
    expect(timezonesDiffer('Europe/London', 'Africa/Abidjan', now)).toBe(true);
    // a half-hour zone
    expect(timezonesDiffer('Asia/Kolkata', 'Asia/Dhaka', now)).toBe(true);
  });

  it('stays quiet when a zone is empty or unknown (its clock cannot be shown)', () => {
    expect(timezonesDiffer('', 'UTC', now)).toBe(false);
    expect(timezonesDiffer('UTC', '  ', now)).toBe(false);
    expect(timezonesDiffer('Mars/Olympus_Mons', 'UTC', now)).toBe(false);
    expect(canonicalTimezone('Mars/Olympus_Mons')).toBeNull();
  });
});
