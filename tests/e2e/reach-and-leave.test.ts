import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { pageApi } from './page-api';

/**
 * Issue 25 point 2 and issue 24 point 6, as an operator sees them: the order panel shows how to
 * reach the customer (a call link, the pick-up on a map, the OTA's notes, each with a copy button),
 * a phone number finds the order, and the party's check-in reads on the order and in its Activity.
 * A team name typed in the settings dialog and not saved is not lost on the way out: closing asks;
 * so does an invitation typed on Members or a key's name on Connections (closing, another page of
 * the dialog, the navigation behind it, the browser's Back).
 * (The "Tour created" toast opening the tour's panel is seen in tests/e2e/bulk-undo.test.ts.)
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectBrowser();
  const context = await newContext(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByTestId('list-scroller').waitFor();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  onTestFailed(async () =>
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 1500)}`),
  );
});

const panel = () => page.getByTestId('side-panel');
const field = (name: string) => panel().locator(`[data-field="${name}"]`);
const toast = (text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });

/** From the orders to the products through the navigation: the browser's Back has somewhere to go in the app. */
async function fromOrdersToProducts(): Promise<void> {
  await page.goto(`${baseUrl}/orders/new-added`);
  await page.getByTestId('list-scroller').waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
  await page.waitForURL('**/products**');
}

