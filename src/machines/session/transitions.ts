import { PATHS } from '../../domain/paths';
import { SIGN_IN_FAILED } from '../../domain/session-rules';
import { navCountsInput } from '../nav-counts/nav-counts.machine';
import type { AnyActorRef } from 'xstate';
import type { LiveHandle } from '../live/types';
import type { StoredSession } from '../../api/storage/session';
import type { SessionContext } from './types';

/** Pieces of the session machine's transitions, named once (session.machine.ts). */

/** Effects the app provides (router navigation, page reload); the defaults only complain. */
export function notProvided(name: string): void {
  console.error(`[session] action "${name}" was not provided by the app`);
}

/** Logout and forced logout: forget token and user, ask for the account choice next time, leave. */
export function endSession(to: string) {
  return [
    'forgetSession',
    'clearToken',
    { type: 'savePromptLogin', params: { on: true } },
    { type: 'navigate', params: { to } },
  ] as const;
}

/**
 * A 401 ends the session like a logout, and says so: the fact is kept (context, then storage)
 * before the token is forgotten and before the navigation, so that the route guards, whichever
 * runs first and in whichever page load (a reload racing the sign-out), send to the same notice.
 */
export const endUnauthorized = [
  { type: 'setUnauthorized', params: { on: true } },
  { type: 'saveUnauthorized', params: { on: true } },
  ...endSession(PATHS.unauthorizedLogin),
] as const;
/** A sign-in (started or completed) ends the signed-out notice. */
export const clearUnauthorized = [
  { type: 'setUnauthorized', params: { on: false } },
  { type: 'saveUnauthorized', params: { on: false } },
] as const;

/** Action references used in several transitions (named actions with their params). */
export const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
export const failSignIn = [
  { type: 'setError', params: { error: SIGN_IN_FAILED } },
  { type: 'navigate', params: { to: PATHS.login } },
] as const;
/** The totals' input: the selected team, and the session's live stream (found once the totals start). */
export const teamOf = ({ context, self }: { context: SessionContext; self: AnyActorRef }) => ({
  ...navCountsInput(context.user, context.teamId),
  live: () => (self.getSnapshot() as { children: Record<string, LiveHandle | undefined> }).children.live ?? null,
});
export const saveSelectedTeam = {
  type: 'saveTeamId',
  params: ({ context }: { context: SessionContext }) => ({ teamId: context.teamId ?? '' }),
} as const;

/** An event's payload, as action params. */
export function withoutType<E extends { type: string }>({ type: _type, ...rest }: E): Omit<E, 'type'> {
  return rest;
}

/** What storage held at start-up, as context. */
export function storedContext(stored: StoredSession): Partial<SessionContext> {
  return {
    token: stored.token,
    savedTeamId: stored.teamId,
    promptLogin: stored.promptLogin,
    callbackUrl: stored.callbackUrl,
    returnTo: stored.returnTo ?? null,
    // with a token the session goes on (a sign-in elsewhere came after that 401)
    unauthorized: stored.unauthorized === true && !stored.token,
  };
}

/** Nobody signed in yet: what the session starts from. */
export const INITIAL_CONTEXT: SessionContext = {
  token: null,
  user: null,
  teamId: null,
  savedTeamId: null,
  promptLogin: false,
  callbackUrl: null,
  returnTo: null,
  unauthorized: false,
  error: null,
};

/**
 * A logout asks the server first (it revokes the token and ends the provider's session), with the
 * token still lent to the client, then forgets the session whatever the answer: offline, or after
 * this long without one, the browser signs out on its own.
 */
export const LOGOUT_PATIENCE_MS = 5000;

/** The live stream's input: the selected team (the `ready` state has one). */
export const liveOf = ({ context }: { context: SessionContext }) => ({ teamId: context.teamId ?? '' });

export function warnUnknownTeam({ context }: { context: SessionContext }): void {
  console.warn(`[session] saved team ${context.savedTeamId} is not one of the user's teams; using the first team`);
}

/** A named action that logs its `error` param under a prefix. */
export const logTo =
  (prefix: string) =>
  (_: unknown, params: { error: unknown }): void => {
    console.error(prefix, params.error);
  };
