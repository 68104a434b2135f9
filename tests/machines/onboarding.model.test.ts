import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/onboarding-rules';
import { onboardingMachine } from '../../src/machines/onboarding/onboarding.machine';
import { SAVE_ORG_FAILED, TEAM_NOT_CREATED } from '../../src/machines/onboarding/context';
import {
  allTransitions,
  deferredActors,
  flush,
  isSynthetic,
  leaves,
  recordingActor,
  restingStates,
} from './onboarding-harness';
import {
  ACTOR_IDS,
  generatePaths,
  INPUTS,
  key,
  onboardingLogic,
  type Effects,
  type ModelEvent,
  type OnboardingPath,
  type Snap,
} from './onboarding-paths';

/** Model-based: every path generated from the production machine, replayed on a real actor. */
const paths = { visitor: generatePaths('visitor'), member: generatePaths('member') };
const all = [...paths.visitor, ...paths.member];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const taken = new Set<string>();
const describePath = (p: OnboardingPath) =>
  `${p.steps
    .slice(1)
    .map((s) => (s.event.type === 'onboarding.goto' ? `goto ${s.event.stage}` : s.event.type.replace('xstate.', '')))
    .join(' → ')} ⇒ ${key(p.state)}`;

describe('onboarding model', () => {
  it('reaches every state, every stage and every message', () => {
    const reached = new Set(all.flatMap((p) => leaves(p.state.value)));
    expect([...reached].sort()).toEqual(restingStates(onboardingMachine.root).sort());
    expect(new Set(all.map((p) => p.state.context.stage))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(new Set(all.map((p) => p.state.context.error))).toEqual(new Set([null, SAVE_ORG_FAILED, TEAM_NOT_CREATED]));
    const shown = new Set(all.flatMap((p) => Object.values(p.state.context.errors)));
    expect(shown).toEqual(new Set(Object.values(MESSAGES)));
  });

  describe.each(
    Object.entries(paths).flatMap(([who, list]) => list.map((p) => [`${who}: ${describePath(p)}`, who, p] as const)),
  )('%s', (_, who, path) => {
    it('replays on a real actor, state by state', async () => {
      const fakes = deferredActors(ACTOR_IDS);
      const effects: Effects = { saveDraft: 0, clearDraft: 0, requestSignIn: 0, refreshSession: 0 };
      const { actor, taken: seen } = recordingActor(onboardingLogic(fakes.actors, effects), {
        input: INPUTS[who as keyof typeof INPUTS],
      });
      actor.start();
      await flush();
      for (const step of path.steps.slice(1)) {
        const event = step.event as ModelEvent;
        if (isSynthetic(event)) fakes.settle(event);
        else actor.send(event);
        await flush();
        expect(key(actor.getSnapshot())).toBe(key(step.state as Snap));
      }
      const end = actor.getSnapshot();
      // finishing reloads the session (it selects the new team) and forgets the draft
      expect(effects.refreshSession).toBe(end.status === 'done' ? 1 : 0);
      expect(effects.clearDraft).toBe(end.status === 'done' ? 1 : 0);
      if (end.matches('stages') && end.context.stage > 1) expect(effects.saveDraft).toBeGreaterThan(0);
      seen.forEach((t) => taken.add(t));
      actor.stop();
    });
  });

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual(allTransitions(onboardingMachine.root).sort());
  });

  it('refuses an invalid stage with a logged error and stays put', async () => {
    const fakes = deferredActors(ACTOR_IDS);
    const actor = recordingActor(onboardingLogic(fakes.actors), { input: INPUTS.member }).actor.start();
    fakes.settle({ type: 'xstate.done.actor.readDraft', output: null });
    await flush();
    const before = actor.getSnapshot().value;
    for (const stage of [9, 0, 2.5, 3]) actor.send({ type: 'onboarding.goto', stage });
    expect(actor.getSnapshot().value).toEqual(before);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('cannot go to stage 9'));
    actor.stop();
  });
});
