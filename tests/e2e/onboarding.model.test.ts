import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findCountry } from '../../shared/countries';
import { isSynthetic, leaves } from '../machines/onboarding-harness';
import { stageTitle } from '../../src/domain/onboarding-rules';
import {
  generatePaths,
  ORG_AT_STAGE_2,
  ORG_AT_STAGE_3,
  ORG_WITH_TEAM,
  VALID,
  type OnboardingPath,
  type Snap,
} from '../machines/onboarding-paths';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import {
  expectOnScreen,
  feasible,
  GESTURES,
  isFeasible,
  NEWCOMER,
  playPath,
  resetOrganization,
  signInFromStage1,
} from './onboarding-steps';

/**
 * The onboarding model's own paths, walked in Chromium against the real app and server as the
 * newcomer. The embedded provider has one account without a team, and the plan stage gives it one
 * for good; so the paths that stay before team creation run first (each in a fresh browser: no
 * draft), and the one path that creates the team, all the way to closed, runs last, with a reload
 * on the form stages to show that the values survive it.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const createsTeam = (p: OnboardingPath) =>
  p.steps.some((s) => isSynthetic(s.event) && (s.event as { output?: unknown }).output === ORG_WITH_TEAM);
const stateOf = (s: Snap) => JSON.stringify({ v: leaves(s.value), errors: s.context.errors, error: s.context.error });

/** The shortest feasible path to each state (with its messages), minus those another path passes through. */
function choosePaths(paths: OnboardingPath[]): OnboardingPath[] {
  const best = new Map<string, OnboardingPath>();
  for (const p of paths.filter(isFeasible)) {
    const k = stateOf(p.state as Snap);
    if (!best.has(k) || best.get(k)!.steps.length > p.steps.length) best.set(k, p);
  }
  const chosen = [...best.values()];
  // and each gesture at least once (going back with the stepper reaches no state of its own)
  const feasiblePaths = paths.filter(isFeasible).sort((a, b) => a.steps.length - b.steps.length);
  for (const type of Object.keys(GESTURES)) {
    const uses = (p: OnboardingPath) => p.steps.some((s) => s.event.type === type);
    const last = feasiblePaths.find((p) => !createsTeam(p) && p.steps.at(-1)!.event.type === type);
    if (!chosen.some(uses) && last) chosen.push(last);
  }
  const sig = (p: OnboardingPath) => p.steps.map((s) => JSON.stringify(s.event)).join('|');
  return chosen.filter((p) => !chosen.some((q) => q !== p && sig(q).startsWith(`${sig(p)}|`)));
}

const visitorPaths = choosePaths(generatePaths('visitor', feasible));
const memberPaths = choosePaths(generatePaths('member', feasible));
const beforeTeam = memberPaths.filter((p) => !createsTeam(p));
const withTeam = memberPaths.filter(createsTeam);
const journey = withTeam.find((p) => (p.state as Snap).status === 'done');

const name = (p: OnboardingPath) =>
  p.steps
    .slice(1)
    .map((s) =>
      s.event.type === 'onboarding.goto'
        ? `goto ${s.event.stage}`
        : s.event.type.replace(/^xstate\.done\.actor\./, 'done '),
    )
    .join(' → ') || '(start)';

