import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { isFormStage, PLANS, STAGE_FIELDS, stageTitle, type OnboardingField } from '../../src/domain/onboarding-rules';
import type { OnboardingEvent } from '../../src/machines/onboarding/onboarding.machine';
import { canGoTo } from '../../src/machines/onboarding/context';
import { createActor } from 'xstate';
import { deferredActors, flush, isSynthetic } from '../machines/onboarding-harness';
import type { Org } from '../../src/api/services/onboarding';
import { DRAFT_KEY } from '../../src/api/storage/onboarding-draft';
import { expectAccessible } from './a11y';
import { pageApi } from './page-api';
import {
  ACTOR_IDS,
  INPUTS,
  onboardingLogic,
  ORG_AT_STAGE_2,
  type ModelEvent,
  type OnboardingPath,
  type Snap,
} from '../machines/onboarding-paths';

/**
 * The onboarding model in the browser: each event of a generated path becomes a gesture, each
 * state is checked on screen. The synthetic results (`xstate.done.actor.*`) are the real
 * server's answers: they need no gesture, only the next state on screen.
 */
export const NEWCOMER = 'newcomer@tourdesk.test';

const LABELS: Record<Exclude<OnboardingField, 'countryCode' | 'plan'>, string> = {
  name: 'Organization name',
  serviceCountries: 'Service countries',
  serviceCities: 'Service cities',
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  jobTitle: 'Job title',
};

type Gesture<T extends OnboardingEvent['type']> = (
  page: Page,
  event: Extract<OnboardingEvent, { type: T }>,
) => Promise<void>;

export const GESTURES = {
  'onboarding.signIn': async (page) => {
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email').waitFor();
  },
  'onboarding.change': async (page, event) => {
    for (const [field, value] of Object.entries(event.values) as [OnboardingField, string][]) {
      if (field === 'countryCode') await page.getByLabel('Country', { exact: true }).selectOption(value);
      else if (field === 'plan') await page.getByLabel(PLANS.find((p) => p.id === value)!.label).check();
      else await page.getByLabel(LABELS[field], { exact: true }).fill(value);
    }
  },
  'onboarding.next': async (page) => {
    // stage 5's Next saves the OTA choice, which needs one account ticked
    if (await page.getByRole('heading', { name: stageTitle(5), exact: true }).isVisible()) {
      const boxes = page.getByRole('checkbox');
      await boxes.first().waitFor();
      if ((await page.getByRole('checkbox', { checked: true }).count()) === 0) await boxes.first().check();
    }
    await page.getByRole('button', { name: /^(Next|Finish)$/ }).click();
  },
  'onboarding.back': async (page) => {
    await page.getByRole('button', { name: 'Back' }).click();
  },
  'onboarding.goto': async (page, event) => {
    await page.getByRole('tab', { name: new RegExp(`^Stage ${event.stage}:`) }).click();
  },
} satisfies { [T in OnboardingEvent['type']]: Gesture<T> };

async function gesture(page: Page, event: OnboardingEvent): Promise<void> {
  await (GESTURES[event.type] as Gesture<typeof event.type>)(page, event as never);
}

/** Whether a step can happen in the browser against the real server (failures cannot). */
export function feasible(prev: Snap, event: ModelEvent): boolean {
  if (!isSynthetic(event)) {
    // the stepper and the buttons wait while a save runs; a stage shows only its own fields
    if (prev.hasTag('busy')) return false;
    if (event.type === 'onboarding.goto') return canGoTo(prev.context, event.stage);
    // Next at stage 5 is the OTA child's save: in the browser it is the gesture of its `done`
    if (event.type === 'onboarding.next' && prev.matches({ stages: 'otaAccounts' })) return false;
    if (event.type === 'onboarding.change') {
      const fields: readonly string[] = isFormStage(prev.context.stage) ? STAGE_FIELDS[prev.context.stage] : [];
      return Object.keys(event.values).every((f) => fields.includes(f));
    }
    return true;
  }
  if (event.type.startsWith('xstate.error.')) return false;
  const output = (event as { output: unknown }).output;
  switch (event.type) {
    case 'xstate.done.actor.readDraft':
      return output === null; // a fresh browser has no draft
    case 'xstate.done.actor.saveOrg': {
      // the server answers with the team once the plan stage has created it
      const createsTeam = prev.matches({ stages: { plan: 'saving' } }) || prev.context.teamId !== null;
      return ((output as { teamId: string | null }).teamId !== null) === createsTeam;
    }
    case 'xstate.done.actor.getMyOrg':
      // what signInFromStage1 resets the newcomer's organization to
      return output === ORG_AT_STAGE_2;
    case 'xstate.done.actor.otaAccounts':
      return true;
    default:
      return false;
  }
}

