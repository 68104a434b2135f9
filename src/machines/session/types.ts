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
  | { type: 'team.patched'; teamId: string; name?: string; avatarUrl?: string | null };

export type SessionTag = 'pending' | 'loggedIn' | 'busy';
