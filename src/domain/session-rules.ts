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