export const isFeasible = (path: OnboardingPath) =>
  path.steps.slice(1).every((step, i) => feasible(path.steps[i].state as Snap, step.event as ModelEvent));

const TRANSIENT = ['starting', 'restoring', 'fetchingOrg', 'resuming', 'finishing'];
const isTransient = (s: Snap) =>
  TRANSIENT.some((t) => s.matches(t as never)) || s.hasTag('busy') || JSON.stringify(s.value).includes('saving');

/** What a state looks like on screen. */
export async function expectOnScreen(page: Page, s: Snap): Promise<void> {
  if (isTransient(s)) return;
  if (s.status === 'done') {
    // Finish lands on the first day's next steps, not on an empty list
    await page.waitForURL('**/welcome');
    await page.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
    return;
  }
  await page.getByRole('heading', { name: stageTitle(s.context.stage), exact: true }).waitFor();
  // the stepper names every stage; the current one is the selected tab
  await expect
    .poll(() =>
      page
        .getByRole('tab', { name: `Stage ${s.context.stage}: ${stageTitle(s.context.stage)}` })
        .getAttribute('aria-selected'),
    )
    .toBe('true');
  for (const message of Object.values(s.context.errors)) await page.getByText(message, { exact: true }).waitFor();
  if (s.context.error) await page.getByText(s.context.error, { exact: true }).waitFor();
}

/** The form fields hold the model's values (after going back and forth, or a reload). */
export async function expectValues(page: Page, s: Snap): Promise<void> {
  const v = s.context.values;
  if (s.context.stage === 2) {
    expect(await page.getByLabel('Organization name').inputValue()).toBe(v.name);
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe(v.countryCode);
  }
  if (s.context.stage === 3) {
    for (const field of ['serviceCountries', 'serviceCities', 'fullName', 'email', 'phone', 'jobTitle'] as const) {
      expect(await page.getByLabel(LABELS[field], { exact: true }).inputValue()).toBe(v[field]);
    }
  }
}

/**
 * Plays a member path (the session is already signed in, on the onboarding page). A graph node
 * stands for many snapshots (it keeps which forms are valid, not their text), so the values the
 * fields must hold come from the production machine replaying the same steps alongside.
 */
export async function playPath(
  page: Page,
  path: OnboardingPath,
  options: { reloadOnForms?: boolean; axe?: boolean } = {},
) {
  const checked = new Set<number>();
  const fakes = deferredActors(ACTOR_IDS);
  const shadow = createActor(onboardingLogic(fakes.actors), { input: INPUTS.member }).start();
  await expectOnScreen(page, path.steps[0].state as Snap);
  for (const step of path.steps.slice(1)) {
    const event = step.event as ModelEvent;
    if (isSynthetic(event)) fakes.settle(event);
    else shadow.send(event);
    await flush();
    const s = shadow.getSnapshot();
    if (!isSynthetic(event)) await gesture(page, event);
    // the OTA child finishes when the person saves a choice: tick an account, press Next
    else if (event.type === 'xstate.done.actor.otaAccounts') await GESTURES['onboarding.next'](page);
    await expectOnScreen(page, s);
    if (!isTransient(s) && s.status !== 'done') {
      await expectValues(page, s);
      if (options.axe && !checked.has(s.context.stage)) {
        checked.add(s.context.stage);
        await expectAccessible(page, `onboarding stage ${s.context.stage}`);
      }
      if (options.reloadOnForms && [2, 3].includes(s.context.stage)) {
        await page.reload();
        await page.getByRole('heading', { name: stageTitle(s.context.stage), exact: true }).waitFor();
        await expectValues(page, s);
      }
    }
  }
  shadow.stop();
}

/** A visitor on the onboarding page signs in as the newcomer from stage 1. */
export async function signInFromStage1(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/onboarding`);
  await page.getByRole('heading', { name: stageTitle(1), exact: true }).waitFor();
  await GESTURES['onboarding.signIn'](page);
  await page.getByLabel('Email').fill(NEWCOMER);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/auth/onboarding');
  await resetOrganization(page, ORG_AT_STAGE_2);
  // a fresh start of the page, without the draft this first visit wrote
  await page.evaluate((key) => localStorage.removeItem(key), DRAFT_KEY);
  await page.reload();
}

/**
 * The newcomer's organization on the server as the model's answer has it: earlier paths leave it
 * elsewhere, and onboarding resumes from it.
 */
export async function resetOrganization(page: Page, org: Org): Promise<void> {
  const { status } = await pageApi(page, 'PATCH', '/api/v1/orgs', {
    name: org.name,
    countryCode: org.countryCode,
    plan: org.plan,
    stage: org.stage,
    information: org.information,
  });
  expect(status).toBe(200);
}
