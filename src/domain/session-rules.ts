import type { Role } from './statuses';

/** A team as the signed-in user sees it (User.teams of the contract). */
export interface TeamSummary {
  id: string;
  name: string;
  avatarUrl: string | null;
  code: string;
  timezone: string;
  continent: string;
  role: Role;
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  orgRoles: Role[];
  /** An ADMIN of the Tech Team (XX): the one who may switch feature flags, which are global. */
  isPlatformAdmin: boolean;
  teams: TeamSummary[];
}

/** Team errors of SPEC section 8, word for word. */
export const TEAM_ERRORS = {
  userNotFound: 'User not found',
  teamsNotFound: 'Teams not found',
  invalidTeamIndex: 'Invalid team index',
} as const;

export const FIRST_TEAM_INDEX = 0;

export interface TeamChoice {
  index: number;
  teamId: string;
  /** The saved id when it named no team of the user's (it gets logged, the first team is used). */
  unknownSavedId: string | null;
  /** Whether the choice differs from what is saved, so it must be stored. */
  mustSave: boolean;
}

/**
 * The saved team when it is one of the user's, else the first team.
 * Null when the user has no team at all ('Teams not found').
 */
export function chooseTeam(teams: readonly TeamSummary[], savedTeamId: string | null): TeamChoice | null {
  if (teams.length === 0) return null;
  const saved = savedTeamId ? teams.findIndex((t) => t.id === savedTeamId) : -1;
  if (saved >= 0) return { index: saved, teamId: teams[saved].id, unknownSavedId: null, mustSave: false };
  return {
    index: FIRST_TEAM_INDEX,
    teamId: teams[FIRST_TEAM_INDEX].id,
    unknownSavedId: savedTeamId || null,
    mustSave: true,
  };
}

export function isValidTeamIndex(teams: readonly TeamSummary[], index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < teams.length;
}

export function findTeam(user: SessionUser | null, teamId: string | null): TeamSummary | null {
  if (!user || !teamId) return null;
  return user.teams.find((t) => t.id === teamId) ?? null;
}

/** First letter of a name for avatars without an image. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase();
}

/** Shown on the login page when signing in did not complete. */
export const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';

/** Provider key sent to signIn/register for the configured OpenID Connect issuer. */
export const OIDC_PROVIDER = 'oidc';

/** Id of the team at an index, or null when the index is outside the user's teams. */
export function teamIdAt(user: SessionUser | null, index: number): string | null {
  if (!user || !isValidTeamIndex(user.teams, index)) return null;
  return user.teams[index].id;
}

export interface ProfilePatch {
  name?: string;
  avatarUrl?: string | null;
}

/** The user with a new name or avatar. */
export function patchUser(user: SessionUser, patch: ProfilePatch): SessionUser {
  return { ...user, ...patch };
}

/** The user with one of their teams renamed or given a new logo. */
export function patchTeam(user: SessionUser, teamId: string, patch: ProfilePatch): SessionUser {
  return { ...user, teams: user.teams.map((t) => (t.id === teamId ? { ...t, ...patch } : t)) };
}

/**
 * A timezone's canonical name (`Asia/Saigon` and `Asia/Ho_Chi_Minh` give the same one, as do `UTC`
 * and `Etc/UTC` where the engine canonicalises), or null when the engine knows no such zone.
 */
export function canonicalTimezone(zone: string): string | null {
  if (!zone.trim()) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const HOUR = 3_600_000;
/** Twice a day for a year: every daylight-saving period of any zone lasts longer than 12 hours. */
const OFFSET_SAMPLES = 2 * 366;

/** The zone's UTC offsets ("GMT+07:00") over the year from `from`, one per sample. */
function offsetsOverYear(zone: string, from: number): string[] {
  const format = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' });
  return Array.from(
    { length: OFFSET_SAMPLES },
    (_, i) => format.formatToParts(from + i * 12 * HOUR).find((p) => p.type === 'timeZoneName')?.value ?? '',
  );
}

/**
 * Whether two zones are the same zone for the people reading dates: the same canonical name, or
 * (for engines that keep aliases apart, and for distinct zones that share one clock) the same
 * UTC offset at every moment of the coming year.
 */
export function sameTimezone(a: string, b: string, now: number): boolean {
  const [ca, cb] = [canonicalTimezone(a), canonicalTimezone(b)];
  if (ca === null || cb === null) return false;
  if (ca === cb) return true;
  const [oa, ob] = [offsetsOverYear(ca, now), offsetsOverYear(cb, now)];
  return oa.every((offset, i) => offset === ob[i]);
}

/**
 * Whether the timezone alert of SPEC section 4 has something to say: the team's and the browser's
 * zones are known and are not the same zone (an alias such as `Asia/Saigon` for the team's
 * `Asia/Ho_Chi_Minh` is no mismatch). An unknown zone gives no alert: its clock cannot be shown.
 */
export function timezonesDiffer(teamTimezone: string, browserTimezone: string, now: number): boolean {
  if (canonicalTimezone(teamTimezone) === null || canonicalTimezone(browserTimezone) === null) return false;
  return !sameTimezone(teamTimezone, browserTimezone, now);
}
