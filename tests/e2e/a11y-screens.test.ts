import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';

/**
 * axe-core (no critical or serious violation) on every screen of the app, as a person meets it:
 * the login page, the lists with the panel and each toolbar menu open, the keyboard sheet, export,
 * settings (each page of the dialog), products, feature flags and the not-found page. Onboarding
 * (each stage) is checked in onboarding.model.test.ts, the global dialogs in
 * global-dialogs.test.ts. Read only: nothing here changes data.
 */
const baseUrl = inject('baseUrl');
const ITEM_ROW = '[data-testid="list-scroller"] [data-row-id]:not([data-date-header])';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a list and the panel of one of its first rows (the click selects it too). */
async function listWithPanel(path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator(ITEM_ROW).first().click();
  await page.getByTestId('side-panel').waitFor();
}

async function withMenu(trigger: string, what: string): Promise<void> {
  await page.getByTestId('list-toolbar').getByRole('button', { name: trigger, exact: true }).click();
  await page.getByRole('menu').waitFor();
  await expectAccessible(page, what);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

describe('axe-core on every screen', () => {
  it('login, and login after a forced sign-out', async () => {
    const visitor = await (await newContext(browser)).newPage();
    await visitor.goto(`${baseUrl}/auth/login`);
    await visitor.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible(visitor, 'login');
    await visitor.goto(`${baseUrl}/auth/login?unauthorized=1`);
    await visitor.getByText(/signed out/i).waitFor();
    await expectAccessible(visitor, 'login, signed out');
    await visitor.context().close();
  });

  it('the orders list with the panel open, and each menu open', async () => {
    await listWithPanel('/orders');
    await expectAccessible(page, 'orders with the panel open');
    await withMenu('Move to', 'orders, "Move to" menu open');
    await withMenu('Create', 'orders, create menu open');
    await withMenu('Email', 'orders, e-mail menu open');
    await page.getByRole('button', { name: 'Switch team' }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'team menu open');
    await page.keyboard.press('Escape');
  });

  it('the tours list with the panel open, and its menus', async () => {
    await listWithPanel('/tours');
    await expectAccessible(page, 'tours with the panel open');
    await withMenu('Move to', 'tours, "Move to" menu open');
    await withMenu('Create', 'tours, create menu open');
  });

  it('the skip link and the sheet of keyboard shortcuts', async () => {
    await page.goto(`${baseUrl}/orders/new-added`);
    await page.getByRole('grid').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to list' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'skip link shown');
    await page.locator('body').press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await expectAccessible(page, 'keyboard shortcuts sheet');
    await page.keyboard.press('Escape');
  });

  it('export', async () => {
    await page.goto(`${baseUrl}/export`);
    await page.getByRole('heading', { name: 'Export' }).first().waitFor();
    await expectAccessible(page, 'export');
  });

  it('settings, each page of the dialog', async () => {
    await page.goto(`${baseUrl}/setting`);
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    for (const [item, heading] of [
      ['General', 'Team'],
      ['Members', 'Members'],
      ['Profile', 'Profile'],
    ] as const) {
      await dialog.getByRole('button', { name: item, exact: true }).click();
      await dialog.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expectAccessible(page, `settings, ${item}`);
    }
  });

  it('products', async () => {
    await page.goto(`${baseUrl}/products`);
    await page.getByRole('heading', { name: 'Products' }).first().waitFor();
    await page.getByRole('main').getByRole('button').first().waitFor();
    await expectAccessible(page, 'products');
  });

  it('feature flags', async () => {
    await page.goto(`${baseUrl}/setting/feature-toggle`);
    await page.getByRole('region', { name: 'Information sending' }).waitFor();
    await expectAccessible(page, 'feature flags');
  });

  it('not found', async () => {
    await page.goto(`${baseUrl}/no/such/screen`);
    await page.getByText('Page not found').waitFor();
    await expectAccessible(page, 'not found');
  });
});
