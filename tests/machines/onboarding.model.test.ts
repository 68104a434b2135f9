import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { Org } from '../../src/api/services/onboarding';
import type { OnboardingDraft } from '../../src/api/storage/onboarding-draft';
import { EMPTY_VALUES, MESSAGES } from '../../src/domain/onboarding-rules';
import { PATHS } from '../../src/domain/paths';
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
  ORG_AT_STAGE_2,
  ORG_AT_STAGE_3,
  ORG_WITH_TEAM,
  VALID,
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
      const effects: Effects = { saveDraft: 0, clearDraft: 0, requestSignIn: 0, refreshSession: 0, navigatedTo: [] };
      const { actor, taken: seen } = recordingActor(onboardingLogic(fakes.actors, effects), {
        input: INPUTS[who as keyof typeof INPUTS],
      });
      actor.on('onboarding.closed', (event) => void effects.navigatedTo.push(event.to));
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
      // finishing reloads the session (it selects the new team), forgets the draft and goes to
      // the first day's next steps, not to an empty list
      expect(effects.refreshSession).toBe(end.status === 'done' ? 1 : 0);
      expect(effects.clearDraft).toBe(end.status === 'done' ? 1 : 0);
      expect(effects.navigatedTo).toEqual(end.status === 'done' ? [PATHS.firstDay] : []);
      if (end.matches('stages') && end.context.stage > 1) expect(effects.saveDraft).toBeGreaterThan(0);
      seen.forEach((t) => taken.add(t));
      actor.stop();
    });
  });

  it('took every transition of the machine on the way', () => {
    expect([...taken].sort()).toEqual(allTransitions(onboardingMachine.root).sort());
  });

  it('tells the session to reload the user before it says where to go, so the guards wait for the new team', async () => {
    const told: string[] = [];
    const session = createActor(
      fromCallback(({ receive }) => receive((event) => void told.push(`session got ${event.type}`))),
    ).start();
    const fakes = deferredActors(ACTOR_IDS);
    const actor = createActor(
      onboardingMachine.provide({
        actors: { ...fakes.actors, otaAccounts: fakes.actors.otaAccounts as never } as never,
        actions: { saveDraft: () => undefined, clearDraft: () => undefined },
      }),
      { input: { session, userId: 'u1' } },
    );
    actor.on('onboarding.closed', (event) => void told.push(`closed, to ${event.to}`));
    actor.start();
    fakes.settle({ type: 'xstate.done.actor.readDraft', output: null });
    await flush();
    fakes.settle({ type: 'xstate.done.actor.getMyOrg', output: { ...ORG_WITH_TEAM, stage: 6 } });
    await flush();
    expect(actor.getSnapshot().context.stage).toBe(6);
    actor.send({ type: 'onboarding.next' });
    fakes.settle({ type: 'xstate.done.actor.saveOrg', output: ORG_WITH_TEAM });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(told).toEqual(['session got session.refresh', `closed, to ${PATHS.firstDay}`]);
    actor.stop();
    session.stop();
  });

  it('refuses an invalid stage with a logged error and stays put', async () => {
    const fakes = deferredActors(ACTOR_IDS);
    const actor = recordingActor(onboardingLogic(fakes.actors), { input: INPUTS.member }).actor.start();
    fakes.settle({ type: 'xstate.done.actor.readDraft', output: null });
    await flush();
    fakes.settle({ type: 'xstate.done.actor.getMyOrg', output: null });
    await flush();
    const before = actor.getSnapshot().value;
    for (const stage of [9, 0, 2.5, 3]) actor.send({ type: 'onboarding.goto', stage });
    expect(actor.getSnapshot().value).toEqual(before);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('cannot go to stage 9'));
    actor.stop();
  });

  describe('resuming from the server', () => {
    async function resume(draft: OnboardingDraft | null, org: Org | null) {
      const fakes = deferredActors(ACTOR_IDS);
      const actor = recordingActor(onboardingLogic(fakes.actors), { input: INPUTS.member }).actor.start();
      fakes.settle({ type: 'xstate.done.actor.readDraft', output: draft });
      await flush();
      expect(actor.getSnapshot().value).toBe('fetchingOrg');
      fakes.settle({ type: 'xstate.done.actor.getMyOrg', output: org });
      await flush();
      return actor;
    }

    it("a fresh browser (no draft) resumes at the organization's stage with its saved fields", async () => {
      const actor = await resume(null, ORG_AT_STAGE_3);
      const s = actor.getSnapshot();
      expect(s.value).toEqual({ stages: { contact: 'editing' } });
      expect(s.context).toMatchObject({ stage: 3, orgId: 'org1', teamId: null });
      expect(s.context.values).toEqual({ ...EMPTY_VALUES, ...VALID.organization, ...VALID.contact });
      actor.stop();
    });

    it("takes the server's stage and fields over an older draft of this browser", async () => {
      const stale: OnboardingDraft = {
        userId: 'u1',
        stage: 2,
        orgId: null,
        teamId: null,
        values: { ...EMPTY_VALUES, name: 'Old Name', countryCode: 'VN', phone: '+84 28 1234 5678' },
      };
      const actor = await resume(stale, ORG_AT_STAGE_3);
      const s = actor.getSnapshot();
      expect(s.context.stage).toBe(3);
      expect(s.context.values).toMatchObject({ ...VALID.organization, ...VALID.contact });
      actor.stop();
    });

    it('keeps what was typed and not saved yet, and goes on from the draft alone without an organization', async () => {
      const typing: OnboardingDraft = {
        userId: 'u1',
        stage: 3,
        orgId: 'org1',
        teamId: null,
        values: { ...EMPTY_VALUES, ...VALID.organization, fullName: 'Typed Only' },
      };
      const withServer = await resume(typing, ORG_AT_STAGE_2);
      // the server is at stage 2 (nothing of stage 3 saved): its stage wins, the typed name stays
      expect(withServer.getSnapshot().context).toMatchObject({ stage: 2, values: { fullName: 'Typed Only' } });
      withServer.stop();
      const alone = await resume(typing, null);
      expect(alone.getSnapshot().context).toMatchObject({ stage: 3, values: { fullName: 'Typed Only' } });
      alone.stop();
    });
  });
});
