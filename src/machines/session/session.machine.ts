import { assign, setup } from 'xstate';
import { startSignIn } from '../../api/identity';
import { getMe } from '../../api/services/users';
import { PATHS } from '../../domain/paths';
import {
  chooseTeam,
  isValidTeamIndex,
  SIGN_IN_FAILED,
  TEAM_ERRORS,
  teamIdAt,
  type SessionUser,
  patchTeam,
  patchUser,
  type ProfilePatch,
} from '../../domain/session-rules';
import { apiConnection } from './api-connection';
import {
  restoreSession,
  writePromptLogin,
  writeTeamId,
  writeToken,
  type StoredSession,
} from '../../api/storage/session';
import { navCountsInput, navCountsMachine } from '../nav-counts/nav-counts.machine';
import { signInMachine } from '../sign-in/sign-in.machine';
import type { NotifyEvent } from '../notify';
import type { SessionContext, SessionEvent, SessionTag } from './types';

/**
 * The session (SPEC section 4): token, user, selected team, sign-in through the identity provider,
 * logout, team switching, the reaction to any 401, and the navigation totals of the selected team.
 */
/** Effects the app provides (router navigation, page reload); the defaults only complain. */
function notProvided(name: string): void {
  console.error(`[session] action "${name}" was not provided by the app`);
}

/** Logout and forced logout: forget token and user, ask for the account choice next time, leave. */
function endSession(to: string) {
  return [
    'forgetSession',
    'clearToken',
    { type: 'savePromptLogin', params: { on: true } },
    { type: 'navigate', params: { to } },
  ] as const;
}

