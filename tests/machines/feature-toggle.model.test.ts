import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { FeatureFlagRecord } from '../../src/api/services/features';
import { europeanCodes } from '../../shared/countries';
import { sameCountries, toggleContinent, toggleFlagCountry } from '../../shared/feature-flags';
import { featureToggleMachine, FLAG_UPDATE_FAILED } from '../../src/machines/feature-toggle/feature-toggle.machine';
import {
  selectCanRetry,
  selectShown,
  selectUnsaved,
  type FeatureToggleSnapshot,
} from '../../src/machines/feature-toggle/selectors';
import type { FeatureToggleEvent, Sending } from '../../src/machines/feature-toggle/types';
import type { NotifyEvent } from '../../src/machines/notify';
import { done, failed, type Synthetic } from './shared-fakes';

/**
 * Model-based: the states come from the production machine (xstate/graph) over the page's
 * gestures and the synthetic results of its two invokes (`getFeatures`, `updateFeature`).
 * Every path is replayed on a real actor whose services wait until the test answers them; after
 * every step an independent model of the page (what each flag shows, what the server has, what is
 * in flight) says which request must have gone out, what must show, and which toast, if any.
 */
type ModelEvent = FeatureToggleEvent | Synthetic;

const AT = '2026-03-05T08:04:00.000Z';
const flag = (id: string, teams: string[]): FeatureFlagRecord => ({
  id,
  name: id,
  description: `${id} flag`,
  teams,
  defaultState: false,
  lastChange: null,
});
/** Europe partly on (France only) and Vietnam for the first; nothing for the second. */
const FLAGS = [flag('EMAIL', ['VN', 'FR']), flag('INFO', [])];
const IDS = FLAGS.map((f) => f.id);

/** What the server answers to a change: the flag with the countries sent and its change recorded. */
function answer(flags: FeatureFlagRecord[], sending: Sending): FeatureFlagRecord {
  const before = flags.find((f) => f.id === sending.id)!;
  return {
    ...before,
    teams: sending.teams,
    lastChange: {
      by: { id: 'user-admin', name: 'Alex Admin' },
      at: AT,
      added: sending.teams.filter((c) => !before.teams.includes(c)),
      removed: before.teams.filter((c) => !sending.teams.includes(c)),
    },
  };
}

const GESTURES = {
  emailFrance: { type: 'flags.toggleCountry', flagId: 'EMAIL', code: 'FR' },
  emailEurope: { type: 'flags.toggleContinent', flagId: 'EMAIL', continent: 'Europe' },
  infoVietnam: { type: 'flags.toggleCountry', flagId: 'INFO', code: 'VN' },
  unknownFlag: { type: 'flags.toggleContinent', flagId: 'NOPE', continent: 'Asia' },
  unknownCountry: { type: 'flags.toggleCountry', flagId: 'EMAIL', code: 'ZZ' },
  retry: { type: 'flags.retry' },
} satisfies Record<string, FeatureToggleEvent>;
type Gesture = keyof typeof GESTURES;
// every event the page takes is tried: a new one fails to compile until it is listed here
const TRIED = {
  'flags.toggleCountry': ['emailFrance', 'infoVietnam', 'unknownCountry'],
  'flags.toggleContinent': ['emailEurope', 'unknownFlag'],
  'flags.retry': ['retry'],
} satisfies Record<FeatureToggleEvent['type'], Gesture[]>;
const ANSWERS = ['loaded', 'loadedNothing', 'loadFailed', 'saved', 'refused'] as const;
type Answer = (typeof ANSWERS)[number];
type Name = Gesture | Answer;
const NAMES: Name[] = [...Object.values(TRIED).flat(), ...ANSWERS];
const isAnswer = (name: Name): name is Answer => (ANSWERS as readonly string[]).includes(name);

/** The synthetic event of an answer in a state (the save's answer depends on what is in flight). */
function synthetic(name: Answer, s: FeatureToggleSnapshot): Synthetic {
  switch (name) {
    case 'loaded':
      return done('getFeatures', FLAGS);
    case 'loadedNothing':
      return done('getFeatures', null);
    case 'loadFailed':
      return failed('getFeatures');
    case 'saved':
      return done('updateFeature', answer(s.context.flags, s.context.sending!));
    case 'refused':
      return failed('updateFeature');
  }
}
function nameOf(event: ModelEvent): Name {
  switch (event.type) {
    case 'xstate.done.actor.getFeatures':
      return (event as { output: unknown }).output === null ? 'loadedNothing' : 'loaded';
    case 'xstate.error.actor.getFeatures':
      return 'loadFailed';
    case 'xstate.done.actor.updateFeature':
      return 'saved';
    case 'xstate.error.actor.updateFeature':
      return 'refused';
  }
  return (Object.keys(GESTURES) as Gesture[]).find((n) => GESTURES[n] === event)!;
}
const answersIn = (s: FeatureToggleSnapshot): Answer[] =>
  s.hasTag('loading') ? ['loaded', 'loadedNothing', 'loadFailed'] : s.hasTag('saving') ? ['saved', 'refused'] : [];

