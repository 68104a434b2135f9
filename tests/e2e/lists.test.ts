import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './browser';

// The order and tour lists in Chromium against the real app: paging on scroll, date headers with
// the server's day counts, and the navigation totals. Read-only, in the Cambodia team.
const baseUrl = inject('baseUrl');
const TEAM = 'team-kh';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in straight into our team, in its timezone (so no timezone alert covers the screen). */
async function signedInto(path: string): Promise<Page> {
  const page = await (await newContext(browser, { timezoneId: 'Asia/Phnom_Penh' })).newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.evaluate((team) => localStorage.setItem('teamId', team), TEAM);
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  if (path !== '/orders/new-added') await page.goto(`${baseUrl}${path}`);
  await page.getByRole('button', { name: 'Switch team' }).getByText('Cambodia').waitFor();
  return page;
}

/** GET an API path with the page's own token. */
function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem('AUTH')}` } });
    return res.json();
  }, path);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const scroller = (page: Page) => page.getByTestId('list-scroller');
const itemCount = async (page: Page) => Number(await scroller(page).getAttribute('data-item-count'));
const renderedIds = (page: Page) =>
  page.$$eval('[data-testid="list-scroller"] [data-row-id]', (rows) => rows.map((r) => r.getAttribute('data-row-id')!));

/** Scrolls to the bottom until every page is loaded; checks each rendered window on the way. */
async function scrollThrough(page: Page): Promise<{ seen: string[]; maxElements: number }> {
  const seen: string[] = [];
  let maxElements = 0;
  for (let i = 0; i < 200; i++) {
    const ids = await renderedIds(page);
    expect(new Set(ids).size, 'a row id shows twice').toBe(ids.length);
    for (const id of ids) if (!seen.includes(id)) seen.push(id);
    maxElements = Math.max(maxElements, await page.evaluate(() => document.getElementsByTagName('*').length));
    if ((await page.getByRole('grid').getAttribute('aria-rowcount')) !== '-1') {
      const atBottom = await scroller(page).evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
      if (atBottom) break;
    }
    await scroller(page).evaluate((el) => el.scrollBy(0, el.clientHeight));
    await page.waitForTimeout(120);
  }
  return { seen, maxElements };
}

describe('the orders list', () => {
  it('loads the next page on scroll, without duplicate or skipped rows, in a small DOM', async () => {
    // every order of the seed (now ± 60 days): more than one page of the team's few hundred
    const page = await signedInto(`/orders?from=${day(-70)}&to=${day(70)}`);
    await page.locator('[data-row-id]').first().waitFor();
    const first = await itemCount(page);
    expect(first).toBe(200); // PAGE_SIZE of src/api/services/lists.ts
    const { seen, maxElements } = await scrollThrough(page);
    const loaded = await itemCount(page);
    expect(loaded).toBeGreaterThan(first);
    // every loaded order was rendered once on the way down (headers are the YYYY-MM-DD ids)
    const orderIds = seen.filter((id) => !/^\d{4}-\d{2}-\d{2}$/.test(id));
    expect(orderIds).toHaveLength(loaded);
    expect(maxElements).toBeLessThan(3000);
    await page.context().close();
  });

  it("shows date headers with the day's order count", async () => {
    const page = await signedInto('/orders');
    const header = page.locator('[data-date-header]').first();
    await header.waitFor();
    const date = (await header.getAttribute('data-date-header'))!;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const shown = Number(await header.locator('[data-day-count]').getAttribute('data-day-count'));
    const daily = await api<{ counts: Array<{ date: string; total: number }> }>(
      page,
      `/api/v1/orders/count/daily?teamId=${TEAM}&startDate=${date}&endDate=${date}`,
    );
    expect(shown).toBe(daily.counts[0].total);
    expect(await header.textContent()).toContain(`${shown} order`);
    await page.context().close();
  });

  it('moves the focus row with the arrow keys and scrolls it into view', async () => {
    const page = await signedInto('/orders');
    await page.locator('[data-row-id]').first().waitFor();
    await scroller(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const focused = page.locator('[data-row-id][data-focused]');
    await focused.first().waitFor({ timeout: 5000 });
    await page.context().close();
  });
});

describe('the tours list', () => {
  it('lists tours under date headers, every loaded tour rendered once on the way down', async () => {
    const page = await signedInto('/tours');
    await page.locator('[data-date-header]').first().waitFor();
    const { seen } = await scrollThrough(page);
    const tourIds = seen.filter((id) => !/^\d{4}-\d{2}-\d{2}$/.test(id));
    expect(tourIds.length).toBe(await itemCount(page));
    expect(tourIds.length).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('the navigation', () => {
  it('shows the total of every order and tour view', async () => {
    const page = await signedInto('/orders/pending');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('[data-nav-total="/orders/pending"]').waitFor();
    for (const [path, query] of [
      ['/orders', `/api/v1/orders/count/total?teamId=${TEAM}`],
      ['/orders/pending', `/api/v1/orders/count/total?teamId=${TEAM}&view=pending`],
      ['/tours/grouped', `/api/v1/tours/count/total?teamId=${TEAM}&view=grouped`],
    ] as const) {
      const { total } = await api<{ total: number }>(page, query);
      const shown = await nav.locator(`[data-nav-total="${path}"]`).textContent();
      expect(Number(shown!.replace(/,/g, '')), path).toBe(total);
    }
    await page.context().close();
  });
});
