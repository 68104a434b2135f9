import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, newContext, signIn } from './browser';

/**
 * Selection and bulk status in the real app, on orders this file creates for the Cambodia team
 * on days months ahead (beyond the demo data), so no other browser test sees or touches them.
 */
const baseUrl = inject('baseUrl');
const SCROLLER = '[data-testid="list-scroller"]';
let browser: Browser;
let token: string;
let team: { id: string; timezone: string };
/** This file's orders by day (`YYYY-MM-DD`), in list order (departure ascending). */
const byDay = new Map<string, string[]>();
/** Two following days to select on (four orders, then two), and a day to move (three orders). */
let pair: [string, string];
let moveDay: string;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const dayIn = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Signs in as the admin; once the team is known, with the Cambodia team saved and the browser in
 * its timezone (so the timezone alert stays closed).
 */
async function signedIn(): Promise<Page> {
  const context = await newContext(browser, team ? { timezoneId: team.timezone } : {});
  if (team) await context.addInitScript((id) => localStorage.setItem('teamId', id), team.id);
  const page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.waitForFunction(() => localStorage.getItem('AUTH'));
  return page;
}

/** Opens the team's new orders for a range of days and waits for its rows. */
async function openDays(page: Page, from: string, to: string, firstId: string): Promise<void> {
  await page.goto(`${baseUrl}/orders/new-added?from=${from}&to=${to}`);
  await page.locator(`${SCROLLER} [data-row-id="${firstId}"]`).waitFor();
}

const row = (page: Page, id: string) => page.locator(`${SCROLLER} [data-row-id="${id}"]`);
async function selectedIds(page: Page): Promise<string[]> {
  return page.$$eval(`${SCROLLER} [data-row-id][aria-selected="true"]:not([data-date-header])`, (els) =>
    els.map((el) => (el as HTMLElement).dataset.rowId!).sort(),
  );
}
async function navTotal(page: Page, to: string): Promise<number> {
  const text = await page.locator(`[data-nav-total="${to}"]`).innerText();
  return Number(text.replace(/,/g, ''));
}

