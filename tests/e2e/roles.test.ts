import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser } from './browser';
import { dialog, openSettings, signedInOnKh } from './settings-steps';

// The role matrix in the app (issue 21): a MEMBER reads products' mail content and marketing
// (ads, groups, the interstitial and its preview) with no control to change them, and no call
// of theirs is ever refused; an EDITOR gets the controls. Both see the Team page read-only (its
// name and logo are the admins'). Nothing is changed: the test only looks, in team KH.
const baseUrl = inject('baseUrl');
const PRODUCT = 'Angkor Wat Sunrise';

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signed in on KH as `email`, counting the API's 403 answers (the app never offers such a call). */
async function signedIn(email: string): Promise<{ page: Page; refused: string[] }> {
  const page = await signedInOnKh(browser, baseUrl, email);
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 403) refused.push(`${res.request().method()} ${res.url()}`);
  });
  return { page, refused };
}

async function openProduct(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/products`);
  await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: PRODUCT }).click();
  await expect.poll(() => page.getByRole('tab', { name: 'Klook' }).getAttribute('aria-selected')).toBe('true');
  await page.getByLabel('Subject', { exact: true }).waitFor();
}

const preview = (page: Page) => page.getByTestId('mail-preview');
const groups = (page: Page) => page.getByTestId('ad-groups');

describe('a MEMBER', () => {
  let page: Page;
  let refused: string[];
  beforeAll(async () => {
    ({ page, refused } = await signedIn('member@tourdesk.test'));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('reads a product’s mail content and its preview, with nothing to type, save, reset or insert', async () => {
    await openProduct(page);
    const subject = page.getByLabel('Subject', { exact: true });
    await expect(subject.getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByTestId('mail-content').locator('textarea').getAttribute('readonly')).resolves.not.toBeNull();
    const before = await subject.inputValue();
    await subject.press('End');
    await page.keyboard.type(' changed');
    expect(await subject.inputValue()).toBe(before);
    await page.getByText('Only editors and admins of the team can change it.').waitFor();
    for (const name of ['Save', 'Reset to the default template']) {
      await expect(page.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    }
    await expect(page.getByRole('button', { name: /^Insert / }).count()).resolves.toBe(0);
    // the preview stays: the saved template, rendered by the server for a real order
    await expect
      .poll(() => preview(page).getByTestId('preview-order').textContent(), { timeout: 15_000 })
      .toMatch(/^Rendered from order KH-\d+, to /);
    // another tab reads just the same
    await page.getByRole('tab', { name: 'Viator' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Viator' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('template-read-only').waitFor();
    await expectAccessible(page, 'the products screen of a member');
  });

  it('sees marketing as it is, and no control that changes it', async () => {
    await page.goto(`${baseUrl}/marketing`);
    await page.getByRole('heading', { name: 'Marketing', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'See the interstitial' }).waitFor();
    for (const name of ['Configure the interstitial', 'Set up the interstitial', 'Edit the e-mail banner']) {
      await expect(page.getByRole('link', { name }).count()).resolves.toBe(0);
    }
    await expectAccessible(page, 'the marketing home of a member');

    await page.getByRole('link', { name: 'All advertisements' }).click();
    await page.getByRole('heading', { name: 'Advertisements', level: 1 }).waitFor();
    await page.getByTestId('ad-row').first().waitFor();
    await expect(page.getByRole('button', { name: 'New advertisement' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Edit / }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Move to / }).count()).resolves.toBe(0);
    await expect(groups(page).getByLabel('New group’s tag').count()).resolves.toBe(0);
    await expect(
      groups(page)
        .getByRole('button', { name: /^Delete / })
        .count(),
    ).resolves.toBe(0);
    // a group opens to show its ads in order, with nothing to add, move or remove
    const group = groups(page).getByTestId('ad-group').first();
    await group.getByRole('button', { name: /^Open / }).click();
    await group.getByTestId('group-items').waitFor();
    await expect(group.getByLabel('Add').count()).resolves.toBe(0);
    await expect(group.getByRole('button', { name: /^(Move|Remove) / }).count()).resolves.toBe(0);
    await expectAccessible(page, 'the ads list of a member with a group open');

    await page.goto(`${baseUrl}/marketing/interstitial`);
    await page.getByRole('heading', { name: 'Interstitial', level: 1 }).waitFor();
    await page.getByTestId('interstitial-frequency').waitFor();
    await expect(page.getByLabel('Show it to the same customer').count()).resolves.toBe(0);
    await expect(page.getByTestId('group-items').getByLabel('Add').count()).resolves.toBe(0);
    await page.getByTestId('phone-screen').waitFor();
    await expectAccessible(page, 'the interstitial of a member');
  });

  it('sees the Team page read-only', async () => {
    await openSettings(page);
    await expect.poll(() => dialog(page).getByPlaceholder('Your Team Name').isDisabled()).toBe(true);
    await expect(dialog(page).getByRole('button', { name: 'Edit logo' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('was never refused a call', () => {
    expect(refused).toEqual([]);
  });
});

describe('an EDITOR', () => {
  let page: Page;
  let refused: string[];
  beforeAll(async () => {
    ({ page, refused } = await signedIn('editor@tourdesk.test'));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('edits a product’s mail content: Save, Reset and the variables are there', async () => {
    await openProduct(page);
    await expect(page.getByLabel('Subject', { exact: true }).getAttribute('readonly')).resolves.toBeNull();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset to the default template', exact: true }).waitFor();
    await page
      .getByRole('button', { name: /^Insert / })
      .first()
      .waitFor();
    await expect(page.getByTestId('template-read-only').count()).resolves.toBe(0);
  });

  it('gets every marketing control', async () => {
    await page.goto(`${baseUrl}/marketing`);
    await page.getByRole('heading', { name: 'Marketing', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^(Configure|Set up) the interstitial$/ }).waitFor();

    await page.goto(`${baseUrl}/marketing/ads-list`);
    await page.getByRole('heading', { name: 'Advertisements', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New advertisement' }).waitFor();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    await page
      .getByRole('button', { name: /^Move to / })
      .first()
      .waitFor();
    await groups(page).getByLabel('New group’s tag').waitFor();
    await groups(page)
      .getByRole('button', { name: /^Delete / })
      .first()
      .waitFor();
    const group = groups(page).getByTestId('ad-group').first();
    await group.getByRole('button', { name: /^Open / }).click();
    await group.getByLabel('Add').waitFor();

    await page.goto(`${baseUrl}/marketing/interstitial`);
    await page.getByRole('heading', { name: 'Interstitial', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Show it to the same customer').isEnabled()).toBe(true);
  });

  it('sees the Team page read-only too (the team’s name and logo are its admins’)', async () => {
    await openSettings(page);
    await expect.poll(() => dialog(page).getByPlaceholder('Your Team Name').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(refused).toEqual([]);
  });
});