/** Lets a settled service's result reach the machine (promise reactions run before the check). */
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** The real machine with services that wait until the test answers them. */
function harness() {
  const loads: number[] = [];
  const requests: Sending[] = [];
  const toasts: NotifyEvent[] = [];
  let load: { resolve: (flags: FeatureFlagRecord[] | null) => void; reject: (e: unknown) => void } | null = null;
  let update: { resolve: (flag: FeatureFlagRecord) => void; reject: (e: unknown) => void } | null = null;
  const logic = featureToggleMachine.provide({
    actors: {
      getFeatures: fromPromise<FeatureFlagRecord[] | null>(
        () =>
          new Promise((resolve, reject) => {
            loads.push(loads.length + 1);
            load = { resolve, reject };
          }),
      ),
      updateFeature: fromPromise<FeatureFlagRecord, Sending>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            requests.push(input);
            update = { resolve, reject };
          }),
      ),
    },
  });
  const actor = createActor(logic).start();
  actor.on('notify', (notice) => toasts.push(notice));
  async function settle(name: Answer) {
    const event = synthetic(name, actor.getSnapshot());
    const waiting = name === 'saved' || name === 'refused' ? update : load;
    if (!waiting) throw new Error(`${name}: nothing is waiting for an answer`);
    if (waiting === update) update = null;
    else load = null;
    if ('output' in event) waiting.resolve(event.output as never);
    else waiting.reject(event.error);
    await flush();
  }
  return { actor, loads, requests, toasts, settle };
}

/** The page as the test sees it, kept independently of the machine. */
interface Model {
  phase: 'loading' | 'failed' | 'ready';
  shown: Record<string, string[]>;
  server: Record<string, string[]>;
  sending: Sending | null;
}