/** Action references used in several transitions (named actions with their params). */
const logError = {
  type: 'logError',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;
const failSignIn = [
  { type: 'setError', params: { error: SIGN_IN_FAILED } },
  { type: 'navigate', params: { to: PATHS.login } },
] as const;
const teamOf = ({ context }: { context: SessionContext }) => navCountsInput(context.user, context.teamId);
const saveSelectedTeam = {
  type: 'saveTeamId',
  params: ({ context }: { context: SessionContext }) => ({ teamId: context.teamId ?? '' }),
} as const;

/** An event's payload, as action params. */
function withoutType<E extends { type: string }>({ type: _type, ...rest }: E): Omit<E, 'type'> {
  return rest;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
    emitted: {} as NotifyEvent,
  },
  actors: { restoreSession, apiConnection, startSignIn, signInFlow: signInMachine, getMe, navCounts: navCountsMachine },
  guards: {
    isCallback: ({ context }) => context.callbackUrl !== null,
    hasToken: ({ context }) => context.token !== null,
    userMissing: ({ context }) => context.user === null,
    hasNoTeams: ({ context }) => (context.user?.teams.length ?? 0) === 0,
    savedTeamFound: ({ context }) => chooseTeam(context.user?.teams ?? [], context.savedTeamId)?.mustSave === false,
    savedTeamUnknown: ({ context }) =>
      chooseTeam(context.user?.teams ?? [], context.savedTeamId)?.unknownSavedId != null,
    gotAccessToken: (_, params: { accessToken: string | null }) => params.accessToken !== null,
    isValidTeamIndex: ({ context }, params: { index: number }) =>
      isValidTeamIndex(context.user?.teams ?? [], params.index),
  },
  actions: {
    applyStored: assign((_, params: StoredSession) => ({
      token: params.token,
      savedTeamId: params.teamId,
      promptLogin: params.promptLogin,
      callbackUrl: params.callbackUrl,
    })),
    setUser: assign((_, params: { user: SessionUser | null }) => ({ user: params.user })),
    patchUser: assign(({ context }, params: ProfilePatch) => ({
      user: context.user && patchUser(context.user, params),
    })),
    patchTeam: assign(({ context }, params: ProfilePatch & { teamId: string }) => ({
      user: context.user && patchTeam(context.user, params.teamId, params),
    })),
    /** Without a user there is no session; the stored token stays for the next start-up to retry. */
    dropUser: assign({ user: null, token: null, teamId: null }),
    /** The saved team when it is one of the user's, else the first one (index 0). */
    selectTeam: assign(({ context }) => {
      const choice = chooseTeam(context.user?.teams ?? [], context.savedTeamId);
      return { teamId: choice?.teamId ?? null, error: null };
    }),
    warnUnknownTeam: ({ context }) => {
      console.warn(`[session] saved team ${context.savedTeamId} is not one of the user's teams; using the first team`);
    },
    setError: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    logError: (_, params: { error: unknown }) => {
      console.error('[session]', params.error);
    },
    acceptToken: assign((_, params: { token: string }) => ({
      token: params.token,
      callbackUrl: null,
      promptLogin: false,
      error: null,
    })),
    forgetSession: assign({ token: null, user: null, teamId: null, promptLogin: true, error: null }),
    saveToken: (_, params: { token: string }) => writeToken(params.token),
    clearToken: () => writeToken(null),
    saveTeamId: (_, params: { teamId: string }) => writeTeamId(params.teamId),
    savePromptLogin: (_, params: { on: boolean }) => writePromptLogin(params.on),
    navigate: (_, params: { to: string }) => notProvided(`navigate(${params.to})`),
    reloadPage: () => notProvided('reloadPage'),
  },
}).createMachine({
  id: 'session',
  context: {
    token: null,
    user: null,
    teamId: null,
    savedTeamId: null,
    promptLogin: false,
    callbackUrl: null,
    error: null,
  },
  invoke: {
    id: 'apiConnection',
    src: 'apiConnection',
    input: ({ self }) => ({ getToken: () => self.getSnapshot().context.token }),
    onError: { actions: logError },
  },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['pending'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: { target: 'restored', actions: { type: 'applyStored', params: ({ event }) => event.output } },
        onError: {
          target: 'loggedOut',
          actions: logError,
        },
      },
    },
    restored: {
      tags: ['pending'],
      always: [
        { guard: 'isCallback', target: 'signingIn' },
        { guard: 'hasToken', target: 'active' },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'session.login': { target: 'redirecting', actions: 'clearError' } },
        },
        redirecting: {
          tags: ['busy'],
          // on success the browser leaves for the provider; the state only ends on failure
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            input: ({ context }) => ({ prompt: context.promptLogin ? 'login' : null }),
            onError: {
              target: 'idle',
              actions: [logError, { type: 'setError', params: { error: SIGN_IN_FAILED } }],
            },
          },
        },
      },
    },
    signingIn: {
      tags: ['pending', 'busy'],
      invoke: {
        id: 'signInFlow',
        src: 'signInFlow',
        input: ({ context }) => ({ callbackUrl: context.callbackUrl ?? '' }),
        onDone: [
          {
            guard: { type: 'gotAccessToken', params: ({ event }) => event.output },
            target: 'active',
            actions: [
              { type: 'acceptToken', params: ({ event }) => ({ token: event.output.accessToken ?? '' }) },
              { type: 'saveToken', params: ({ event }) => ({ token: event.output.accessToken ?? '' }) },
              { type: 'savePromptLogin', params: { on: false } },
              // the route guards take it from there: onboarding when the user has no team yet
              { type: 'navigate', params: { to: PATHS.landing } },
            ],
          },
          { target: 'loggedOut', actions: failSignIn },
        ],
        onError: {
          target: 'loggedOut',
          actions: [logError, ...failSignIn],
        },
      },
    },
    active: {
      initial: 'loading',
      on: {
        'session.logout': { target: 'loggedOut', actions: endSession(PATHS.login) },
        // once logged out this state is left, so a burst of 401s navigates exactly once
        'api.unauthorized': { target: 'loggedOut', actions: endSession(PATHS.unauthorizedLogin) },
        'user.patched': { actions: { type: 'patchUser', params: ({ event }) => withoutType(event) } },
        'team.patched': { actions: { type: 'patchTeam', params: ({ event }) => withoutType(event) } },
      },
      states: {
        loading: {
          tags: ['pending'],
          invoke: {
            id: 'getMe',
            src: 'getMe',
            onDone: {
              target: 'checking',
              actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: 'checking',
              actions: [logError, { type: 'setUser', params: { user: null } }],
            },
          },
        },
        checking: {
          tags: ['pending'],
          always: [
            {
              guard: 'userMissing',
              target: '#session.loggedOut',
              actions: ['dropUser', { type: 'setError', params: { error: TEAM_ERRORS.userNotFound } }],
            },
            {
              guard: 'hasNoTeams',
              target: 'teamless',
              actions: { type: 'setError', params: { error: TEAM_ERRORS.teamsNotFound } },
            },
            { guard: 'savedTeamFound', target: 'ready', actions: 'selectTeam' },
            {
              guard: 'savedTeamUnknown',
              target: 'ready',
              actions: ['warnUnknownTeam', 'selectTeam', saveSelectedTeam],
            },
            // nothing saved: the first team, saved for next time
            { target: 'ready', actions: ['selectTeam', saveSelectedTeam] },
          ],
        },
        ready: {
          tags: ['loggedIn'],
          invoke: { id: 'navCounts', src: 'navCounts', input: teamOf, onError: { actions: logError } },
          on: {
            'team.switch': [
              {
                guard: { type: 'isValidTeamIndex', params: ({ event }) => ({ index: event.index }) },
                actions: [
                  {
                    type: 'saveTeamId',
                    params: ({ context, event }) => ({ teamId: teamIdAt(context.user, event.index) ?? '' }),
                  },
                  'reloadPage',
                ],
              },
              { actions: { type: 'setError', params: { error: TEAM_ERRORS.invalidTeamIndex } } },
            ],
          },
        },
        /** Signed in, no team yet: onboarding creates one, then `session.refresh` reloads the user. */
        teamless: {
          tags: ['loggedIn'],
          on: {
            'team.switch': { actions: { type: 'setError', params: { error: TEAM_ERRORS.invalidTeamIndex } } },
            'session.refresh': { target: 'loading' },
          },
        },
      },
    },
  },
});
