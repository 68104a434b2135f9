import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, newContext, signIn } from './browser';
import { createTestOrder, pageApi, type TestOrder } from './page-api';

// Order edits end to end: history saved step by step, rollback on failure, no lost update
// between two sessions. Each test creates its own order (unique OTA id) and finds it by search.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signed in on the admin's first team, in its timezone (no timezone alert in the way). */
async function signedIn(): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  onTestFailed(async () => {
    const panel = page.getByTestId('side-panel');
    const shown = (await panel.count()) ? await panel.innerText() : await page.locator('body').innerText();
    console.log(`PAGE ${page.url()}\n${shown.slice(0, 1500)}`);
  });
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByTestId('list-scroller').waitFor();
  return page;
}

/** The global dialogs may still open on a first visit: close them so that they trap no focus. */
async function dismissDialogs(page: Page): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
}

const api = <T>(page: Page, method: string, path: string, body?: unknown) => pageApi<T>(page, method, path, body);
const createOrder = (page: Page, tag: string) => createTestOrder(page, `E2EEDIT${tag}`, 10);
type CreatedOrder = TestOrder;

/** Opens the order's side panel: search it through the URL and click its row. */
async function openOrder(page: Page, order: CreatedOrder): Promise<void> {
  await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
  await page.locator(`[role="row"][data-row-id="${order.id}"]`).waitFor();
  await dismissDialogs(page);
  await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
  await page.getByTestId('side-panel').getByText(order.otaOrderId).waitFor();
  await departure(page).waitFor();
}

const departure = (page: Page) => page.getByRole('textbox', { name: 'Departure time' });

async function typeTime(page: Page, time: string): Promise<void> {
  await departure(page).fill(time);
  await departure(page).press('Enter');
}

async function savedTime(page: Page, order: CreatedOrder, timeZone: string): Promise<string> {
  const { data } = await api<{ departureAt: string }>(page, 'GET', `/api/v1/orders/${order.id}`);
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(data.departureAt),
  );
}

async function teamTimezone(page: Page): Promise<string> {
  const teamId = await page.evaluate(() => localStorage.getItem('teamId'));
  const { data } = await api<{ teams: Array<{ id: string; timezone: string }> }>(page, 'GET', '/api/v1/users/me');
  return data.teams.find((t) => t.id === teamId)?.timezone ?? 'UTC';
}

const notSaving = (page: Page) => page.getByTestId('saving').waitFor({ state: 'detached' });

describe('order edits', () => {
  it('edit, undo and redo are each saved; a reload shows the last saved state', async () => {
    const page = await signedIn();
    const order = await createOrder(page, 'H');
    const tz = await teamTimezone(page);
    await openOrder(page, order);
    const original = await departure(page).inputValue();
    expect(original).toMatch(/^\d\d:\d\d$/);

    await typeTime(page, '18:45');
    await expect(departure(page).inputValue()).resolves.toBe('18:45');
    await page.getByText('Order updated').first().waitFor();
    await notSaving(page);
    expect(await savedTime(page, order, tz)).toBe('18:45');

    await page.getByRole('button', { name: 'Undo', exact: true }).first().click();
    await expect.poll(() => departure(page).inputValue()).toBe(original);
    await notSaving(page);
    await expect.poll(() => savedTime(page, order, tz)).toBe(original);

    // redo from the keyboard (focus outside the inputs)
    await page.getByTestId('side-panel').getByText('Activity').click();
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => departure(page).inputValue()).toBe('18:45');
    await notSaving(page);
    await expect.poll(() => savedTime(page, order, tz)).toBe('18:45');

    await page.reload();
    await page.locator(`[role="row"][data-row-id="${order.id}"]`).waitFor();
    await dismissDialogs(page);
    await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
    await expect.poll(() => departure(page).inputValue()).toBe('18:45');
    await page.context().close();
  }, 120_000);

  it('an API failure rolls the screen back with Failed to update order', async () => {
    const page = await signedIn();
    const order = await createOrder(page, 'F');
    await openOrder(page, order);
    const original = await departure(page).inputValue();
    await page.route('**/api/v1/orders/batch', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":"INTERNAL","message":"Injected failure"}',
          })
        : route.continue(),
    );
    await typeTime(page, '21:10');
    await page.getByText('Failed to update order').waitFor();
    await expect.poll(() => departure(page).inputValue()).toBe(original);
    await expect(page.getByRole('button', { name: 'Undo', exact: true }).first().isDisabled()).resolves.toBe(true);
    await page.context().close();
  });

  it('two sessions editing one order end in a visible conflict and no lost edit', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const order = await createOrder(first, 'C');
    const tz = await teamTimezone(first);
    await openOrder(first, order);
    await openOrder(second, order);

    // the order departs at 10:00 team time: the first session moves it to 09:30 while the second is
    // typing 11:15 there; the second keeps what it typed, is told who changed it to what (the live
    // stream), and still holds the version it started from
    await departure(second).fill('11:15');
    await typeTime(first, '09:30');
    await notSaving(first);
    await expect.poll(() => savedTime(first, order, tz)).toBe('09:30');
    await second
      .getByTestId('edit-note')
      .getByText(/ changed Departure time to 09:30$/)
      .waitFor();
    await expect(departure(second).inputValue()).resolves.toBe('11:15');
    await departure(second).press('Enter');
    const conflict = second.getByTestId('edit-conflict');
    await conflict.getByText('This order was changed by someone else').waitFor();
    await expect.poll(() => conflict.getByTestId('conflict-fresh').textContent()).toBe('09:30');
    await expect(second.getByTestId('conflict-typed').textContent()).resolves.toBe('11:15');
    await expect(departure(second).inputValue()).resolves.toBe('11:15');
    expect(await savedTime(second, order, tz)).toBe('09:30');

    await conflict.getByRole('button', { name: 'Apply my value' }).click();
    await expect.poll(() => savedTime(second, order, tz)).toBe('11:15');
    await conflict.waitFor({ state: 'detached' });
    await expect(departure(second).inputValue()).resolves.toBe('11:15');
    await first.context().close();
    await second.context().close();
  }, 120_000);

  it('an invalid time shows one message on its field and keeps what was typed until Escape', async () => {
    const page = await signedIn();
    const order = await createOrder(page, 'V');
    const tz = await teamTimezone(page);
    await openOrder(page, order);
    const original = await departure(page).inputValue();

    // Enter, then leaving the field: the same mistake committed twice
    await typeTime(page, '25:00');
    await departure(page).press('Tab');
    const panel = page.getByTestId('side-panel');
    await panel.getByText('Invalid time: 25:00').waitFor();
    await expect(panel.getByRole('alert').allTextContents()).resolves.toEqual(['Invalid time: 25:00']);
    await expect(page.getByText('Invalid time: 25:00').count()).resolves.toBe(1); // no toast besides
    await expect(departure(page).inputValue()).resolves.toBe('25:00');
    await expect(departure(page).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await savedTime(page, order, tz)).toBe(original);

    await departure(page).press('Escape');
    await expect.poll(() => departure(page).inputValue()).toBe(original);
    await expect(panel.getByText('Invalid time: 25:00').count()).resolves.toBe(0);
    await page.context().close();
  });
});