/** The flag to send next: the first whose shown countries differ from the server's. */
function nextOf(m: Model): Sending | null {
  const id = IDS.find((i) => !sameCountries(m.shown[i], m.server[i]));
  return id ? { id, teams: m.shown[id] } : null;
}

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** A state as the model tells states apart: countries as sets (their order is the server's business). */
const serialize = (s: FeatureToggleSnapshot) =>
  JSON.stringify({
    value: s.value,
    shown: IDS.map((id) => [...(s.context.shown[id] ?? [])].sort()),
    server: s.context.flags.map((f) => [...f.teams].sort()),
    sending: s.context.sending && { id: s.context.sending.id, teams: [...s.context.sending.teams].sort() },
  });

describe('feature toggle page model', () => {
  const paths = getShortestPaths(featureToggleMachine, {
    events: (s) => [
      ...(Object.values(GESTURES) as FeatureToggleEvent[]),
      ...(answersIn(s).map((name) => synthetic(name, s)) as unknown as FeatureToggleEvent[]),
    ],
    serializeState: serialize,
  });
  const stepsOf = (p: (typeof paths)[number]) =>
    p.steps
      .filter((s) => (s.event as { type: string }).type !== 'xstate.init')
      .map((s) => nameOf(s.event as ModelEvent));

  it('reaches loading, a failed load, and saving with changes of both flags waiting', () => {
    const states = paths.map((p) => p.state);
    expect(states.some((s) => s.matches('failed'))).toBe(true);
    expect(states.some((s) => s.matches({ ready: 'saving' }) && s.context.sending?.id === 'INFO')).toBe(true);
    // the first flag in flight while the second waits
    expect(
      states.some(
        (s) =>
          s.context.sending?.id === 'EMAIL' && !sameCountries(s.context.shown.INFO ?? [], s.context.flags[1].teams),
      ),
    ).toBe(true);
    // Europe partly on, all on and all off, as shown
    const europe = new Set(
      states.map((s) => europeanCodes().filter((c) => (s.context.shown.EMAIL ?? []).includes(c)).length),
    );
    expect([...europe].sort((a, b) => a - b)).toEqual([0, 1, europeanCodes().length - 1, europeanCodes().length]);
  });

  /** Replays the names on a real actor; each step's effects are checked against the model. */
  async function replay(steps: Name[]) {
    const h = harness();
    const m: Model = { phase: 'loading', shown: {}, server: {}, sending: null };
    for (const name of steps) {
      const before = {
        loads: h.loads.length,
        requests: h.requests.length,
        toasts: h.toasts.length,
        logged: logged.mock.calls.length,
      };
      const snapshot = h.actor.getSnapshot();
      expect(selectCanRetry(snapshot)).toBe(m.phase === 'failed');
      if (isAnswer(name)) {
        if (!answersIn(snapshot).includes(name)) throw new Error(`${name} cannot happen here`);
        await h.settle(name);
      } else h.actor.send(GESTURES[name]);

      let expectedRequest: Sending | null = null;
      let expectedLoad = false;
      let expectedToast = false;
      const gesture = isAnswer(name) ? null : GESTURES[name];
      if (name === 'loaded') {
        m.phase = 'ready';
        m.shown = Object.fromEntries(FLAGS.map((f) => [f.id, f.teams]));
        m.server = { ...m.shown };
      } else if (name === 'loadedNothing' || name === 'loadFailed') {
        // the service logged it (SPEC section 8: logged only); the page offers Retry, no toast
        m.phase = 'failed';
      } else if (name === 'retry') {
        if (m.phase === 'failed') {
          m.phase = 'loading';
          expectedLoad = true;
        }
      } else if (name === 'saved' || name === 'refused') {
        const sent = m.sending!;
        if (name === 'saved') {
          m.server = { ...m.server, [sent.id]: sent.teams };
        } else {
          // rolled back to the server's countries, the toggles that waited behind it included
          m.shown = { ...m.shown, [sent.id]: m.server[sent.id] };
          expectedToast = true;
        }
        m.sending = nextOf(m);
        expectedRequest = m.sending;
      } else if (m.phase === 'ready' && gesture && gesture.type !== 'flags.retry' && gesture.flagId in m.shown) {
        // toggles of an unknown flag or country change nothing
        const teams = m.shown[gesture.flagId];
        if (gesture.type === 'flags.toggleContinent')
          m.shown = { ...m.shown, [gesture.flagId]: toggleContinent(teams, gesture.continent) };
        else if (gesture.code !== 'ZZ')
          m.shown = { ...m.shown, [gesture.flagId]: toggleFlagCountry(teams, gesture.code) };
      }
      // a toggle shows at once; it is sent at once when nothing is in flight, else it waits its turn
      if (m.phase === 'ready' && gesture && gesture.type !== 'flags.retry' && m.sending === null) {
        m.sending = nextOf(m);
        expectedRequest = m.sending;
      }

      const after = h.actor.getSnapshot();
      const newRequests = h.requests.slice(before.requests);
      expect(newRequests.map((r) => ({ id: r.id, teams: [...r.teams].sort() }))).toEqual(
        expectedRequest ? [{ id: expectedRequest.id, teams: [...expectedRequest.teams].sort() }] : [],
      );
      expect(h.loads.length - before.loads).toBe(expectedLoad ? 1 : 0);
      expect(h.toasts.slice(before.toasts)).toEqual(
        expectedToast ? [{ type: 'notify', kind: 'error', message: FLAG_UPDATE_FAILED }] : [],
      );
      // a refusal and a load that threw are logged by the page (a load answering null, by its service)
      if (name === 'refused' || name === 'loadFailed') expect(logged.mock.calls.length).toBeGreaterThan(before.logged);
      expect(after.matches(m.phase)).toBe(true);
      expect(after.hasTag('saving')).toBe(m.sending !== null);
      for (const id of IDS) {
        if (m.phase !== 'ready') continue;
        expect(sameCountries(selectShown(after, id), m.shown[id]), `${id} shows`).toBe(true);
        expect(
          sameCountries(after.context.flags.find((f) => f.id === id)!.teams, m.server[id]),
          `${id} on the server`,
        ).toBe(true);
        const unsaved = m.sending?.id === id || !sameCountries(m.shown[id], m.server[id]);
        expect(selectUnsaved(after, id), `${id} unsaved`).toBe(unsaved);
      }
      if (name === 'saved') {
        // the flag carries the server's record of the change: who, when, what
        const saved = after.context.flags.find((f) => f.id === h.requests[before.requests - 1].id)!;
        expect(saved.lastChange).toMatchObject({ by: { name: 'Alex Admin' }, at: AT });
      }
    }
    h.actor.stop();
    return h.actor.getSnapshot();
  }

  describe.each(paths.map((p) => [stepsOf(p).join(' → ') || '(start)', p] as const))('%s', (_, path) => {
    it('replays on a real actor to the same state, then every next step has exactly its effects', async () => {
      const steps = stepsOf(path);
      const end = await replay(steps);
      expect(serialize(end)).toBe(serialize(path.state));
      for (const name of NAMES.filter((n) => !isAnswer(n) || answersIn(path.state).includes(n))) {
        await replay([...steps, name]);
      }
    });
  });
});