describe('the customer you can reach', () => {
  it('calls, maps and copies from the order panel; a phone finds the order; the check-in reads on it', async () => {
    const teamId = await page.evaluate(() => localStorage.getItem('teamId'));
    const stamp = String(Date.now());
    // a phone no other order has: found by its last eight digits typed as people write them
    const local = stamp.slice(-8);
    const phone = `+855 ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`;
    const pickup = 'Raffles Hotel Le Royal, Phnom Penh';
    const notes = 'Vegetarian meal; one wheelchair';
    const created = await pageApi<{ orders: Array<{ id: string; displayId: string }> }>(
      page,
      'POST',
      '/api/v1/orders/batch',
      {
        teamId,
        ota: 'KLOOK',
        orders: [
          {
            otaOrderId: `E2EREACH${stamp}`,
            departureAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
            language: 'English',
            product: { id: 'e2e-reach', route: 'Silk island ride' },
            customer: { name: 'Sok Dara', email: 'dara@example.test', phone },
            pickup,
            notes,
            quantity: { adult: 2, child: 0 },
            prices: [{ type: 'ADULT', amount: 40, currency: 'USD' }],
          },
        ],
      },
    );
    expect(created.status).toBe(200);
    const [order] = created.data.orders;

    // the search box says a phone finds an order, and it does
    await page.goto(`${baseUrl}/orders?dates=all`);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(search.getAttribute('placeholder')).resolves.toContain('phone');
    await search.fill(`${local.slice(0, 2)} ${local.slice(2, 5)}-${local.slice(5)}`);
    await search.press('Enter');
    const row = page.locator(`[role="row"][data-row-id="${order.id}"]`);
    await row.waitFor();
    await row.click();
    await field('Phone').waitFor();

    await expect(field('Phone').getByRole('link', { name: phone }).getAttribute('href')).resolves.toBe(
      `tel:+855${local}`,
    );
    const map = field('Pick-up').getByRole('link', { name: pickup });
    await expect(map.getAttribute('href')).resolves.toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(pickup)}`,
    );
    await expect(field('Notes').textContent()).resolves.toBe(notes);
    // nothing checked in yet: the order says nothing about it
    await expect(field('Check-in').count()).resolves.toBe(0);

    await panel().getByRole('button', { name: 'Copy phone' }).click();
    await toast('Phone copied').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(phone);
    await panel().getByRole('button', { name: 'Copy pick-up' }).click();
    await toast('Pick-up copied').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(pickup);
    await expectAccessible(page, 'the order panel with the customer you can reach');

    // one of the two came: the order reads it, and its Activity records who and when
    const checkIn = await pageApi(page, 'PUT', `/api/v1/orders/${order.id}/check-in`, {
      state: 'CHECKED_IN',
      arrived: 1,
      key: crypto.randomUUID(),
    });
    expect(checkIn.status).toBe(200);
    await page.reload();
    await row.click();
    await expect.poll(() => field('Check-in').textContent()).toMatch(/^Checked in 1 of 2 by Alex Admin, \d\d:\d\d$/);
    const logged = page.getByTestId('event-log').locator('li').filter({ hasText: 'Check-in Expected -> Checked in 1' });
    await expect.poll(() => logged.innerText()).toMatch(/Alex Admin · Check-in/);
  });
});

describe('a team name typed and not saved', () => {
  it('asks before the settings dialog closes: Stay keeps the name typed, Leave and discard closes', async () => {
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const openSettings = async () => {
      await page.getByTestId('user-box').locator('..').getByRole('button', { name: 'Settings' }).click();
      await dialog.waitFor();
    };
    await openSettings();
    const name = dialog.getByPlaceholder('Your Team Name');
    await expect.poll(() => name.inputValue()).not.toBe('');
    const stored = await name.inputValue();
    await name.fill(`${stored} (draft)`);

    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await question.getByText('The team name has changes that are not saved').waitFor();
    await expectAccessible(page, 'the leave question over the settings dialog');
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(name.inputValue()).resolves.toBe(`${stored} (draft)`);

    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Leave and discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    // opened again: the stored name, nothing asked on the way out
    await openSettings();
    await expect.poll(() => name.inputValue()).toBe(stored);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('an invitation typed on Members, a key name typed on Connections', () => {
  it('asks before the settings dialog closes, goes to another page or the app leaves: Stay keeps what was typed', async () => {
    await fromOrdersToProducts();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const sidebar = (label: string) =>
      dialog.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: label });
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await page.getByTestId('user-box').locator('..').getByRole('button', { name: 'Settings' }).click();
    await dialog.waitFor();
    await sidebar('Members').click();
    const email = dialog.getByPlaceholder('name@example.com');
    await email.fill('linh.nguyen@example.com');

    // Escape asks; Stay keeps the dialog and the address typed
    await page.keyboard.press('Escape');
    await question.getByText('The invitation has changes that are not saved').waitFor();
    await expectAccessible(page, 'the leave question over the Members page');
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await expect(email.inputValue()).resolves.toBe('linh.nguyen@example.com');

    // the Members page stops when left: another page of the dialog asks too
    await sidebar('Connections').click();
    await question.getByText('The invitation has changes that are not saved').waitFor();
    await expectAccessible(page, 'the leave question on the way to another settings page');
    await question.getByRole('button', { name: 'Leave and discard' }).click();
    await question.waitFor({ state: 'detached' });
    await dialog.getByRole('heading', { name: 'Connections' }).waitFor();

    const keyName = dialog.getByPlaceholder('Klook live');
    const name = `Klook leave ${Date.now()}`;
    await keyName.fill(name);
    // a click on the navigation's Statistics, behind the dialog: asked instead of left
    const box = await page.locator('nav[aria-label="Main"] a[href^="/statistics"]').boundingBox();
    expect(box).not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await question.getByText('The new API key’s name has changes that are not saved').waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/products');
    await expect(keyName.inputValue()).resolves.toBe(name);

    // created, the key's secret is shown once: the browser's Back asks until it is copied
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    const secretDialog = page.getByRole('dialog', { name: `API key for Klook: ${name}` });
    await secretDialog.waitFor();
    await page.evaluate(() => history.back());
    await question.getByText('The API key just created has not been copied').waitFor();
    await expectAccessible(page, 'the leave question over a new key’s secret');
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/products');
    await expect(secretDialog.getByLabel('API key').inputValue()).resolves.toMatch(/^tdk_/);
    await secretDialog.getByRole('button', { name: 'Copy' }).click();
    await secretDialog.getByText('Copied.').waitFor();
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await secretDialog.waitFor({ state: 'detached' });

    // the browser's Back over a name typed again: the router holds it and asks; Leave and discard goes on
    await keyName.fill(`${name} 2`);
    await page.evaluate(() => history.back());
    await question.getByText('The new API key’s name has changes that are not saved').waitFor();
    await question.getByRole('button', { name: 'Leave and discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/orders/new-added');
  });

  it('on /setting, the browser’s Back over a draft asks, and leaving goes back one page, not two', async () => {
    await fromOrdersToProducts();
    await page.locator('nav[aria-label="Main"] a[href="/setting"]').first().click();
    await page.waitForURL('**/setting**');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    await dialog.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Members' }).click();
    await dialog.getByPlaceholder('name@example.com').fill('thu.tran@example.com');
    await page.evaluate(() => history.back());
    const question = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await question.getByText('The invitation has changes that are not saved').waitFor();
    await question.getByRole('button', { name: 'Leave and discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/products');
    // and it stays there once the page has drawn: no second step back behind it
    await page.getByRole('heading', { name: 'Products' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/products');
  });
});
