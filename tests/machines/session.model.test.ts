import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { User } from '../../src/api/services/users';
import { sessionMachine } from '../../src/machines/session/session.machine';
import type { SessionEvent } from '../../src/machines/session/types';
import type { StoredSession } from '../../src/api/storage/session';
import { fakeSession, stored, team, userWith } from './session-fakes';

/**
 * Model-based: the paths come from the production machine itself (xstate/graph),
 * with the invoked actors' results given as the synthetic
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events. Each path is then
 * replayed on a real actor whose services are resolved step by step.
 */
type Synthetic =
  { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };
type ModelEvent = SessionEvent | Synthetic;

const teams = [team('vn', 'ADMIN'), team('jp')];
const done = (id: string, output: unknown): Synthetic => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string): Synthetic => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) });

const EVENTS: ModelEvent[] = [
  done('restoreSession', stored()),
  done('restoreSession', stored({ token: 'tok', teamId: 'jp' })),
  done('restoreSession', stored({ token: 'tok', teamId: 'gone' })),
  done('restoreSession', stored({ callbackUrl: 'http://localhost/auth/callback?code=c' })),
  // signed out by a 401 on the page before: the guards show the notice until the next sign-in
  done('restoreSession', stored({ unauthorized: true })),
  failed('restoreSession'),
  done('getMe', userWith(teams)),
  done('getMe', userWith([])),
  done('getMe', null),
  failed('getMe'),
  done('signInFlow', { accessToken: 'fresh' }),
  done('signInFlow', { accessToken: null }),
  failed('signInFlow'),
  failed('startSignIn'),
  done('logout', undefined),
  failed('logout'),
  { type: 'session.login' },
  { type: 'session.logout' },
  { type: 'session.refresh' },
  { type: 'team.switch', index: 1 },
  { type: 'team.switch', index: 7 },
  { type: 'api.unauthorized' },
  { type: 'session.returnTo', path: '/invitations/tok?accept=1' },
  { type: 'team.joined', teamId: 'jp' },
];

/** Effects do nothing here: the paths are about states. */
const { logic: model } = fakeSession();

type Snap = ReturnType<typeof model.getInitialSnapshot>;
const key = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    error: s.context.error,
    team: s.context.teamId,
    saved: s.context.savedTeamId,
    unauthorized: s.context.unauthorized,
  });

const paths = getShortestPaths(model, {
  events: EVENTS as SessionEvent[],
  serializeState: (s) => key(s as Snap),
});

/** Leaf states where the machine can rest (transient `always` states excluded). */
function restingStates(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return node.always ? [] : [node.path.join('.')];
  return children.flatMap(restingStates);
}

const leafPath = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${leafPath(v)}`)[0];

/** Controllable services: each invocation waits until the test resolves it. */
function replayHarness() {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const deferred = (id: string) => () =>
    new Promise<never>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
  const { logic } = fakeSession({
    restoreSession: deferred('restoreSession') as () => Promise<StoredSession>,
    getMe: deferred('getMe') as () => Promise<User | null>,
    logout: deferred('logout') as () => Promise<void>,
    startSignIn: deferred('startSignIn'),
    signInFlow: deferred('signInFlow'),
  });
  const actor = createActor(logic).start();
  const flush = () => new Promise((r) => setTimeout(r, 0));

  async function play(event: ModelEvent) {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) {
      actor.send(event as SessionEvent);
    } else {
      const waiting = pending.get(match[2]);
      if (!waiting) throw new Error(`${match[2]} is not running, cannot replay ${event.type}`);
      pending.delete(match[2]);
      if (match[1] === 'done') waiting.resolve((event as { output: unknown }).output);
      else waiting.reject((event as { error: unknown }).error);
    }
    await flush();
  }
  return { actor, play, flush };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('session model', () => {
  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((p) => leafPath(p.state.value)));
    expect([...reached].sort()).toEqual(restingStates(sessionMachine.root).sort());
  });

  it('reaches the signed-out notice (a 401, or kept from the page before) and ends it at the next sign-in', () => {
    const noticed = paths.filter((p) => p.state.context.unauthorized);
    expect(noticed.some((p) => p.steps.some((s) => s.event.type === 'api.unauthorized'))).toBe(true);
    expect(noticed.some((p) => p.state.matches({ loggedOut: 'idle' }))).toBe(true);
    // signing in (or back in) never keeps it
    expect(noticed.filter((p) => !p.state.matches({ loggedOut: 'idle' }))).toEqual([]);
  });

  it('reaches every team error', () => {
    const errors = new Set(paths.map((p) => p.state.context.error));
    expect(errors).toEqual(
      new Set([null, 'User not found', 'Teams not found', 'Invalid team index', 'Sign-in failed. Please try again.']),
    );
  });

  const describePath = (p: (typeof paths)[number]) =>
    `${p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')} ⇒ ${key(p.state)}`;

  describe.each(paths.map((p) => [describePath(p), p] as const))('%s', (_, path) => {
    it('replays on a real actor, state by state', async () => {
      const { actor, play, flush } = replayHarness();
      await flush();
      for (const step of path.steps) {
        if ((step.event as { type: string }).type === 'xstate.init') continue;
        await play(step.event as ModelEvent);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value, step.event.type).toEqual(step.state.value);
        expect(snapshot.context.error).toEqual(step.state.context.error);
        expect(snapshot.context.teamId).toEqual(step.state.context.teamId);
        expect(snapshot.context.unauthorized).toEqual(step.state.context.unauthorized);
      }
      expect(key(actor.getSnapshot())).toBe(key(path.state));
      actor.stop();
    });
  });
});
