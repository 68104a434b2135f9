import type { SessionUser } from '../../domain/session-rules';

/** The session machine's context, events and tags. */
export interface SessionContext {
  token: string | null;
  user: SessionUser | null;
  /** The selected team. */
  teamId: string | null;
  /** The team id found in storage at start-up. */
  savedTeamId: string | null;
  /** After a logout the provider must show its account choice (prompt=login). */
  promptLogin: boolean;
  /** Set when the page was opened at /auth/callback. */
  callbackUrl: string | null;
  /** Where the next sign-in comes back to (an invitation's screen); else the landing page. */
  returnTo?: string | null;
  /**
   * The last session ended with a 401 (kept in storage, so a page load racing the sign-out knows
   * it too): the guards send to the login page with the signed-out notice until the next sign-in.
   */
  unauthorized: boolean;
  error: string | null;
}

export type SessionEvent =
  | { type: 'session.login' }
  | { type: 'session.logout' }
  | { type: 'session.refresh' }
  | { type: 'team.switch'; index: number }
  | { type: 'api.unauthorized' }
  /** Settings saved a new name or avatar: every view of the user shows it at once. */
  | { type: 'user.patched'; name?: string; avatarUrl?: string | null }
  | { type: 'team.patched'; teamId: string; name?: string; avatarUrl?: string | null }
  /** The next sign-in comes back to this path of the app (an invitation's screen). */
  | { type: 'session.returnTo'; path: string }
  /** The user joined a team (an invitation): their teams load again, with that one selected. */
  | { type: 'team.joined'; teamId: string };

export type SessionTag = 'pending' | 'loggedIn' | 'busy';
