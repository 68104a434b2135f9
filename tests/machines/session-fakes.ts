import { vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { StartSignInInput } from '../../src/api/identity';
import type { NavTotals, NavTotalsInput } from '../../src/api/services/lists';
import type { User } from '../../src/api/services/users';
import type { TeamSummary } from '../../src/domain/session-rules';
import { inboxCountMachine } from '../../src/machines/inbox-count/inbox-count.machine';
import { liveMachine } from '../../src/machines/live/live.machine';
import { navCountsMachine } from '../../src/machines/nav-counts/nav-counts.machine';
import { sessionMachine } from '../../src/machines/session/session.machine';
import type { StoredSession } from '../../src/api/storage/session';
import type { SignInInput, SignInOutput, signInMachine } from '../../src/machines/sign-in/sign-in.machine';

/** Test doubles for the session machine: every service throws unless a test says otherwise. */
export const team = (id: string, role: TeamSummary['role'] = 'MEMBER'): TeamSummary => ({
  id,
  name: `Team ${id}`,
  avatarUrl: null,
  code: 'VN',
  timezone: 'Asia/Ho_Chi_Minh',
  continent: 'Asia',
  role,
});

/** The signed-in user as `GET /users/me` answers it; a platform admin when `over` says so. */
export const userWith = (teams: TeamSummary[], over: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'Ana Tran',
  email: 'ana@tourdesk.test',
  avatarUrl: null,
  orgRoles: [],
  isPlatformAdmin: false,
  teams,
  ...over,
});

export const stored = (over: Partial<StoredSession> = {}): StoredSession => ({
  token: null,
  teamId: null,
  promptLogin: false,
  callbackUrl: null,
  ...over,
});

const notFaked = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} was not faked in this test`);
};

export interface SessionFakes {
  restoreSession?: () => Promise<StoredSession>;
  getMe?: () => Promise<User | null>;
  /** The server's logout (revokes the token, ends the provider's session). */
  logout?: () => Promise<void>;
  startSignIn?: (input: StartSignInInput) => Promise<void>;
  signInFlow?: (input: SignInInput) => Promise<SignInOutput>;
  /** The navigation totals that the session's `navCounts` child loads for the selected team. */
  loadTotals?: (input: NavTotalsInput) => Promise<NavTotals>;
  /** The open inbox items of the selected team (`navCounts`' child `inboxCount`); 0 unless faked. */
  countInbox?: (input: { teamId: string | null }) => Promise<number | null>;
}

export function effectSpies() {
  return {
    navigate: vi.fn<(to: string) => void>(),
    reloadPage: vi.fn<() => void>(),
    saveToken: vi.fn<(token: string) => void>(),
    clearToken: vi.fn<() => void>(),
    saveTeamId: vi.fn<(teamId: string) => void>(),
    savePromptLogin: vi.fn<(on: boolean) => void>(),
    saveReturnTo: vi.fn<(path: string | null) => void>(),
    saveUnauthorized: vi.fn<(on: boolean) => void>(),
  };
}

export type EffectSpies = ReturnType<typeof effectSpies>;

/** The production machine with its services and effects replaced. */
export function fakeSession(fakes: SessionFakes = {}, spies: EffectSpies = effectSpies()) {
  const logic = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(fakes.restoreSession ?? notFaked('restoreSession')),
      getMe: fromPromise(fakes.getMe ?? notFaked('getMe')),
      logout: fromPromise<void>(fakes.logout ?? notFaked('logout')),
      startSignIn: fromPromise<void, StartSignInInput>(({ input }) =>
        (fakes.startSignIn ?? notFaked('startSignIn'))(input),
      ),
      // the child machine is tested on its own (sign-in.machine.test.ts); here it is one promise
      signInFlow: fromPromise<SignInOutput, SignInInput>(({ input }) =>
        (fakes.signInFlow ?? notFaked('signInFlow'))(input),
      ) as unknown as typeof signInMachine,
      apiConnection: fromCallback(() => () => undefined),
      // the live machine is tested on its own (live.model.test.ts): here its stream stays silent
      live: liveMachine.provide({ actors: { stream: fromCallback(() => () => undefined) } }),
      navCounts: navCountsMachine.provide({
        actors: {
          loadTotals: fromPromise<NavTotals, NavTotalsInput>(({ input }) =>
            (fakes.loadTotals ?? notFaked('loadTotals'))(input),
          ),
          inboxCount: inboxCountMachine.provide({
            actors: {
              countInbox: fromPromise<number | null, { teamId: string | null }>(({ input }) =>
                (fakes.countInbox ?? (async () => 0))(input),
              ),
            },
          }),
        },
      }),
    },
    actions: {
      navigate: (_, { to }) => spies.navigate(to),
      reloadPage: () => spies.reloadPage(),
      saveToken: (_, { token }) => spies.saveToken(token),
      clearToken: () => spies.clearToken(),
      saveTeamId: (_, { teamId }) => spies.saveTeamId(teamId),
      savePromptLogin: (_, { on }) => spies.savePromptLogin(on),
      saveReturnTo: (_, { path }) => spies.saveReturnTo(path),
      saveUnauthorized: (_, { on }) => spies.saveUnauthorized(on),
    },
  });
  return { logic, spies };
}
