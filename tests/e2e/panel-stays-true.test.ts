import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { launchBrowser, newContext, signIn } from './browser';
import { createTestOrder, pageApi } from './page-api';

// The open side panel stays true while the rest of the screen changes its record (issue 10): a
// link made from the toolbar shows in the panel (Unlink offered) and in its Activity without
// reopening it, and an edit's Activity entry names the old and new value. "Move to" and "Create"
// are disabled exactly when they would do nothing.
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByTestId('list-scroller').waitFor();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  onTestFailed(async () => {
    const panel = page.getByTestId('side-panel');
    const shown = (await panel.count()) ? await panel.innerText() : await page.locator('body').innerText();
    console.log(`PAGE ${page.url()}\n${shown.slice(0, 1500)}`);
  });
});

const api = <T>(method: string, path: string, body?: unknown) => pageApi<T>(page, method, path, body);

/** A fresh order departing in 12 days, and a tour departing the same day. */
async function orderAndTour(tag: string) {
  const teamId = await page.evaluate(() => localStorage.getItem('teamId'));
  const order = await createTestOrder(page, `E2EPANEL${tag}`, 12);
  const departure = new Date(order.departureAt);
  const tour = await api<{ tourId: string }>('POST', '/api/v1/tours', {
    tour: { teamId, departureAt: departure.toISOString(), displayName: `Panel group ${tag}`, orderIds: [] },
  });
  expect(tour.status).toBe(200);
  const { data } = await api<{ displayId: string }>('GET', `/api/v1/tours/${tour.data.tourId}`);
  return { order, tour: { id: tour.data.tourId, displayId: data.displayId } };
}

const panel = () => page.getByTestId('side-panel');
const activity = () => page.getByTestId('event-log');

describe('the open side panel stays true', () => {
  it('disables Move to and the order actions with nothing selected', async () => {
    await page.goto(`${baseUrl}/orders?dates=all&q=NOTHING-MATCHES-${Date.now()}`);
    await page.getByRole('grid', { name: 'orders' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Move to' }).isDisabled()).toBe(true);
    await expect(page.getByRole('button', { name: 'Create', exact: true }).isDisabled()).resolves.toBe(true);
  });

  it('shows a link made from the toolbar at once: the tour, Unlink, and the Activity entry', async () => {
    const { order, tour } = await orderAndTour('L');
    await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
    const row = page.locator(`[role="row"][data-row-id="${order.id}"]`);
    await row.click();
    await panel().getByText(order.otaOrderId).waitFor();
    await expect(panel().locator('[data-field="Tour"]').textContent()).resolves.toBe('Not linked');
    await expect.poll(() => page.getByRole('button', { name: 'Move to' }).isDisabled()).toBe(false);
    await expectAccessible(page, 'the orders screen with its side panel open');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add to existing tour' }).click();
    const dialog = page.getByTestId('linked-tour-dialog');
    await dialog.getByLabel('Search tours').fill(tour.displayId);
    await dialog.getByRole('radio', { name: new RegExp(tour.displayId) }).click();
    await expectAccessible(page, 'the linked-tour dialog');
    await dialog.getByRole('button', { name: 'Link' }).click();
    await page.getByText(`1 order linked to ${tour.displayId}`).waitFor();

    // the same panel, not reopened
    await expect.poll(() => panel().locator('[data-field="Tour"]').textContent()).toBe(tour.displayId);
    await panel()
      .getByRole('button', { name: `Unlink from ${tour.displayId}` })
      .waitFor();
    await activity()
      .getByText(/ · LINK$/)
      .waitFor();
    await expect.poll(() => row.textContent()).toContain(tour.displayId);

    // and an unlink, from the panel, shows the same way
    await panel()
      .getByRole('button', { name: `Unlink from ${tour.displayId}` })
      .click();
    await expect.poll(() => panel().locator('[data-field="Tour"]').textContent()).toBe('Not linked');
    await activity()
      .getByText(/ · UNLINK$/)
      .waitFor();
  });

  it("names an edit's old and new value in the Activity", async () => {
    const { order } = await orderAndTour('E');
    await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
    await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
    const departure = page.getByRole('textbox', { name: 'Departure time' });
    await departure.waitFor();
    const before = await departure.inputValue();
    const [h, m] = before.split(':').map(Number);
    const after = `${String((h + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    await departure.fill(after);
    await departure.press('Enter');
    await activity().getByText(`Departure ${before} -> ${after}`).waitFor();
  });
});
