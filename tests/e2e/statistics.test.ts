import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, signedInOnTeam } from './browser';
import { createTestOrder, pageApi } from './page-api';

// The statistics screen in Chromium against the real app, in the Vietnam team (UTC+7): the month
// and its figures render, a bar opens the orders list with as many orders as the bar counts, each
// chart's table links the same way, and axe finds nothing critical or serious.
const baseUrl = inject('baseUrl');
const TEAM = 'team-vn';
const TZ = 'Asia/Ho_Chi_Minh';
let browser: Browser;
let page: Page;

interface Channel {
  ota: string;
  name: string;
  monthlyTotal: number;
  dailyOrders: number[];
}
interface Statistics {
  days: string[];
  channels: Channel[];
  totalOrders: number;
}

/** Today in the team's timezone, `YYYY-MM-DD`. */
const todayInTeam = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const monthTitle = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

async function statistics(month: string, basis = 'departure'): Promise<Statistics> {
  const q = new URLSearchParams({ teamId: TEAM, startDate: `${month}-01`, endDate: lastDay(month), dateBasis: basis });
  const { status, data } = await pageApi<Statistics>(page, 'GET', `/api/v1/orders/statistics?${q}`);
  expect(status).toBe(200);
  return data;
}

/** The orders list once loaded to its end: how many orders it holds. */
async function listedOrders(): Promise<number> {
  const scroller = page.getByTestId('list-scroller');
  await expect
    .poll(async () => [await scroller.getAttribute('aria-busy'), await scroller.getAttribute('aria-rowcount')])
    .not.toContain('true');
  await expect.poll(() => scroller.getAttribute('aria-rowcount')).not.toBe('-1');
  return Number(await scroller.getAttribute('data-item-count'));
}

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInOnTeam(browser, baseUrl, { id: TEAM, name: 'Vietnam', timezone: TZ });
});

afterAll(async () => {
  await browser?.close();
});

describe('the statistics screen', () => {
  const today = todayInTeam();
  const month = today.slice(0, 7);

  it('renders the month, a bar opens the orders behind it, as many as the bar counts', async () => {
    // three KLOOK orders departing in this month (03:00 UTC is 10:00 in Vietnam: the same day)
    const utcToday = new Date().toISOString().slice(0, 10);
    const days = utcToday.slice(0, 7) === month ? 0 : 1;
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createTestOrder(page, `STAT${i}`, days));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(created[0].departureAt));
    expect(day.slice(0, 7)).toBe(month);

    const stats = await statistics(month);
    const klook = stats.channels.find((c) => c.ota === 'KLOOK')!;
    const figure = klook.dailyOrders[stats.days.indexOf(day)];
    expect(figure).toBeGreaterThanOrEqual(3);

    await page.goto(`${baseUrl}/statistics`);
    await page.getByRole('heading', { name: monthTitle(today) }).waitFor();
    const orders = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Orders', exact: true }) });
    await expect.poll(() => orders.textContent()).toContain(stats.totalOrders.toLocaleString('en-US'));
    await expectAccessible(page, 'the statistics of this month');

    await page.locator(`g[data-ota="KLOOK"][data-day="${day}"]`).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    expect(new URL(page.url()).search).toBe(`?from=${day}&to=${day}&ota=KLOOK`);
    expect(await listedOrders()).toBe(figure);
  });

  it("shows each chart as a table whose figures link to the same orders; a channel's link counts right", async () => {
    const stats = await statistics(month);
    await page.goto(`${baseUrl}/statistics`);
    const daily = page.getByRole('region', { name: 'Daily orders by channel' });
    await daily.getByRole('button', { name: 'Show as table' }).click();
    await daily.getByRole('table').waitFor();
    const share = page.getByRole('region', { name: 'Channel share' });
    await share.getByRole('button', { name: 'Show as table' }).click();
    await expectAccessible(page, 'the statistics with two tables open');

    const viator = stats.channels.find((c) => c.ota === 'VIATOR')!;
    await share
      .getByRole('table')
      .getByRole('link', { name: `${viator.monthlyTotal} Viator orders` })
      .click();
    await page.waitForURL((url) => url.pathname === '/orders');
    expect(new URL(page.url()).search).toBe(`?from=${month}-01&to=${lastDay(month)}&ota=VIATOR`);
    expect(await listedOrders()).toBe(viator.monthlyTotal);
  });

  it('switches to booking dates and steps through months through the URL', async () => {
    await page.goto(`${baseUrl}/statistics`);
    await page.getByRole('heading', { name: monthTitle(today) }).waitFor();
    await page.getByText('Booking date', { exact: true }).click();
    await page.waitForURL((url) => url.search === '?basis=booking');
    await page.getByRole('button', { name: 'Previous month' }).click();
    const [y, m] = month.split('-').map(Number);
    const before = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    await page.waitForURL((url) => url.search === `?month=${before}&basis=booking`);
    await page.getByRole('heading', { name: monthTitle(`${before}-01`) }).waitFor();
    const stats = await statistics(before, 'booking');
    const orders = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Orders', exact: true }) });
    await expect.poll(() => orders.textContent()).toContain(stats.totalOrders.toLocaleString('en-US'));
    await page.goBack();
    await page.getByRole('heading', { name: monthTitle(today) }).waitFor();
  });

  it("shows 'Failed to fetch order counts' with a Retry when the figures cannot be fetched", async () => {
    const statisticsCall = (url: URL) => url.pathname === '/api/v1/orders/statistics';
    await page.route(statisticsCall, (route) => route.abort());
    await page.goto(`${baseUrl}/statistics`);
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    // in the page, and as the catalogue's toast
    await expect.poll(() => page.getByText('Failed to fetch order counts').count()).toBe(2);
    await expectAccessible(page, 'the statistics that failed to load');
    await page.unroute(statisticsCall);
    await retry.click();
    await page.getByRole('list', { name: 'Key figures' }).waitFor();
    expect(await retry.count()).toBe(0);
  });
});
