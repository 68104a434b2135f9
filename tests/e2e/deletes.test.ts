import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { createTestOrder, pageApi, type TestOrder } from './page-api';

// Recoverable deletes end to end (issue 21): an EDITOR deletes an order from its panel after a
// dialog that names it, and the toast's Undo brings it back; another is found under Recently
// deleted and restored there, and the toast opens it; a MEMBER sees no Delete control at all.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
  });
  await signIn(page, baseUrl, email);
  await page.waitForURL('**/orders/new-added');
  await page.getByTestId('list-scroller').waitFor();
  return page;
}

/** The global dialogs may still open on a first visit: close them so that they trap no focus. */
async function dismissDialogs(page: Page): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
}

const row = (page: Page, order: TestOrder) => page.locator(`[role="row"][data-row-id="${order.id}"]`);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Opens the order's side panel: search it through the URL and click its row. */
async function openOrder(page: Page, order: TestOrder): Promise<void> {
  await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
  await row(page, order).waitFor();
  await dismissDialogs(page);
  await row(page, order).click();
  await page.getByTestId('side-panel').getByText(order.otaOrderId).waitFor();
}

async function deleteFromPanel(page: Page, order: TestOrder): Promise<void> {
  await page.getByTestId('side-panel').getByRole('button', { name: 'Delete order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete order ${order.displayId}?` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Delete order' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const orderStatus = async (page: Page, order: TestOrder) =>
  (await pageApi(page, 'GET', `/api/v1/orders/${order.id}`)).status;

describe('recoverable deletes', () => {
  it('Recently deleted of a team where nothing was deleted is empty, and says so accessibly', async () => {
    const page = await signedIn('editor@tourdesk.test');
    // the other suites work in the first team: the last one has had nothing deleted
    const { data } = await pageApi<{ teams: { id: string }[] }>(page, 'GET', '/api/v1/users/me');
    const last = data.teams.at(-1)!.id;
    await page.evaluate((id) => localStorage.setItem('teamId', id), last);
    await page.reload();
    await dismissDialogs(page);
    await nav(page).getByRole('link', { name: 'Recently deleted' }).click();
    await page.waitForURL('**/deleted');
    await dismissDialogs(page);
    await page.getByTestId('deleted-empty').getByText('Nothing deleted in the last 30 days').waitFor();
    await expectAccessible(page, 'Recently deleted, empty');
  });

  it('an EDITOR deletes an order after a dialog that names it; Undo brings it back', async () => {
    const page = await signedIn('editor@tourdesk.test');
    const order = await createTestOrder(page, 'E2EDELUNDO', 12);
    await openOrder(page, order);
    await page.getByTestId('side-panel').getByRole('button', { name: 'Delete order' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete order ${order.displayId}?` });
    await dialog.getByText('The order of E2E Tester leaves every list and count.', { exact: false }).waitFor();
    await expectAccessible(page, 'the delete confirmation dialog');
    // Cancel keeps it
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await orderStatus(page, order)).toBe(200);

    await deleteFromPanel(page, order);
    await toast(page, `Order ${order.displayId} deleted`);
    await row(page, order).waitFor({ state: 'detached' });
    await page.getByTestId('side-panel').waitFor({ state: 'detached' });
    expect(await orderStatus(page, order)).toBe(404);

    await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
    await toast(page, `Order ${order.displayId} restored`);
    await row(page, order).waitFor();
    expect(await orderStatus(page, order)).toBe(200);
    const { data } = await pageApi<{ eventLogs: { type: string; operatedBy: { name: string } | null }[] }>(
      page,
      'GET',
      `/api/v1/orders/${order.id}`,
    );
    expect(data.eventLogs.slice(-2).map((e) => [e.type, e.operatedBy?.name])).toEqual([
      ['DELETE', 'Emma Editor'],
      ['RESTORE', 'Emma Editor'],
    ]);
  });

  it('a deleted order is listed under Recently deleted, restored there, and the toast opens it', async () => {
    const page = await signedIn('editor@tourdesk.test');
    const order = await createTestOrder(page, 'E2EDELLIST', 13);
    await openOrder(page, order);
    await deleteFromPanel(page, order);
    await toast(page, `Order ${order.displayId} deleted`);

    await nav(page).getByRole('link', { name: 'Recently deleted' }).click();
    await page.waitForURL('**/deleted');
    const listed = page.getByTestId('deleted-row').filter({ hasText: order.displayId });
    await listed.waitFor();
    await expect(listed.innerText()).resolves.toMatch(/Order[\s\S]*E2E Tester[\s\S]*Emma Editor/);
    await expectAccessible(page, 'Recently deleted, with a row');

    await listed.getByRole('button', { name: `Restore order ${order.displayId}` }).click();
    await toast(page, `Order ${order.displayId} restored`);
    await listed.waitFor({ state: 'detached' });
    expect(await orderStatus(page, order)).toBe(200);

    await page.getByRole('button', { name: 'Open', exact: true }).first().click();
    await page.waitForURL(`**/orders?q=${order.displayId}`);
    await row(page, order).waitFor();
  });

  it('a MEMBER sees no Delete control and no Recently deleted', async () => {
    const editor = await signedIn('editor@tourdesk.test');
    const order = await createTestOrder(editor, 'E2EDELMEMBER', 14);
    await editor.context().close();

    const page = await signedIn('member@tourdesk.test');
    await openOrder(page, order);
    const panel = page.getByTestId('side-panel');
    await panel.getByRole('button', { name: 'Comment' }).waitFor();
    await expect(panel.getByRole('button', { name: /Delete/ }).count()).resolves.toBe(0);
    await nav(page).getByRole('link', { name: 'Orders', exact: true }).waitFor();
    await expect(nav(page).getByRole('link', { name: 'Recently deleted' }).count()).resolves.toBe(0);
    // typed in by hand, the screen says who may see it and asks the server nothing
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`${baseUrl}/deleted`);
    await page.getByText('Only editors and admins of the team can see and restore deleted orders and tours.').waitFor();
    expect(asked).not.toContain('/api/v1/deleted');
  });
});
