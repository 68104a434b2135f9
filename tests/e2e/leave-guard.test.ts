import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { KH_ID, signedInOnKh } from './settings-steps';

/**
 * Issue 24, points 6 and 11, as an operator meets them. Nothing typed is lost on the way out: an
 * unsaved mail template (its tab "(unsaved)") asks before Statistics opens, and so does an unsaved
 * advertisement before its form closes. The timezone alert that opens over the settings dialog is
 * in the accessibility tree (not inside the dialog's aria-hidden region), and the settings dialog
 * is again, with the focus, once the alert is closed. Nothing is saved by these tests.
 */
const baseUrl = inject('baseUrl');
const PRODUCT = 'Angkor Wat Sunrise';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 1500)}`);
  });
});

const question = (p: Page) => p.getByRole('alertdialog', { name: 'Leave without saving?' });

describe('leaving unsaved work', () => {
  it('asks before Statistics opens over an unsaved template: Stay keeps it, Leave discards it', async () => {
    await page.goto(`${baseUrl}/products`);
    await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: PRODUCT }).click();
    const subject = page.getByLabel('Subject', { exact: true });
    await expect.poll(() => subject.inputValue()).not.toBe('');
    const typed = `Your Angkor morning ${Date.now()}`;
    await subject.fill(typed);
    const klook = page.getByRole('tab', { name: /Klook/ });
    await expect.poll(() => klook.textContent()).toContain('(unsaved)');

    await page.getByRole('link', { name: 'Statistics' }).click();
    await question(page).getByText(`${PRODUCT} has changes that are not saved`).waitFor();
    await expectAccessible(page, 'the leave question over the products screen');
    await question(page).getByRole('button', { name: 'Stay' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/products');
    expect(await subject.inputValue()).toBe(typed);
    expect(await klook.textContent()).toContain('(unsaved)');

    // closing or reloading the tab: the browser's own question, answered "stay"
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      }),
    );
    await page.reload({ timeout: 2_000 }).catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    expect(await subject.inputValue()).toBe(typed);

    await page.getByRole('link', { name: 'Statistics' }).click();
    await question(page).getByRole('button', { name: 'Leave and discard' }).click();
    await page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/statistics');
  });

  it('asks before an unsaved advertisement form closes', async () => {
    await page.goto(`${baseUrl}/marketing/ads-list`);
    await page.getByRole('button', { name: 'New advertisement' }).click();
    const editor = page.getByTestId('ad-editor');
    // nothing typed: Cancel closes at once
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New advertisement' }).click();
    await editor.getByLabel('Title').fill('Mekong sunset cruise');
    await page.keyboard.press('Escape');
    await question(page).getByText('The new advertisement has changes that are not saved').waitFor();
    await expectAccessible(page, 'the leave question over the advertisement form');
    await question(page).getByRole('button', { name: 'Stay' }).click();
    await question(page).waitFor({ state: 'detached' });
    expect(await editor.getByLabel('Title').inputValue()).toBe('Mekong sunset cruise');

    await editor.getByRole('button', { name: 'Cancel' }).click();
    await question(page).getByRole('button', { name: 'Leave and discard' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('Mekong sunset cruise').count()).toBe(0);
  });
});

describe('the timezone alert over the settings dialog', () => {
  it('is read by a screen reader, and the settings dialog is again once it closes', async () => {
    // a browser in New York, team KH in Phnom Penh: the alert opens on the first screen of a login
    const context = await newContext(browser, { timezoneId: 'America/New_York' });
    await context.addInitScript((id) => localStorage.setItem('teamId', id), KH_ID);
    const other = await context.newPage();
    await signIn(other, baseUrl, 'admin@tourdesk.test');
    await other.getByRole('button', { name: 'Got it' }).click();
    // the first screen of another login is the settings dialog (a bookmark of /setting): the alert
    // shown for this login is forgotten, as a new login would have it
    await other.evaluate(() => localStorage.removeItem('timezoneAlertShown'));
    await other.goto(`${baseUrl}/setting`);

    // getByRole leaves out what is aria-hidden: both are found only when a screen reader finds them
    const alert = other.getByRole('alertdialog', { name: 'Timezone mismatch' });
    await alert.getByText('Team timezone: Asia/Phnom_Penh').waitFor();
    await expect.poll(() => other.locator('body').ariaSnapshot()).toContain('alertdialog "Timezone mismatch"');
    await expect.poll(() => alert.evaluate((el) => el.closest('[aria-hidden="true"]') === null)).toBe(true);
    await expectAccessible(other, 'the timezone alert over the settings dialog');

    await alert.getByRole('button', { name: 'Got it' }).click();
    await alert.waitFor({ state: 'detached' });
    const settings = other.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor();
    expect(await settings.evaluate((el) => el.closest('[aria-hidden="true"]') === null)).toBe(true);
    await expect.poll(() => other.locator('body').ariaSnapshot()).toContain('dialog "Settings"');
    await expect.poll(() => settings.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectAccessible(other, 'the settings dialog after the timezone alert');
    await context.close();
  });
});