/** The contact stage, showing the contact information the server has. */
async function expectContact(page: Page): Promise<void> {
  await page.getByRole('heading', { name: stageTitle(3), exact: true }).waitFor();
  const labels = {
    serviceCountries: 'Service countries',
    serviceCities: 'Service cities',
    fullName: 'Full name',
    email: 'Email',
    phone: 'Phone',
    jobTitle: 'Job title',
  } as const;
  for (const [field, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
    expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(VALID.contact[field]);
  }
}

async function freshPage(): Promise<Page> {
  return (await newContext(browser, { timezoneId: 'Asia/Phnom_Penh' })).newPage();
}

describe('onboarding model in the browser', () => {
  it('walks every state the model reaches, with one newcomer team at the end', () => {
    expect(journey).toBeDefined();
    // every state a team-creating path shows lies on the journey
    const onJourney = new Set(journey!.steps.map((s) => stateOf(s.state as Snap)));
    for (const p of withTeam) for (const s of p.steps) expect(onJourney).toContain(stateOf(s.state as Snap));
    expect(Object.keys(GESTURES).sort()).toEqual(
      ['onboarding.back', 'onboarding.change', 'onboarding.goto', 'onboarding.next', 'onboarding.signIn'].sort(),
    );
  });

  it.each(visitorPaths.map((p) => [name(p), p] as const))('visitor: %s', async (_, path) => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/auth/onboarding`);
    await expectOnScreen(page, path.steps[0].state as Snap);
    await expectAccessible(page, 'onboarding stage 1');
    for (const step of path.steps.slice(1)) {
      if (step.event.type === 'onboarding.signIn') await GESTURES['onboarding.signIn'](page);
      else throw new Error(`a visitor path has ${step.event.type}`);
    }
    // the provider's sign-in page is where stage 1 leads
    expect(new URL(page.url()).pathname).toMatch(/^\/oidc\//);
    await page.context().close();
  });

  it.each(beforeTeam.map((p) => [name(p), p] as const))('newcomer: %s', async (_, path) => {
    const page = await freshPage();
    await signInFromStage1(page, baseUrl);
    await playPath(page, path);
    await page.context().close();
  });

  it("resumes in a fresh browser at the organization's stage with the server's fields, which win over a draft", async () => {
    const first = await freshPage();
    await signInFromStage1(first, baseUrl);
    await first.getByRole('heading', { name: stageTitle(2), exact: true }).waitFor();
    await first.getByRole('button', { name: 'Next' }).click();
    await first.getByRole('heading', { name: stageTitle(3), exact: true }).waitFor();
    await first.getByLabel('Full name', { exact: true }).fill('Typed in the first browser');
    // meanwhile the contact information is saved elsewhere
    await resetOrganization(first, ORG_AT_STAGE_3);

    const second = await freshPage();
    await signIn(second, baseUrl, NEWCOMER);
    await second.waitForURL('**/auth/onboarding');
    await expectContact(second);
    await expectAccessible(second, 'onboarding resumed at stage 3');
    await second.getByRole('button', { name: 'Back' }).click();
    await second.getByRole('heading', { name: stageTitle(2), exact: true }).waitFor();
    expect(await second.getByLabel('Organization name').inputValue()).toBe(VALID.organization.name);
    expect(await second.getByLabel('Country', { exact: true }).inputValue()).toBe(VALID.organization.countryCode);
    await second.context().close();

    // the first browser's draft is older than the server: the server's fields win
    await first.reload();
    await expectContact(first);
    // leave the organization where the next newcomer path expects it (no contact saved)
    await resetOrganization(first, ORG_AT_STAGE_2);
    await first.context().close();
  });

  it('newcomer journey: all seven stages, a reload on the forms, the first day, and the orders of the new team', async () => {
    const page = await freshPage();
    await signInFromStage1(page, baseUrl);
    await playPath(page, journey!, { reloadOnForms: true, axe: true });
    // Finish lands on the first day's next steps (playPath waited for it), not on an empty list
    expect(
      await page.locator('[data-step]').evaluateAll((els) => els.map((el) => el.getAttribute('data-step'))),
    ).toEqual(['channel', 'colleague', 'import']);
    await expectAccessible(page, "the first day's next steps");
    await page.getByRole('link', { name: 'Go to your orders' }).click();
    await page.waitForURL('**/orders/new-added');
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/v1/users/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('AUTH')}` },
      });
      return (await res.json()) as { teams: { id: string; name: string; timezone: string }[] };
    });
    expect(me.teams).toHaveLength(1);
    expect(me.teams[0]).toMatchObject({
      name: VALID.organization.name,
      timezone: findCountry(VALID.organization.countryCode)!.timezone,
    });
    expect(await page.evaluate(() => localStorage.getItem('teamId'))).toBe(me.teams[0].id);
    await page.getByRole('button', { name: 'Switch team' }).getByText(VALID.organization.name).waitFor();
    await page.context().close();
  }, 120_000);
});
