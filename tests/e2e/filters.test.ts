import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './browser';

// Filters live in the URL: they survive a reload, the back button walks through them,
// Reset returns to the defaults, and a bad value in a link is dropped with a notice.
// Read-only: nothing here changes data that other files rely on.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Team Japan, in a browser on Tokyo time (so no timezone alert covers the screen). */
const TEAM = 'team-jp';

async function ordersPage(query = ''): Promise<Page> {
  const context = await newContext(browser, { timezoneId: 'Asia/Tokyo' });
  await context.addInitScript((id) => localStorage.setItem('teamId', id), TEAM);
  const page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.goto(`${baseUrl}/orders${query}`);
  await page.getByRole('button', { name: 'Date range' }).waitFor();
  return page;
}

const params = (page: Page) => new URL(page.url()).searchParams;
const value = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();
const ordersRequest = (page: Page, check: (q: URLSearchParams) => boolean) =>
  page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/v1/orders' && url.searchParams.get('teamId') === TEAM && check(url.searchParams);
  });

describe('filters in the URL', () => {
  it('keep OTA, status and search over a reload; back walks through them; Reset restores defaults', async () => {
    const page = await ordersPage();
    expect(page.url()).toBe(`${baseUrl}/orders`);
    await expect.poll(() => page.getByText('Search active').count()).toBe(0);

    await page.getByLabel('OTA', { exact: true }).selectOption('KLOOK');
    await page.waitForURL(/ota=KLOOK/);
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await page.waitForURL(/status=pending/);
    // The OTA order id goes to the API upper-cased.
    const sent = ordersRequest(page, (q) => q.get('otaOrderId') === 'KL-E2E-FILTERS');
    await page.getByLabel('Search', { exact: true }).fill('kl-e2e-filters');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.waitForURL(/q=kl-e2e-filters/);
    const request = new URL((await sent).url()).searchParams;
    expect(request.get('ota')).toBe('KLOOK');
    expect(request.get('statusV2')).toBe('pending');
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

  it('picks a date range in the grid; it reaches the API and survives a reload', async () => {
    const page = await ordersPage();
    const picker = page.getByRole('button', { name: 'Date range' });
    await picker.click();
    const dialog = page.getByRole('dialog', { name: 'Choose dates' });
    await expect(dialog.locator('[data-in-month]').count()).resolves.toBe(42);
    await dialog.getByRole('button', { name: 'Previous month' }).click();
    const cells = dialog.locator('[data-in-month="true"]');
    const [day1, day10] = [await cells.nth(0).getAttribute('aria-label'), await cells.nth(9).getAttribute('aria-label')];
    const sent = ordersRequest(page, (q) => q.get('startDate') === day1 && q.get('endDate') === day10);
    // the later day first: the picker swaps them
    await cells.nth(9).click();
    await cells.nth(0).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await sent;
    expect(Object.fromEntries(params(page))).toEqual({ from: day1, to: day10 });
    const label = await picker.textContent();
    expect(label).not.toBe('Pick a date');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Date range' }).textContent()).resolves.toBe(label);

    await page.getByRole('button', { name: 'Date range' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/dates=all/);
    await expect(picker.textContent()).resolves.toBe('Pick a date');
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
});
