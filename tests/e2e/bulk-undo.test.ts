import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { createTestOrder, pageApi, type TestOrder } from './page-api';
import { dialog as settingsDialog, openSettings, restoreSeed, signedInOnKh } from './settings-steps';

// Issue 24, points 2 and 7, as an operator sees them: a bulk move undone from its toast, the
// question before a move out of Tour Completed, shift-click without text selection; a tour's
// default name and its toast, the link dialog, the unlink toast, and toasts above dialogs.
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectBrowser();
  page = await (await newContext(browser)).newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.text());
  });
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByTestId('list-scroller').waitFor();
});
afterAll(async () => {
  await browser?.close();
});

/** What the page showed when a test failed. */
const explainFailure = () =>
  onTestFailed(async () => {
    const toasts = await page.locator('[data-scope="toast"][data-part="root"]').allInnerTexts();
    const panel = page.getByTestId('side-panel');
    const shown = (await panel.count()) ? await panel.innerText() : '';
    console.log(
      `PAGE ${page.url()}\nTOASTS ${JSON.stringify(toasts)}\nPANEL ${shown.slice(shown.indexOf('Tour'), shown.indexOf('Tour') + 300)}`,
    );
  });

const row = (id: string) => page.locator(`[role="row"][data-row-id="${id}"]`);
const statusOf = async (id: string) =>
  (await pageApi<{ statusV2: string }>(page, 'GET', `/api/v1/orders/${id}`)).data.statusV2;
const toast = (text: string | RegExp) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });

async function dismissDialogs(): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
}

/** The orders of one test, alone on the list (found by their shared OTA id prefix). */
async function showOnly(prefix: string, orders: TestOrder[]): Promise<void> {
  explainFailure();
  await page.goto(`${baseUrl}/orders?dates=all&q=${prefix}`);
  for (const order of orders) await row(order.id).waitFor();
  await dismissDialogs();
}

async function moveTo(status: string): Promise<void> {
  await page.getByRole('button', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: status, exact: true }).click();
}

describe('bulk moves can be undone', () => {
  it('shift-click selects rows, not their text; the moved toast undoes the move in one request', async () => {
    const prefix = `E2EBULK${Date.now()}`;
    const orders: TestOrder[] = [];
    for (let i = 0; i < 4; i++) orders.push(await createTestOrder(page, `${prefix}X`, 20 + i));
    await showOnly(prefix, orders);

    await row(orders[0].id).click();
    await row(orders[3].id).click({ modifiers: ['Shift'] });
    await page.getByTestId('selection-count').getByText('4 selected').waitFor();
    // the range is of rows: no text of the rows is selected on the way
    await expect(page.evaluate(() => window.getSelection()?.toString() ?? '')).resolves.toBe('');

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/status/batch')) requests.push(r.method());
    });
    await moveTo('Pending');
    const moved = toast('4 orders moved to "Pending"');
    await moved.waitFor();
    for (const order of orders) await expect.poll(() => statusOf(order.id)).toBe('pending');

    await moved.getByRole('button', { name: 'Undo status of 4 orders' }).click();
    await toast('4 orders moved back').waitFor();
    for (const order of orders) await expect.poll(() => statusOf(order.id)).toBe('new');
    // one request for the move, one for its undo; the move's toast went with its Undo
    expect(requests).toEqual(['PUT', 'PUT']);
    await moved.waitFor({ state: 'detached' });
  });

  it('an order changed since the move is named and left as it is', async () => {
    const prefix = `E2EKEPT${Date.now()}`;
    const orders = [await createTestOrder(page, `${prefix}X`, 30), await createTestOrder(page, `${prefix}X`, 31)];
    await showOnly(prefix, orders);
    await row(orders[0].id).click();
    await row(orders[1].id).click({ modifiers: ['Shift'] });
    await moveTo('Arranged');
    const moved = toast('2 orders moved to "Arranged"');
    await moved.waitFor();
    await expect.poll(() => statusOf(orders[1].id)).toBe('arranged');
    // a colleague moves the second order on meanwhile
    const put = await pageApi(page, 'PUT', '/api/v2/orders/status/batch', {
      orders: [{ id: orders[1].id, statusV2: 'canceled' }],
    });
    expect(put.status).toBe(200);
    await moved.getByRole('button', { name: 'Undo status of 2 orders' }).click();
    await toast(`1 order moved back; ${orders[1].displayId} changed since and was left as it is`).waitFor();
    await expect.poll(() => statusOf(orders[0].id)).toBe('new');
    expect(await statusOf(orders[1].id)).toBe('canceled');
  });

  it('a move out of Tour Completed asks first, naming how many and which', async () => {
    const prefix = `E2EDONE${Date.now()}`;
    const orders = [await createTestOrder(page, `${prefix}X`, 40), await createTestOrder(page, `${prefix}X`, 41)];
    await pageApi(page, 'PUT', '/api/v2/orders/status/batch', {
      orders: [{ id: orders[0].id, statusV2: 'completed' }],
    });
    await showOnly(prefix, orders);
    await row(orders[0].id).click();
    await row(orders[1].id).click({ modifiers: ['Shift'] });
    await moveTo('Pending');
    const question = page.getByRole('alertdialog', { name: 'Move 1 order out of Tour Completed or Canceled?' });
    await question.waitFor();
    await expect(question.getByTestId('leave-done-ids').innerText()).resolves.toBe(
      `${orders[0].displayId} (Tour Completed)`,
    );
    await expectAccessible(page, 'the question before a move out of Tour Completed');
    // nothing moves before the answer; Cancel leaves both as they were
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect([await statusOf(orders[0].id), await statusOf(orders[1].id)]).toEqual(['completed', 'new']);

    await moveTo('Pending');
    await question.getByRole('button', { name: 'Move to Pending' }).click();
    await toast('2 orders moved to "Pending"').waitFor();
    await expect.poll(() => statusOf(orders[0].id)).toBe('pending');
  });
});