beforeAll(async () => {
  browser = await connectBrowser();
  const page = await signedIn();
  token = (await page.evaluate(() => localStorage.getItem('AUTH')))!;
  await page.context().close();
  const me = await api<{ teams: Array<{ id: string; code: string; timezone: string }> }>('/api/v1/users/me');
  team = me.teams.find((t) => t.code === 'KH')!;

  const today = dayIn(new Date().toISOString(), team.timezone);
  pair = [plusDays(today, 121), plusDays(today, 122)];
  moveDay = plusDays(today, 127);
  const run = Date.now().toString(36);
  const plan: Array<[string, number]> = [
    [pair[0], 4],
    [pair[1], 2],
    [moveDay, 3],
  ];
  const orders = plan.flatMap(([day, n]) =>
    Array.from({ length: n }, (_, i) => ({
      otaOrderId: `SEL-${run}-${day}-${i}`,
      // midday UTC is the same day in the team's timezone (UTC+7)
      departureAt: `${day}T12:0${i}:00.000Z`,
      language: 'English',
      product: { id: 'E2E-SELECTION', name: 'Selection walk', route: 'Siem Reap', pack: 'Test' },
      customer: { name: `Guest ${i}`, email: `guest${i}@example.com` },
      quantity: { adult: 1, child: 0 },
    })),
  );
  const created = await api<{ orders: Array<{ id: string; departureAt: string }> }>('/api/v1/orders/batch', {
    method: 'POST',
    body: JSON.stringify({ teamId: team.id, ota: 'KLOOK', orders }),
  });
  const sorted = [...created.orders].sort((a, b) => a.departureAt.localeCompare(b.departureAt));
  for (const o of sorted) {
    const day = dayIn(o.departureAt, team.timezone);
    byDay.set(day, [...(byDay.get(day) ?? []), o.id]);
  }
  expect(plan.map(([day]) => byDay.get(day)?.length)).toEqual(plan.map(([, n]) => n));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('selection', () => {
  it('a date header selects every order of its day, and a second click deselects them', async () => {
    const page = await signedIn();
    const [day, next] = pair;
    const dayIds = byDay.get(day)!;
    await openDays(page, day, next, dayIds[0]);

    const header = page.locator(`${SCROLLER} [data-date-header="${day}"]`);
    await header.click();
    await expect.poll(() => selectedIds(page)).toEqual([...dayIds].sort());
    await expect.poll(() => header.getAttribute('aria-selected')).toBe('true');
    await expect(page.getByTestId('selection-count').innerText()).resolves.toBe(`${dayIds.length} selected`);
    // the next day is untouched
    await expect(page.locator(`${SCROLLER} [data-date-header="${next}"]`).getAttribute('aria-selected')).resolves.toBe(
      'false',
    );

    await header.click();
    await expect.poll(() => selectedIds(page)).toEqual([]);
    await expect.poll(() => header.getAttribute('aria-selected')).toBe('false');
    await page.context().close();
  });

  it('Shift+click selects a range across a date header; Ctrl+click toggles one row', async () => {
    const page = await signedIn();
    const [day, next] = pair;
    const [a, b, c] = byDay.get(day)!;
    const nextFirst = byDay.get(next)![0];
    const rest = byDay.get(day)!.slice(1);
    await openDays(page, day, next, a);

    await row(page, b).click();
    await expect.poll(() => selectedIds(page)).toEqual([b]);
    await row(page, nextFirst).click({ modifiers: ['Shift'] });
    await expect.poll(() => selectedIds(page)).toEqual([...rest, nextFirst].sort());

    await row(page, c).click({ modifiers: ['Control'] });
    await expect.poll(() => selectedIds(page)).toEqual([...rest.filter((id) => id !== c), nextFirst].sort());
    await page.context().close();
  });

  it('the keyboard moves the focus row and Space toggles it (a header its day)', async () => {
    const page = await signedIn();
    const [day, next] = pair;
    const [a, b] = byDay.get(day)!;
    await openDays(page, day, next, a);

    await row(page, a).click();
    await expect.poll(() => selectedIds(page)).toEqual([a]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => selectedIds(page)).toEqual([a, b].sort());
    await page.keyboard.press('Space');
    await expect.poll(() => selectedIds(page)).toEqual([a]);

    // up past the first order to the day's header: Space selects the whole day
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(() => selectedIds(page)).toEqual([...byDay.get(day)!].sort());
    await page.context().close();
  });
});

describe('bulk status', () => {
  it('moves the selected orders: exact toast, the rows leave the view, the totals change', async () => {
    const page = await signedIn();
    const ids = byDay.get(moveDay)!;
    await openDays(page, moveDay, moveDay, ids[0]);
    // the totals count the list's scope (that one day) once they have been told it
    await expect.poll(() => navTotal(page, '/orders/new-added')).toBe(ids.length);
    const newBefore = await navTotal(page, '/orders/new-added');
    const pendingBefore = await navTotal(page, '/orders/pending');

    await page.locator(`${SCROLLER} [data-date-header="${moveDay}"]`).click();
    await expect.poll(() => selectedIds(page)).toEqual([...ids].sort());
    await page.getByRole('button', { name: 'Move to' }).click();
    await page.getByRole('menuitem', { name: 'Pending' }).click();

    await page.getByText(`${ids.length} orders moved to "Pending"`, { exact: true }).waitFor();
    await expect.poll(() => page.locator(`${SCROLLER} [data-row-id]:not([data-date-header])`).count()).toBe(0);
    await expect.poll(() => navTotal(page, '/orders/new-added')).toBe(newBefore - ids.length);
    await expect.poll(() => navTotal(page, '/orders/pending')).toBe(pendingBefore + ids.length);
    await expect(page.getByTestId('selection-count').innerText()).resolves.toBe('0 selected');

    // the server holds the move
    const { orders } = await api<{ orders: Array<{ id: string; statusV2: string }> }>(
      `/api/v1/orders?teamId=${team.id}&startDate=${moveDay}&endDate=${moveDay}&limit=200`,
    );
    expect(orders.filter((o) => ids.includes(o.id)).map((o) => o.statusV2)).toEqual(ids.map(() => 'pending'));
    await page.context().close();
  });
});
