import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { formatDateTime } from '../../src/domain/format';
import { createTestOrder, pageApi } from './page-api';

// The open side panel stays true while the rest of the screen changes its record (issue 10): a
// link made from the toolbar shows in the panel (Unlink offered) and in its Activity without
// reopening it, and an edit's Activity entry names the old and new value. "Move to" and "Create"
// are disabled exactly when they would do nothing. It shows the customer (e-mail with copy), the
// booking date and money as people write it; a comment that fails to save is not lost (issue 11).
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

  it('shows the customer, the e-mail with a copy button, the booking date and money in its currency', async () => {
    const teamId = await page.evaluate(() => localStorage.getItem('teamId'));
    const otaOrderId = `E2EPANELM${Date.now()}`;
    const created = await api<{ orders: Array<{ id: string; bookedAt: string }> }>('POST', '/api/v1/orders/batch', {
      teamId,
      ota: 'KLOOK',
      orders: [
        {
          otaOrderId,
          departureAt: new Date(Date.now() + 12 * 86_400_000).toISOString(),
          bookedAt: '2026-01-05T02:04:00.000Z',
          language: 'English',
          product: { id: 'e2e-panel-money', route: 'Mekong cruise' },
          customer: { name: 'Nguyễn Thị Lan', email: 'lan.nguyen@example.test' },
          quantity: { adult: 1, child: 1 },
          prices: [
            { type: 'ADULT', amount: 1450000, currency: 'VND' },
            { type: 'CHILD', amount: 45, currency: 'USD' },
          ],
        },
      ],
    });
    expect(created.status).toBe(200);
    const [order] = created.data.orders;
    const { data: me } = await api<{ teams: Array<{ id: string; timezone: string }> }>('GET', '/api/v1/users/me');
    const timezone = me.teams.find((t) => t.id === teamId)!.timezone;

    await page.goto(`${baseUrl}/orders?dates=all&q=${otaOrderId}`);
    await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
    await panel().getByText(otaOrderId).waitFor();
    const field = (name: string) => panel().locator(`[data-field="${name}"]`).textContent();
    await expect(field('Customer')).resolves.toBe('Nguyễn Thị Lan');
    await expect(field('E-mail')).resolves.toBe('lan.nguyen@example.test');
    await expect(field('Booked')).resolves.toBe(formatDateTime(order.bookedAt, timezone));
    await expect(field('Booked')).resolves.toMatch(/^\d{1,2} Jan 2026 \d\d:04$/);
    await expect(field('Prices')).resolves.toBe('Adult 1.450.000\u00a0₫, Child US$45.00');

    await panel().getByRole('button', { name: 'Copy e-mail' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('lan.nguyen@example.test');
    await expectAccessible(page, 'the order panel with its customer');
  });

  it('keeps a comment that failed to save, says so, and sends it with Ctrl+Enter once the server answers', async () => {
    const order = await createTestOrder(page, 'E2EPANELK', 12);
    await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
    await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
    await panel().getByText(order.otaOrderId).waitFor();
    const box = panel().getByRole('textbox', { name: 'Comment' });
    const failing = `**/api/v1/orders/${order.id}/comments`;
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"INTERNAL","message":"Injected"}',
      }),
    );
    await box.fill('Pick-up moved to the hotel lobby');
    await box.press('Control+Enter');
    await page.getByText('The comment could not be saved').waitFor();
    await expect(box.inputValue()).resolves.toBe('Pick-up moved to the hotel lobby');
    await expect(activity().getByText('Pick-up moved to the hotel lobby').count()).resolves.toBe(0);

    await page.unroute(failing);
    await box.press('Control+Enter');
    await activity().getByText('Pick-up moved to the hotel lobby').waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
  });
});