describe('tours and toasts', () => {
  it('a tour is named with the app date, its toast opens it, the link dialog and the unlink say what is true', async () => {
    const prefix = `E2ETOUR${Date.now()}`;
    const orders = [await createTestOrder(page, `${prefix}X`, 50)];
    await showOnly(prefix, orders);
    await row(orders[0].id).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Create tour from selected orders' }).click();
    await page.getByTestId('create-tour-menu').getByRole('button', { name: 'Create tour' }).click();

    const created = toast('Tour created');
    await created.waitFor();
    // named "<route> <day as the app writes it>": e.g. "Test walk Sun, 1 Nov 2026", never "2026-11-01"
    const text = await created.innerText();
    const [, displayId, name] = /(T-\d{6}) · (.+)/.exec(text) ?? [];
    expect(name).toMatch(/^Test walk [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // the toast's action opens the tour: its side panel, on the tours screen (not a search of the list)
    await created.getByRole('button', { name: `Open ${displayId}` }).click();
    await page.waitForURL((url) => url.pathname === '/tours' && url.searchParams.has('open'));
    const tourPanel = page.getByRole('complementary', { name: 'Tour details' });
    await expect.poll(() => tourPanel.locator('[data-field="Tour"]').textContent()).toBe(displayId);
    expect(new URL(page.url()).searchParams.get('q')).toBeNull();

    // the order is in that tour now: "Add to existing tour" does not offer it
    await showOnly(prefix, orders);
    await row(orders[0].id).click();
    await expect.poll(() => row(orders[0].id).textContent()).toContain(displayId);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add to existing tour' }).click();
    const link = page.getByTestId('linked-tour-dialog');
    await link.getByLabel('Search tours').fill(displayId);
    await link.getByRole('radiogroup', { name: 'Tours' }).waitFor();
    await expect.poll(() => link.getByRole('radio').count()).toBe(0);
    await expectAccessible(page, 'the linked-tour dialog');
    await link.getByRole('button', { name: 'Cancel' }).click();
    await link.waitFor({ state: 'detached' });

    // unlinking says so
    const panel = page.getByTestId('side-panel');
    await panel.getByRole('button', { name: `Unlink from ${displayId}` }).click();
    await toast(`${orders[0].displayId} unlinked from ${displayId}`).waitFor();
  });

  it('an edit toast says what its Undo undoes', async () => {
    const prefix = `E2EEDIT${Date.now()}`;
    const orders = [await createTestOrder(page, `${prefix}X`, 60)];
    await showOnly(prefix, orders);
    await row(orders[0].id).click();
    const time = page.getByRole('textbox', { name: 'Departure time' });
    await time.fill('09:15');
    await time.press('Enter');
    await toast('Order updated')
      .getByRole('button', { name: `Undo departure of ${orders[0].displayId}` })
      .waitFor();
  });

  it('a toast is drawn above the settings dialog, not under its backdrop', async () => {
    const kh = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
    try {
      await openSettings(kh);
      await settingsDialog(kh).getByPlaceholder('Your Team Name').fill('Cambodia Toasts');
      await settingsDialog(kh).getByRole('button', { name: 'Save' }).click();
      const shown = kh
        .locator('[data-scope="toast"][data-part="root"]')
        .filter({ hasText: 'Team name updated successfully' });
      await shown.waitFor();
      await kh.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      // what is drawn at the toast's centre is the toast itself
      const onTop = await shown.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return !!top && el.contains(top);
      });
      expect(onTop).toBe(true);
      await expectAccessible(kh, 'the settings dialog with a toast');
    } finally {
      await restoreSeed(kh);
      await kh.context().close();
    }
  });
});
