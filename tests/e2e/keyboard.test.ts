import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { pageApi } from './page-api';

/**
 * The orders list from the keyboard alone, at 1280 x 800: a walk through five orders this file
 * creates for the Cambodia team on a day months ahead (no other test sees them), with the focus
 * row announced as the grid's active descendant.
 */
const baseUrl = inject('baseUrl');
/** The shared machine is slow: what the page shows may take seconds to settle. */
const POLL = { timeout: 15_000 };
const TEAM_ZONE = 'Asia/Phnom_Penh';
let browser: Browser;
let page: Page;
let day: string;
/** The orders, in list order (departure ascending). */
let ids: string[];

beforeAll(async () => {
  browser = await connectBrowser();
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 }, timezoneId: TEAM_ZONE });
  page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.waitForFunction(() => localStorage.getItem('AUTH'));
  const teamId = await page.evaluate(() => localStorage.getItem('teamId'));
  day = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
  const run = Date.now().toString(36);
  const { status, data } = await pageApi<{ orders: Array<{ id: string; departureAt: string }> }>(
    page,
    'POST',
    '/api/v1/orders/batch',
    {
      teamId,
      ota: 'KLOOK',
      orders: Array.from({ length: 5 }, (_, i) => ({
        otaOrderId: `KEY-${run}-${i}`,
        // midday UTC: the same day in the team's timezone (UTC+7)
        departureAt: `${day}T12:0${i}:00.000Z`,
        language: 'English',
        product: { id: 'E2E-KEYS', name: 'Keyboard walk', route: 'Kampot', pack: 'Test' },
        customer: { name: `Key Guest ${i}`, email: `key${i}@example.com` },
        quantity: { adult: 1, child: 0 },
      })),
    },
  );
  expect(status).toBe(200);
  ids = [...data.orders].sort((a, b) => a.departureAt.localeCompare(b.departureAt)).map((o) => o.id);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const grid = () => page.getByRole('grid', { name: 'orders' });
/** The id of the row the grid names as focused (`orders-row-<id>`), read from the element it points at. */
const activeRow = () =>
  page.evaluate(() => {
    const id = document.querySelector('[role=grid]')!.getAttribute('aria-activedescendant');
    const row = id ? document.getElementById(id) : null;
    return row
      ? { id: row.dataset.rowId, role: row.getAttribute('role'), focused: row.hasAttribute('data-focused') }
      : null;
  });
const selectedIds = () =>
  page.$$eval('[role=grid] [data-row-id][aria-selected="true"]:not([data-date-header])', (els) =>
    els.map((el) => (el as HTMLElement).dataset.rowId!),
  );
const panel = () => page.getByTestId('side-panel');

describe('the keyboard on the orders list', () => {
  it('moves, extends, selects all, opens and closes, every focus row announced', async () => {
    await page.goto(`${baseUrl}/orders/new-added?from=${day}&to=${day}`);
    await page.locator(`[data-row-id="${ids[4]}"]`).waitFor();
    await grid().focus();

    await page.keyboard.press('End');
    await expect.poll(activeRow, POLL).toEqual({ id: ids[4], role: 'row', focused: true });
    await page.keyboard.press('Home');
    // the first row is the day's header
    await expect.poll(activeRow, POLL).toEqual({ id: day, role: 'row', focused: true });
    await page.keyboard.press('ArrowDown');
    await expect.poll(activeRow, POLL).toEqual({ id: ids[0], role: 'row', focused: true });

    await page.keyboard.press('Enter');
    await panel().getByText(`KEY-`, { exact: false }).first().waitFor();
    expect(await selectedIds()).toEqual([]);

    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(selectedIds, POLL).toEqual(ids.slice(0, 3));
    await expect.poll(activeRow, POLL).toEqual({ id: ids[2], role: 'row', focused: true });
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(selectedIds, POLL).toEqual(ids.slice(0, 2));

    await page.keyboard.press('PageDown');
    await expect.poll(activeRow, POLL).toEqual({ id: ids[4], role: 'row', focused: true });
    await page.keyboard.press('Space');
    await expect.poll(selectedIds, POLL).toEqual([ids[0], ids[1], ids[4]]);

    await page.keyboard.press('ControlOrMeta+A');
    await expect.poll(selectedIds, POLL).toEqual(ids);
    await expect.poll(() => page.getByTestId('selection-count').innerText(), POLL).toBe('5 selected');
    await expectAccessible(page, 'the orders list from the keyboard, all selected, the panel open');

    // Escape clears the selection first, then closes the panel
    await page.keyboard.press('Escape');
    await expect.poll(selectedIds, POLL).toEqual([]);
    expect(await panel().count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().count(), POLL).toBe(0);
    // the grid kept the focus all along
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
  });
});
