import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { pageApi } from './page-api';

// Filters live in the URL: they survive a reload, the back button walks through them, Reset
// returns to the defaults, and a bad value in a link is dropped with a notice. A search finds an
// order wherever it is (the range is set aside while searching); the range is picked in Chakra's
// DatePicker, with the keyboard too. Read-only: nothing here changes data that other files rely on.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Team Japan, in a browser on Tokyo time (so no timezone alert covers the screen). */
const TEAM = 'team-jp';

async function ordersPage(query = '', path = '/orders'): Promise<Page> {
  const context = await newContext(browser, { timezoneId: 'Asia/Tokyo' });
  await context.addInitScript((id) => localStorage.setItem('teamId', id), TEAM);
  const page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.goto(`${baseUrl}${path}${query}`);
  await rangeButton(page).waitFor();
  return page;
}

const rangeButton = (page: Page) => page.getByRole('button', { name: /^Date range/ });
const calendar = (page: Page) => page.getByRole('application', { name: 'Choose dates' });
const params = (page: Page) => new URL(page.url()).searchParams;
const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();
const ordersRequest = (page: Page, check: (q: URLSearchParams) => boolean) =>
  page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/v1/orders' && url.searchParams.get('teamId') === TEAM && check(url.searchParams);
  });
const search = async (page: Page, text: string) => {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await page.getByLabel('Search', { exact: true }).press('Enter');
};

interface ApiOrder {
  id: string;
  displayId: string;
  otaOrderId: string;
  departureAt: string;
  customer: { name: string; email: string };
}

/** `YYYY-MM-DD` in Tokyo, `days` after today. */
const tokyoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tokyo' });

