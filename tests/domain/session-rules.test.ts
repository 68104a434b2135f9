import { describe, expect, it } from 'vitest';
import {
  chooseTeam,
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
