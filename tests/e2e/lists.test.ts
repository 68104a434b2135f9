import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';

// The order and tour lists in Chromium against the real app: paging on scroll, date headers with
// the server's day counts, and the navigation totals. Read-only, in the Cambodia team.
const baseUrl = inject('baseUrl');
/** The shared machine is slow: what the page shows may take seconds to settle. */
const POLL = { timeout: 15_000 };
const TEAM = 'team-kh';
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
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

/** `total` of a count endpoint. */
const total = async (page: Page, path: string) => (await api<{ total: number }>(page, path)).total;

/** This month of the team (Cambodia, UTC+7) as the list's default range: `startDate=..&endDate=..`. */
async function monthRange(page: Page): Promise<string> {
  return page.evaluate(() => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date());
    const [y, m] = today.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const mm = String(m).padStart(2, '0');
    return `startDate=${y}-${mm}-01&endDate=${y}-${mm}-${last}`;
  });
}

/** The column headers' row above the rows (HEAD_HEIGHT of src/ui/lists/list-rows.tsx). */
const COLUMN_HEADS = 32;
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

describe('the layout at 1280 x 800 with the panel open', () => {
  it('drops low-priority columns instead of cutting ids, keeps the day header pinned, and passes axe', async () => {
    const page = await signedInto('/orders');
    await page.setViewportSize({ width: 1280, height: 800 });
    // the first order (row 2 is the first day's header)
    const first = page.locator('[role=row][aria-rowindex="3"]');
    await first.click();
    await page.getByTestId('side-panel').waitFor();
    const shot = join(tmpdir(), 'tourdesk-orders-1280x800-panel.png');
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);

    // every column shown has its whole text: headers on one line, ids, times and statuses uncut
    const cells = await page.evaluate(() => {
      const grid = document.querySelector('[role=grid]')!;
      const shown = (el: Element) => getComputedStyle(el).display !== 'none';
      const heads = [...grid.querySelectorAll('[role=columnheader]')].filter(shown).map((el) => ({
        text: el.textContent,
        cut: el.scrollWidth > el.clientWidth,
        height: el.getBoundingClientRect().height,
      }));
      const whole = ['order', 'ota', 'otaOrder', 'time', 'qty', 'status', 'tour'];
      const cut = whole.flatMap((key) =>
        [...grid.querySelectorAll(`[role=row]:not([data-date-header]) .col-${key}`)]
          .filter((el) => shown(el) && el.scrollWidth > el.clientWidth)
          .map((el) => `${key}: ${el.textContent}`),
      );
      const product = grid.querySelector('[role=row][data-row-id]:not([data-date-header]) .col-product')!;
      return { heads, cut, productWidth: product.getBoundingClientRect().width };
    });
    expect(cells.heads.map((h) => h.text)).toEqual(
      expect.arrayContaining(['Order', 'OTA order', 'Time', 'Product', 'Status']),
    );
    expect(cells.heads.filter((h) => h.cut || h.height > 24)).toEqual([]);
    expect(cells.cut).toEqual([]);
    expect(cells.productWidth).toBeGreaterThanOrEqual(144);
    await expectAccessible(page, 'the orders list at 1280 x 800 with the panel open');

    // scrolled into a day: its header stays pinned under the column headers
    await scroller(page).evaluate((el) => el.scrollBy(0, 300));
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const grid = document.querySelector('[role=grid]')!.getBoundingClientRect();
            const pinned = document.querySelector('[data-sticky]');
            if (!pinned) return 'no pinned header';
            const box = pinned.getBoundingClientRect();
            const index = (el: Element) => Number(el.getAttribute('aria-rowindex'));
            // the row right under the pinned header belongs to its day: no other day's header comes between
            const under = document.elementFromPoint(box.left + 20, box.bottom + 2)!.closest('[role=row]')!;
            const between = [...document.querySelectorAll('[data-date-header]')].filter(
              (h) => index(h) > index(pinned) && index(h) < index(under),
            );
            return `${Math.round(box.top - grid.top)} ${index(pinned) < index(under) && between.length === 0}`;
          }),
        POLL,
      )
      .toBe(`${COLUMN_HEADS} true`);
    await page.context().close();
  });
});