/** An order of the team departing before the current month (or after it, if none): out of the default range. */
async function orderOutsideThisMonth(page: Page): Promise<ApiOrder> {
  const firstOfMonth = `${tokyoDay(0).slice(0, 7)}-01`;
  const before = new Date(Date.parse(`${firstOfMonth}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const list = (query: string) =>
    pageApi<{ orders: ApiOrder[] }>(page, 'GET', `/api/v1/orders?teamId=${TEAM}&limit=1&${query}`);
  const earlier = await list(`endDate=${before}&orderBy=DEPARTURE_AT_DESC`);
  if (earlier.data.orders.length > 0) return earlier.data.orders[0];
  const nextMonth = new Date(Date.parse(`${firstOfMonth}T00:00:00Z`) + 32 * 86_400_000).toISOString().slice(0, 7);
  const later = await list(`startDate=${nextMonth}-01`);
  expect(later.data.orders.length, 'team Japan has orders outside the current month').toBe(1);
  return later.data.orders[0];
}

describe('filters in the URL', () => {
  it('keep OTA, status and search over a reload; back walks through them; Reset restores defaults', async () => {
    const page = await ordersPage();
    expect(page.url()).toBe(`${baseUrl}/orders`);
    await expect.poll(() => page.getByText('Search active').count()).toBe(0);

    await page.getByLabel('OTA', { exact: true }).selectOption('KLOOK');
    await page.waitForURL(/ota=KLOOK/);
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await page.waitForURL(/status=pending/);
    // the search goes to the API as typed, with the other filters and without the dates
    const sent = ordersRequest(page, (q) => q.get('q') === 'kl-e2e-filters');
    await search(page, 'kl-e2e-filters');
    await page.waitForURL(/q=kl-e2e-filters/);
    const request = new URL((await sent).url()).searchParams;
    expect(request.get('ota')).toBe('KLOOK');
    expect(request.get('statusV2')).toBe('pending');
    expect(request.has('startDate')).toBe(false);
    await page.getByText('Search active').waitFor();

    await page.reload();
    await page.getByText('Search active').waitFor();
    expect(Object.fromEntries(params(page))).toEqual({ ota: 'KLOOK', status: 'pending', q: 'kl-e2e-filters' });
    await expect.poll(() => value(page, 'OTA')).toBe('KLOOK');
    await expect.poll(() => value(page, 'Status')).toBe('pending');
    await expect.poll(() => value(page, 'Search')).toBe('kl-e2e-filters');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect.poll(() => value(page, 'Search')).toBe('');
    await expect.poll(() => value(page, 'Status')).toBe('pending');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await expect.poll(() => value(page, 'Status')).toBe('');
    await expect.poll(() => value(page, 'OTA')).toBe('KLOOK');
    await page.goBack();
    await page.waitForURL(`${baseUrl}/orders`);
    await expect.poll(() => value(page, 'OTA')).toBe('');
    await expect.poll(() => page.getByText('Search active').count()).toBe(0);

    await page.goForward();
    await page.waitForURL(/ota=KLOOK/);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    await expect.poll(() => value(page, 'OTA')).toBe('');
    await expect.poll(() => page.getByText('Search active').count()).toBe(0);
    await page.context().close();
  });

  it('drops an invalid value from a link with a visible notice, keeping the others', async () => {
    const page = await ordersPage('?ota=NOPE&status=pending&from=2026-02-30&to=2026-03-01');
    const notice = page.getByRole('alert').filter({ hasText: 'Ignored the unknown OTA "NOPE".' });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('real days written YYYY-MM-DD');
    await expect.poll(() => value(page, 'Status')).toBe('pending');
    await expect.poll(() => value(page, 'OTA')).toBe('');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL(`${baseUrl}/orders?status=pending`);
    await page.getByRole('alert').filter({ hasText: 'Ignored' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('a link of the statistics screen lists by booking date and says so', async () => {
    const [from, to] = [tokyoDay(-40), tokyoDay(-10)];
    const context = await newContext(browser, { timezoneId: 'Asia/Tokyo' });
    await context.addInitScript((id) => localStorage.setItem('teamId', id), TEAM);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'admin@tourdesk.test');
    await page.waitForURL('**/orders/new-added');
    const sent = ordersRequest(page, (q) => q.get('dateBasis') === 'booking');
    await page.goto(`${baseUrl}/orders?from=${from}&to=${to}&basis=booking&ota=KLOOK`);
    const request = new URL((await sent).url()).searchParams;
    expect([request.get('startDate'), request.get('endDate'), request.get('ota')]).toEqual([from, to, 'KLOOK']);
    await expect.poll(() => value(page, 'Dates by')).toBe('booking');
    await expect(page.getByLabel('Dates by', { exact: true }).locator('option:checked').textContent()).resolves.toBe(
      'Booked',
    );
    await context.close();
  });
});

describe('search', () => {
  it('finds an order outside the month by the start of its OTA order id, with the range set aside', async () => {
    const page = await ordersPage();
    const order = await orderOutsideThisMonth(page);
    const label = await rangeButton(page).textContent();
    // `kl0323`-style: the first characters, lower case
    const prefix = order.otaOrderId.slice(0, 6).toLowerCase();
    const sent = ordersRequest(page, (q) => q.get('q') === prefix);
    await search(page, prefix);
    const request = new URL((await sent).url()).searchParams;
    expect(request.has('startDate') || request.has('endDate')).toBe(false);
    await page.getByRole('grid').getByText(order.otaOrderId, { exact: true }).first().waitFor();

    // the range chip says its dates are set aside, and does not open
    const aside = page.getByRole('button', { name: `Date range: ${label}, set aside: all dates while searching` });
    await expect(aside.isDisabled()).resolves.toBe(true);
    await page.getByText('all dates while searching', { exact: true }).waitFor();
    expect(Object.fromEntries(params(page))).toEqual({ q: prefix });
    await expectAccessible(page, 'orders list while searching');

    // clearing the search restores the range
    const restored = ordersRequest(page, (q) => !q.has('q') && q.has('startDate'));
    await search(page, '');
    await restored;
    await expect(rangeButton(page).getAttribute('aria-label')).resolves.toBe(`Date range: ${label}`);
    await expect(rangeButton(page).isEnabled()).resolves.toBe(true);
    await page.context().close();
  });

  it("finds orders by the customer's name, in any case", async () => {
    const page = await ordersPage();
    const order = await orderOutsideThisMonth(page);
    const name = order.customer.name.toLowerCase();
    const answered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/v1/orders' && url.searchParams.get('q') === name;
    });
    await search(page, name);
    const { orders } = (await (await answered).json()) as { orders: ApiOrder[] };
    expect(orders.map((o) => o.id)).toContain(order.id);
    for (const o of orders) expect(o.customer.name.toLowerCase()).toContain(name);
    await page.getByRole('grid').getByText(order.displayId, { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('date range picker', () => {
  it('opens from the keyboard on six weeks from Monday, picks a range with the arrow keys and Enter', async () => {
    const page = await ordersPage();
    const trigger = rangeButton(page);
    await trigger.focus();
    await page.keyboard.press('Enter');
    await calendar(page).waitFor();
    await expect(calendar(page).locator('[data-part="table-cell"]').count()).resolves.toBe(42);
    await expect(
      calendar(page).locator('[data-part="table-cell-trigger"]').first().getAttribute('aria-label'),
    ).resolves.toMatch(/Monday, \d+ \w+ \d{4}$/);
    // today is marked
    await expect(calendar(page).locator('[aria-current="date"]').count()).resolves.toBe(1);
    await expectAccessible(page, 'date range picker open');

    // the focused day moves (a frame later) with each arrow key: a day, then a week
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('data-value') ?? '');
    const moveFocus = async (key: string) => {
      const from = await focusedDay();
      await page.keyboard.press(key);
      await expect.poll(focusedDay).not.toBe(from);
      return focusedDay();
    };
    await expect.poll(focusedDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const start = await moveFocus('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByText('Pick the last day').waitFor();
    await expect.poll(focusedDay).not.toBe(start);
    const end = await moveFocus('ArrowDown');
    expect(end > start).toBe(true);
    const sent = ordersRequest(page, (q) => q.get('startDate') === start && q.get('endDate') === end);
    await page.keyboard.press('Enter');
    await sent;
    expect(Object.fromEntries(params(page))).toEqual({ from: start, to: end });
    await calendar(page).waitFor({ state: 'hidden' });
    // focus is back on the button, which names the new range
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Date range: \w{3}, \d+ \w{3} \d{4} – /);

    await page.reload();
    await expect(rangeButton(page).textContent()).resolves.not.toBe('Pick a date');
    await page.context().close();
  });

  it('Escape closes without applying and gives focus back; "Clear dates" says "Pick a date"', async () => {
    const page = await ordersPage('?from=2026-12-02&to=2026-12-03');
    await rangeButton(page).click();
    await calendar(page).waitFor();
    await calendar(page)
      .getByRole('button', { name: /10 December 2026$/ })
      .click();
    await page.getByText('Pick the last day').waitFor();
    await page.keyboard.press('Escape');
    await calendar(page).waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Date range: Wed, 2 Dec 2026 – Thu, 3 Dec 2026');
    expect(Object.fromEntries(params(page))).toEqual({ from: '2026-12-02', to: '2026-12-03' });

    await rangeButton(page).click();
    await calendar(page).getByRole('button', { name: 'Clear dates' }).click();
    await page.waitForURL(/dates=all/);
    await expect(rangeButton(page).textContent()).resolves.toBe('Pick a date');
    await page.context().close();
  });

  it("does not pretend to filter tomorrow's tours", async () => {
    const page = await ordersPage('', '/tours/tomorrow');
    await expect(rangeButton(page).isDisabled()).resolves.toBe(true);
    await expect(rangeButton(page).getAttribute('aria-label')).resolves.toMatch(/not used on tomorrow's tours$/);
    await page.context().close();
  });
});
