import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, newContext, signIn } from './browser';
import { createTestOrder, pageApi } from './page-api';

// Issue 24, point 1: the navigation's totals and links follow the scope of the orders list while
// that list is on screen; anywhere else they count the default month, and no link carries a
// search. Seen as a user sees it, by clicking, in the Cambodia team (one page for every check).
const baseUrl = inject('baseUrl');
const TEAM = 'team-kh';
const TZ = 'Asia/Phnom_Penh';
/** The shared machine is slow: what the page shows may take seconds to settle. */
const POLL = { timeout: 15_000 };
let browser: Browser;
let page: Page;

const nav = () => page.getByRole('navigation', { name: 'Main' });
const shown = async (path: string) =>
  Number((await nav().locator(`[data-nav-total="${path}"]`).innerText()).replace(/,/g, ''));
const href = (name: string) => nav().getByRole('link', { name, exact: true }).getAttribute('href');

/** The default month of the team, as the count endpoint takes it. */
function monthQuery(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  const [y, m] = today.split('-').map(Number);
  const mm = String(m).padStart(2, '0');
  return `startDate=${y}-${mm}-01&endDate=${y}-${mm}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}`;
}

async function countTotal(query: string): Promise<number> {
  const { status, data } = await pageApi<{ total: number }>(page, 'GET', `/api/v1/orders/count/total?${query}`);
  expect(status).toBe(200);
  return data.total;
}

/** What the navigation shows for all orders and the new ones when no list scopes it. */
async function defaults() {
  return {
    all: await countTotal(`teamId=${TEAM}&${monthQuery()}`),
    added: await countTotal(`teamId=${TEAM}&view=new-added&${monthQuery()}`),
  };
}

/** Off the list (Products): the default month's totals, and plain links. */
async function expectDefaultScope(expected: { all: number; added: number }) {
  await expect.poll(() => shown('/orders'), POLL).toBe(expected.all);
  await expect.poll(() => shown('/orders/new-added'), POLL).toBe(expected.added);
  expect(await href('New orders')).toBe('/orders/new-added');
  expect(await href('Orders')).toBe('/orders');
}

beforeAll(async () => {
  browser = await connectBrowser();
  page = await (await newContext(browser, { timezoneId: TZ })).newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.evaluate((team) => localStorage.setItem('teamId', team), TEAM);
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByRole('button', { name: 'Switch team' }).getByText('Cambodia').waitFor();
});

afterAll(async () => {
  await browser?.close();
});

describe('the navigation tells the truth everywhere', () => {
  it('a search counts while its list is on screen; on Products the totals are the default month, no link searches', async () => {
    const order = await createTestOrder(page, 'NAVTRUTH', 0);
    const month = await defaults();
    expect(month.all).toBeGreaterThan(1);

    await nav().getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await expect.poll(() => shown('/orders'), POLL).toBe(month.all);
    const search = page.getByRole('search', { name: 'Filters' }).getByLabel('Search');
    await search.fill(order.otaOrderId);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === order.otaOrderId);
    // the list on screen is searched: the totals count that search...
    await expect.poll(() => shown('/orders'), POLL).toBe(1);
    // ...but a link opens its view without it
    expect(await href('New orders')).toBe('/orders/new-added');

    await nav().getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/products');
    await expectDefaultScope(month);
  });

  it('a click-through from Statistics counts its channel on the list, and the default month after it', async () => {
    const month = await defaults();
    await nav().getByRole('link', { name: 'Statistics', exact: true }).click();
    const share = page.getByRole('region', { name: 'Channel share' });
    await share.getByRole('button', { name: 'Show as table' }).click();
    const links = share.getByRole('table').getByRole('link');
    await links.first().waitFor();
    // the channel with the fewest orders this month: its list counts fewer than the month
    const figures = await links.evaluateAll((as) =>
      as.map((a) => Number.parseInt((a.textContent ?? '').replace(/,/g, ''), 10)),
    );
    const fewest = figures.indexOf(Math.min(...figures));
    expect(figures[fewest]).toBeLessThan(month.all);
    await links.nth(fewest).click();
    await page.waitForURL((url) => url.pathname === '/orders' && url.searchParams.has('ota'));
    await expect.poll(() => shown('/orders'), POLL).toBe(figures[fewest]);
    const ota = new URL(page.url()).searchParams.get('ota');
    // on the list, its links carry its channel (what their totals count)
    expect(await href('New orders')).toContain(`ota=${ota}`);

    await nav().getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/products');
    await expectDefaultScope(month);
  });
});

describe('a 401 always says so (issue 24, point 14)', () => {
  it('a page opened after a 401 signed the session out lands on the signed-out notice too', async () => {
    // the token expires: the next call answers 401 and the session signs out with the notice
    await page.route('**/api/v1/**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"error":"UNAUTHORIZED","message":"Expired"}',
      }),
    );
    await nav().getByRole('link', { name: 'Orders', exact: true }).click();
    await page.waitForURL('**/auth/login?unauthorized=1');
    await page.getByText(/signed out/i).waitFor();
    // a page load of a private page now (as a reload racing that sign-out would): the same notice
    await page.goto(`${baseUrl}/orders/pending`);
    await page.waitForURL('**/auth/login?unauthorized=1');
    await page.getByText(/signed out/i).waitFor();
    await page.unroute('**/api/v1/**');
  });
});