describe('counts', () => {
  it("the toolbar's count equals the rows of a small filtered month and the server's count", async () => {
    const page = await signedInto('/orders/new-added');
    // the OTA with the fewest (but some) orders this month: one page, all of it loaded
    const month = await monthRange(page);
    const totals = await Promise.all(
      ['KLOOK', 'KKDAY', 'VIATOR', 'MPG'].map(async (ota) => ({
        ota,
        total: await total(page, `/api/v1/orders/count/total?teamId=${TEAM}&view=new-added&${month}&ota=${ota}`),
      })),
    );
    const small = totals.filter((t) => t.total > 0).sort((a, b) => a.total - b.total)[0];
    expect(small.total).toBeLessThan(200);
    await page.goto(`${baseUrl}/orders/new-added?ota=${small.ota}`);
    await expect
      .poll(() => page.getByTestId('list-count').innerText(), POLL)
      .toBe(`${small.total} order${small.total === 1 ? '' : 's'}`);
    await expect.poll(() => itemCount(page), POLL).toBe(small.total);
    expect(await page.getByRole('grid').getAttribute('aria-rowcount')).not.toBe('-1');
    await page.context().close();
  });

  it('a failed list shows a skeleton, then the failure with Retry (never "No orders"), and Retry loads it', async () => {
    const page = await signedInto('/products');
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/v1/orders',
      async (route) => {
        if (!failing) return route.continue();
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'down for the test' } });
      },
    );
    await page.goto(`${baseUrl}/orders`);
    await page.getByTestId('list-skeleton').waitFor();
    expect(await page.getByRole('grid').getAttribute('aria-busy')).toBe('true');
    const error = page.getByTestId('list-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('The orders could not be loaded.');
    expect(await page.getByText('No orders', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'the orders list, failed');

    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-row-id]').first().waitFor();
    expect(await error.count()).toBe(0);
    await page.context().close();
  });
});

describe('the navigation', () => {
  it("shows each view's total under the list's range and filters, and its links keep them", async () => {
    const near = [day(0), day(6)] as const;
    const wide = [day(-60), day(60)] as const;
    const page = await signedInto(`/orders/pending?from=${near[0]}&to=${near[1]}`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const shown = async (path: string) =>
      Number((await nav.locator(`[data-nav-total="${path}"]`).innerText()).replace(/,/g, ''));
    const views = [
      ['/orders', `/api/v1/orders/count/total?teamId=${TEAM}`],
      ['/orders/new-added', `/api/v1/orders/count/total?teamId=${TEAM}&view=new-added`],
      ['/orders/pending', `/api/v1/orders/count/total?teamId=${TEAM}&view=pending`],
      ['/tours/grouped', `/api/v1/tours/count/total?teamId=${TEAM}&view=grouped`],
    ] as const;
    const seen: Record<string, number[]> = {};
    for (const [from, to] of [near, wide]) {
      await page.goto(`${baseUrl}/orders/pending?from=${from}&to=${to}`);
      for (const [path, query] of views) {
        const expected = await total(page, `${query}&startDate=${from}&endDate=${to}`);
        await expect.poll(() => shown(path), { ...POLL, message: path }).toBe(expected);
        (seen[path] ??= []).push(expected);
      }
      const href = await nav.getByRole('link', { name: 'New orders' }).getAttribute('href');
      expect(href).toBe(`/orders/new-added?from=${from}&to=${to}`);
    }
    // a wider range counts more: the totals follow it
    expect(seen['/orders'][1]).toBeGreaterThan(seen['/orders'][0]);

    // the list's own filters count too; a link opens the list its total counts
    await page.goto(`${baseUrl}/orders/pending?from=${wide[0]}&to=${wide[1]}&ota=KLOOK`);
    const klook = await total(
      page,
      `/api/v1/orders/count/total?teamId=${TEAM}&view=new-added&startDate=${wide[0]}&endDate=${wide[1]}&ota=KLOOK`,
    );
    await expect.poll(() => shown('/orders/new-added'), POLL).toBe(klook);
    await nav.getByRole('link', { name: 'New orders' }).click();
    await page.waitForURL(`**/orders/new-added?from=${wide[0]}&to=${wide[1]}&ota=KLOOK`);
    await expect
      .poll(() => page.getByTestId('list-count').innerText(), POLL)
      .toBe(`${klook.toLocaleString('en-US')} orders`);
    await page.context().close();
  });
});
