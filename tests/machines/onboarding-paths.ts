import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Org } from '../../src/api/services/onboarding';
import { isStageValid, type OnboardingValues } from '../../src/domain/onboarding-rules';
import {
  onboardingMachine,
  type OnboardingEvent,
  type OnboardingInput,
} from '../../src/machines/onboarding/onboarding.machine';
import type { OnboardingDraft } from '../../src/api/storage/onboarding-draft';
import type { otaAccountsMachine } from '../../src/machines/ota-accounts/ota-accounts.machine';
import { deferredActors, done, enabledEvents, failed, type Synthetic } from './onboarding-harness';

/**
 * The onboarding paths, generated from the production machine: the unit model test replays all
 * of them on a real actor, the browser test (tests/e2e/onboarding.model.test.ts) the ones a
 * person can walk against the real server.
 */
export type ModelEvent = OnboardingEvent | Synthetic;

export const VALID = {
  organization: { name: 'Mekong Trails', countryCode: 'KH' },
  contact: {
    serviceCountries: 'Cambodia, Vietnam',
    serviceCities: 'Siem Reap',
    fullName: 'Lan Pham',
    email: 'lan@mekong-trails.test',
    phone: '+855 12 345 678',
    jobTitle: 'Operations manager',
  },
  plan: { plan: 'growth' },
} satisfies Record<string, Partial<OnboardingValues>>;

const allValid = { ...VALID.organization, ...VALID.contact, ...VALID.plan };
const NO_INFORMATION = {
  serviceCountry: [],
  serviceCity: [],
  pointOfContact: { fullName: '', email: '', phone: '', jobTitle: '' },
};
/** The caller's organization as the server has it after the stage before `stage`. */
const orgAt = (stage: 2 | 3 | 5): Org => ({
  id: 'org1',
  displayId: 'mekong-trails',
  name: VALID.organization.name,
  countryCode: VALID.organization.countryCode,
  plan: stage === 5 ? 'growth' : null,
  stage,
  teamId: stage === 5 ? 'team1' : null,
  information:
    stage === 2
      ? NO_INFORMATION
      : {
          serviceCountry: ['Cambodia', 'Vietnam'],
          serviceCity: ['Siem Reap'],
          pointOfContact: {
            fullName: VALID.contact.fullName,
            email: VALID.contact.email,
            phone: VALID.contact.phone,
            jobTitle: VALID.contact.jobTitle,
          },
        },
});
/** Saved at stage 2 (name and country): where the browser test resets the newcomer's organization. */
export const ORG_AT_STAGE_2 = orgAt(2);
/** Saved at stage 3: a fresh browser resumes at the contact stage with these fields. */
export const ORG_AT_STAGE_3 = orgAt(3);
export const ORG_WITH_TEAM = orgAt(5);
/** What a save answers before the plan stage creates the team. */
export const ORG_WITHOUT_TEAM: Org = { ...orgAt(2), stage: 3 };
const draft = (stage: OnboardingDraft['stage'], withTeam: boolean): OnboardingDraft => ({
  userId: 'u1',
  stage,
  orgId: withTeam ? 'org1' : null,
  teamId: withTeam ? 'team1' : null,
  values: { ...allValid, plan: stage > 4 ? 'growth' : '' },
});

export const EVENTS: ModelEvent[] = [
  done('readDraft', null),
  done('readDraft', draft(3, false)),
  done('readDraft', draft(4, false)),
  done('readDraft', draft(5, true)),
  done('readDraft', draft(6, true)),
  failed('readDraft'),
  done('getMyOrg', ORG_AT_STAGE_2),
  done('getMyOrg', ORG_AT_STAGE_3),
  done('getMyOrg', ORG_WITH_TEAM),
  done('getMyOrg', null),
  failed('getMyOrg'),
  { type: 'onboarding.signIn' },
  { type: 'onboarding.next' },
  { type: 'onboarding.back' },
  ...[1, 2, 3, 4, 5, 9].map((stage) => ({ type: 'onboarding.goto' as const, stage })),
  { type: 'onboarding.change', values: VALID.organization },
  { type: 'onboarding.change', values: VALID.contact },
  { type: 'onboarding.change', values: VALID.plan },
  { type: 'onboarding.change', values: { email: 'lan@' } },
  { type: 'onboarding.change', values: { name: ' ' } },
  done('saveOrg', ORG_WITHOUT_TEAM),
  done('saveOrg', ORG_WITH_TEAM),
  failed('saveOrg'),
  done('otaAccounts', { otas: ['klook@mekong-trails.test'] }),
  failed('otaAccounts'),
];

export const ACTOR_IDS = ['readDraft', 'getMyOrg', 'saveOrg', 'otaAccounts'] as const;

/** Effects recorded instead of performed. */
export interface Effects {
  saveDraft: number;
  clearDraft: number;
  requestSignIn: number;
  refreshSession: number;
  /** Where the machine sent the person (Finish: the first day's page). */
  navigatedTo: string[];
}

export function onboardingLogic(actors = deferredActors(ACTOR_IDS).actors, effects?: Effects) {
  const count = (name: Exclude<keyof Effects, 'navigatedTo'>) => () => {
    if (effects) effects[name] += 1;
  };
  return onboardingMachine.provide({
    actors: { ...actors, otaAccounts: actors.otaAccounts as unknown as typeof otaAccountsMachine } as never,
    actions: {
      saveDraft: count('saveDraft'),
      clearDraft: count('clearDraft'),
      requestSignIn: count('requestSignIn'),
      refreshSession: count('refreshSession'),
    },
  });
}

export const noSession = createActor(fromCallback(() => undefined));
export const INPUTS: Record<'visitor' | 'member', OnboardingInput> = {
  visitor: { session: noSession, userId: null },
  member: { session: noSession, userId: 'u1' },
};

export type Snap = SnapshotFrom<typeof onboardingMachine>;

/** What a node of the graph is: the state, the stage, which forms are complete, what is shown. */
export function key(s: Snap): string {
  const c = s.context;
  return JSON.stringify({
    v: s.value,
    stage: c.stage,
    valid: ([2, 3, 4] as const).map((n) => isStageValid(n, c.values)),
    errors: Object.keys(c.errors).sort(),
    error: c.error,
    team: c.teamId !== null,
  });
}

/** `allow` narrows the events tried in a snapshot (the browser test: only what a person and the real server can do). */
export function generatePaths(who: keyof typeof INPUTS, allow: (s: Snap, e: ModelEvent) => boolean = () => true) {
  const enabled = enabledEvents<OnboardingEvent>(EVENTS);
  return getShortestPaths(onboardingLogic(), {
    input: INPUTS[who],
    events: (s) => enabled(s).filter((e) => allow(s as Snap, e)),
    // a node is a state with the event and the stage that led to it, so every transition (guarded
    // branches included) ends a path of its own
    serializeState: (s, event, prev) =>
      `${key(s as Snap)} ← ${JSON.stringify(event ?? null)} from ${(prev as Snap | undefined)?.context.stage}`,
  });
}

export type OnboardingPath = ReturnType<typeof generatePaths>[number];
