import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';

/**
 * The global dialogs over the orders screen: the timezone alert in a browser set to another
 * timezone than the team's, then the OTA account dialog that waited for it. Team XX (Tech Team,
 * UTC) is this file's own: its OTA accounts are cleared first and restored at the end.
 */
const baseUrl = inject('baseUrl');
const TEAM = 'team-xx';
let browser: Browser;
let restore: string[] = [];

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('AUTH')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

type Accounts = { available: { email: string }[]; otas: string[] };

async function adminPage(timezoneId: string, team = TEAM): Promise<Page> {
  const context = await newContext(browser, { timezoneId });
  await context.addInitScript((id) => localStorage.setItem('teamId', id), team);
  const page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  return page;
}

beforeAll(async () => {
  browser = await connectBrowser();
  // UTC is team XX's own timezone: no alert while the accounts are cleared
  const page = await adminPage('UTC');
  restore = (await api<Accounts>(page, 'GET', `/api/v1/team/ota-accounts?teamId=${TEAM}`)).otas;
  await api(page, 'PUT', '/api/v1/team/ota-accounts', { teamId: TEAM, otas: [] });
  await page.context().close();
});

afterAll(async () => {
  const page = await adminPage('UTC');
  await api(page, 'PUT', '/api/v1/team/ota-accounts', { teamId: TEAM, otas: restore });
  await page.context().close();
  await browser?.close();
});

describe('global dialogs', () => {
  it('shows the timezone alert first, then the OTA dialog it held back; once per login', async () => {
    const page = await adminPage('America/New_York');
    let otaCalls = 0;
    // the dialog's own fetch fails once: it is logged and offers a retry
    await page.route('**/api/v1/team/ota-accounts?*', async (route) => {
      otaCalls += 1;
      if (route.request().method() === 'GET' && otaCalls === 2) await route.fulfill({ status: 500, body: '{}' });
      else await route.continue();
    });
    await page.reload();

    const alert = page.getByRole('alertdialog', { name: 'Timezone mismatch' });
    await alert.waitFor();
    await alert.getByText('UTC', { exact: true }).waitFor();
    await alert.getByText('America/New_York', { exact: true }).waitFor();
    await expect.poll(() => alert.getByText(/now \d{1,2} \w{3} \d{4} \d{2}:\d{2}/).count()).toBe(1);
    const otaDialog = page.getByRole('dialog', { name: 'Select OTA accounts' });
    expect(await otaDialog.count()).toBe(0);
    await expectAccessible(page, 'timezone alert');
    // the sheet of shortcuts does not open over it
    await page.keyboard.press('?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);

    await alert.getByRole('button', { name: 'Got it' }).click();
    await otaDialog.waitFor();
    // (its exit animation may still be running as the next dialog opens)
    await alert.waitFor({ state: 'detached', timeout: 2000 });
    await otaDialog.getByText('The OTA accounts could not be loaded.').waitFor();
    await otaDialog.getByRole('button', { name: 'Retry' }).click();
    const klook = otaDialog.getByRole('checkbox', { name: /xx\.klook@tourdesk\.test/ });
    await klook.waitFor();
    await expectAccessible(page, 'OTA account dialog');
    await klook.check();
    await otaDialog.getByRole('button', { name: 'Save' }).click();
    await otaDialog.waitFor({ state: 'detached' });
    expect((await api<Accounts>(page, 'GET', `/api/v1/team/ota-accounts?teamId=${TEAM}`)).otas).toEqual([
      'xx.klook@tourdesk.test',
    ]);

    // same login, reloaded: neither dialog comes back
    await page.unrouteAll();
    await page.reload();
    await page.getByRole('button', { name: 'Switch team' }).waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  }, 90_000);

  it("stays quiet for a browser that names the team's zone by an alias (Asia/Saigon for Asia/Ho_Chi_Minh)", async () => {
    const page = await adminPage('Asia/Saigon', 'team-vn');
    await page.getByTestId('team-caption').getByText('Asia/Ho_Chi_Minh', { exact: false }).waitFor();
    // the browser keeps Vietnam's clock under the alias
    const hour = await page.evaluate(() => new Date(Date.UTC(2026, 0, 1)).getHours());
    expect(hour).toBe(7);
    await page.waitForTimeout(1000);
    expect(await page.getByRole('alertdialog', { name: 'Timezone mismatch' }).count()).toBe(0);
    await page.context().close();
  });
});
