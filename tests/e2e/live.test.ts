import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { createTestOrder } from './page-api';

// Two operators of one team see each other's work without reloading (issue 23): the admin moves an
// order on their screen, the editor's list shows it within a second; a new order shows in the
// other's list where it belongs; the navigation says the lists are Live, readably and without an
// axe violation.
const baseUrl = inject('baseUrl');
let browser: Browser;
let admin: Page;
let editor: Page;

async function operator(email: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, email);
  await page.waitForURL('**/orders/new-added');
  await page.getByTestId('list-scroller').waitFor();
  return page;
}

const live = (page: Page) => page.getByRole('status', { name: 'Live updates: Live' });
const row = (page: Page, id: string) => page.locator(`[role="row"][data-row-id="${id}"]`);

beforeAll(async () => {
  browser = await connectBrowser();
  admin = await operator('admin@tourdesk.test');
  editor = await operator('editor@tourdesk.test');
  // both on the same team: the admin's (its first team is the editor's team too)
  const teamOf = (page: Page) => page.evaluate(() => localStorage.getItem('teamId'));
  expect(await teamOf(editor)).toBe(await teamOf(admin));
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  onTestFailed(async () => {
    for (const [who, page] of [
      ['admin', admin],
      ['editor', editor],
    ] as const)
      console.log(`${who.toUpperCase()} ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 1200)}`);
  });
});

describe('two operators, one truth', () => {
  it('shows Live in the navigation, accessibly', async () => {
    await live(admin).waitFor({ timeout: 10_000 });
    await live(editor).waitFor({ timeout: 10_000 });
    await expect(live(editor).innerText()).resolves.toBe('Live');
    await expectAccessible(editor, 'the orders screen with the live indicator');
  });

  it('a status moved by the admin shows in the editor’s list within a second, without a reload', async () => {
    const order = await createTestOrder(admin, 'E2ELIVE', 9);
    const search = `/orders?dates=all&q=${order.otaOrderId}`;
    await editor.goto(`${baseUrl}${search}`);
    await row(editor, order.id).waitFor();
    await live(editor).waitFor({ timeout: 10_000 });
    await expect(row(editor, order.id).innerText()).resolves.toContain('New Order');
    // a reload would lose this mark: the list must change in place
    await editor.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await admin.goto(`${baseUrl}${search}`);
    await row(admin, order.id).click();
    await admin.getByRole('button', { name: 'Move to' }).click();
    const moved = Date.now();
    await admin.getByRole('menuitem', { name: 'Pending' }).click();

    await expect.poll(() => row(editor, order.id).innerText(), { timeout: 1000, interval: 25 }).toContain('Pending');
    console.log(`live: the editor's list showed the move ${Date.now() - moved} ms after the admin's click`);
    await expect(
      editor.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).resolves.toBe(true);
  });

  it('an order created elsewhere joins the editor’s list where it belongs', async () => {
    const first = await createTestOrder(admin, 'E2ELIVEA', 2);
    // its day (03:00 UTC is the same date in the team's timezone)
    const day = first.departureAt.slice(0, 10);
    await editor.goto(`${baseUrl}/orders?from=${day}&to=${day}`);
    await row(editor, first.id).waitFor();
    await live(editor).waitFor({ timeout: 10_000 });
    const second = await createTestOrder(admin, 'E2ELIVEB', 2);
    await row(editor, second.id).waitFor({ timeout: 2000 });
    // both rows under that day, the page not reloaded: the first row is still the same element
    await expect(row(editor, first.id).count()).resolves.toBe(1);
  });

  it('keeps the rows in view where they are when an order joins above them', async () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await editor.goto(`${baseUrl}/orders?from=${day(1)}&to=${day(25)}`);
    const scroller = editor.getByTestId('list-scroller');
    await editor.locator('[role="row"][data-row-id]:not([data-date-header])').first().waitFor();
    await live(editor).waitFor({ timeout: 10_000 });
    await scroller.evaluate((el) => (el.scrollTop = Math.min(1500, el.scrollHeight / 2)));
    await editor.waitForTimeout(300);
    // the order rows on screen, each where it is (top below the scroller's top)
    const inView = () =>
      scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const rows = [...el.querySelectorAll<HTMLElement>('[role="row"][data-row-id]:not([data-date-header])')]
          .map((r) => ({ id: r.dataset.rowId!, top: r.getBoundingClientRect().top - box.top }))
          .sort((a, b) => a.top - b.top);
        return { rows, count: Number(el.dataset.itemCount), scrollTop: el.scrollTop };
      });
    const before = await inView();
    expect(before.scrollTop).toBeGreaterThan(0);
    // the first order row fully in view below the pinned headers: the one the operator is reading
    const reading = before.rows.find((r) => r.top >= 80)!;
    // departing tomorrow: it sorts above the rows in view
    await createTestOrder(admin, 'E2ELIVEUP', 1);
    await expect.poll(async () => (await inView()).count, { timeout: 2000 }).toBe(before.count + 1);
    await editor.waitForTimeout(200);
    const after = await inView();
    expect(after.scrollTop).toBeGreaterThan(before.scrollTop);
    // that row has not moved on screen (the list scrolled by what joined above it)
    const now = after.rows.find((r) => r.id === reading.id);
    expect(now, 'the row read before is still on screen').toBeDefined();
    expect(Math.abs(now!.top - reading.top)).toBeLessThanOrEqual(2);
  });
});
