import { assign, setup } from 'xstate';
import { startSignIn } from '../../api/identity';
import { getMe, logout } from '../../api/services/users';
import { isReturnPath, PATHS } from '../../domain/paths';
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
  writeReturnTo,
  writeTeamId,
  writeToken,
  writeUnauthorized,
  type StoredSession,
} from '../../api/storage/session';
import { liveMachine as live } from '../live/live.machine';
import { navCountsMachine as navCounts } from '../nav-counts/nav-counts.machine';
import { signInMachine as signInFlow } from '../sign-in/sign-in.machine';
import type { NotifyEvent } from '../notify';
import { endSession, failSignIn, logError, notProvided, saveSelectedTeam, teamOf, withoutType } from './transitions';
import {
  clearUnauthorized,
  endUnauthorized,
  INITIAL_CONTEXT,
  LOGOUT_PATIENCE_MS,
  storedContext,
  liveOf,
  logTo,
  warnUnknownTeam,
} from './transitions';
import type { SessionContext, SessionEvent, SessionTag } from './types';

/**
 * The session (SPEC section 4): token, user, selected team, sign-in through the identity provider,
 * logout, team switching, the reaction to any 401, and the navigation totals and live stream of the selected team.
 */

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
    emitted: {} as NotifyEvent,
  },
  actors: { restoreSession, apiConnection, startSignIn, signInFlow, getMe, logout, navCounts, live },
  delays: { logoutPatience: LOGOUT_PATIENCE_MS },
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
    isReturnPath: (_, params: { path: string }) => isReturnPath(params.path),
  },
  actions: {
    applyStored: assign((_, params: StoredSession) => storedContext(params)),
    keepReturnTo: assign((_, params: { path: string | null }) => ({ returnTo: params.path })),
    saveReturnTo: (_, params: { path: string | null }) => writeReturnTo(params.path),
    setUnauthorized: assign((_, params: { on: boolean }) => ({ unauthorized: params.on })),
    saveUnauthorized: (_, params: { on: boolean }) => writeUnauthorized(params.on),
    /** The team to select once the user's teams are loaded again. */
    keepTeam: assign((_, params: { teamId: string | null }) => ({ savedTeamId: params.teamId })),
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
    warnUnknownTeam,
    setError: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    logError: logTo('[session]'),
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
  context: INITIAL_CONTEXT,
  on: {
    'session.returnTo': {
      guard: { type: 'isReturnPath', params: ({ event }) => event },
      actions: [
        { type: 'keepReturnTo', params: ({ event }) => ({ path: event.path }) },
        { type: 'saveReturnTo', params: ({ event }) => ({ path: event.path }) },
      ],
    },
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
          on: { 'session.login': { target: 'redirecting', actions: ['clearError', ...clearUnauthorized] } },
        },
        redirecting: {
          tags: ['busy'],
          // on success the browser leaves for the provider; the state only ends on failure
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            input: ({ context }) => ({ prompt: context.promptLogin ? 'login' : null }),
            onError: { target: 'idle', actions: [logError, { type: 'setError', params: { error: SIGN_IN_FAILED } }] },
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
              ...clearUnauthorized,
              // the route guards take it from there: onboarding when the user has no team yet
              { type: 'navigate', params: ({ context }) => ({ to: context.returnTo ?? PATHS.landing }) },
              { type: 'keepReturnTo', params: { path: null } },
              { type: 'saveReturnTo', params: { path: null } },
            ],
          },
          { target: 'loggedOut', actions: failSignIn },
        ],
        onError: { target: 'loggedOut', actions: [logError, ...failSignIn] },
      },
    },
    /** The server revokes the token (see LOGOUT_PATIENCE_MS); other calls' 401s meanwhile change nothing. */
    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: endSession(PATHS.login) },
        onError: { target: 'loggedOut', actions: [logError, ...endSession(PATHS.login)] },
      },
      after: { logoutPatience: { target: 'loggedOut', actions: endSession(PATHS.login) } },
    },
    active: {
      initial: 'loading',
      on: {
        'session.logout': { target: 'loggingOut' },
        // once logged out this state is left, so a burst of 401s navigates exactly once
        'api.unauthorized': { target: 'loggedOut', actions: endUnauthorized },
        'user.patched': { actions: { type: 'patchUser', params: ({ event }) => withoutType(event) } },
        'team.patched': { actions: { type: 'patchTeam', params: ({ event }) => withoutType(event) } },
        // the user's teams changed (joined one, or their own role changed): load them again
        'team.joined': {
          target: '.loading',
          actions: [
            { type: 'keepTeam', params: ({ event }) => ({ teamId: event.teamId }) },
            { type: 'saveTeamId', params: ({ event }) => ({ teamId: event.teamId }) },
          ],
        },
        'session.refresh': {
          target: '.loading',
          actions: { type: 'keepTeam', params: ({ context }) => ({ teamId: context.teamId }) },
        },
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
            onError: { target: 'checking', actions: [logError, { type: 'setUser', params: { user: null } }] },
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
          // the live stream first: the totals follow it
          invoke: [
            { id: 'live', src: 'live', input: liveOf, onError: { actions: logError } },
            { id: 'navCounts', src: 'navCounts', input: teamOf, onError: { actions: logError } },
          ],
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
