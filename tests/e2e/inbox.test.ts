import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { recordLink } from '../../src/domain/record-links';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { pageApi } from './page-api';

// The inbox end to end (issue 22), in team TH (Thailand): its ADMIN creates a Klook API key; with
// that key alone, a channel imports an order through POST /api/v1/orders/batch, sends it again
// changed (another adult, Saturday noon moved to Sunday morning: amended) and sends a third for a
// product Tourdesk does not know (refused). Signed in, the navigation counts what needs a person
// next to "Inbox"; the inbox lists the amendment with its diff and the refusal with its reason,
// error code and the request as received; acknowledging one (with the keyboard) drops the count.
// axe-core checks the inbox with a request open.
const baseUrl = inject('baseUrl');
const TH = 'team-th';
let browser: Browser;
let page: Page;
let key = '';

/** A Saturday at least a month ahead, 12:00 in Bangkok (05:00 UTC), and the Sunday after at 08:00. */
function weekend(): { saturday: string; sunday: string } {
  const d = new Date(Date.now() + 35 * 86_400_000);
  d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7));
  d.setUTCHours(5, 0, 0, 0);
  const sunday = new Date(d.getTime() + 20 * 3_600_000);
  return { saturday: d.toISOString(), sunday: sunday.toISOString() };
}

/** The channel's call: real HTTP from the test, the key as its only credential. */
async function importWithKey(orders: unknown[]): Promise<{
  status: number;
  data: { results: { outcome: string; reason?: string }[]; orders: { displayId: string }[] };
}> {
  const res = await fetch(`${baseUrl}/api/v1/orders/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ teamId: TH, ota: 'KLOOK', orders }),
  });
  return { status: res.status, data: await res.json() };
}

const inboxCount = async () =>
  (await pageApi<{ total: number }>(page, 'GET', `/api/v1/inbox/count?teamId=${TH}`)).data.total;
const navCount = () => page.locator('nav[aria-label="Main"] [data-nav-total="/orders/inbox"]');

beforeAll(async () => {
  browser = await connectBrowser();
  const context = await newContext(browser, { timezoneId: 'Asia/Bangkok' });
  page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.evaluate((id) => localStorage.setItem('teamId', id), TH);
  const created = await pageApi<{ secret: string }>(page, 'POST', '/api/v1/team/channel-keys', {
    teamId: TH,
    channel: 'KLOOK',
    name: 'Klook inbox e2e',
  });
  expect(created.status).toBe(200);
  key = created.data.secret;
});
afterAll(async () => {
  await browser?.close();
});

const reportOnFailure = () =>
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
  });

describe('the inbox', () => {
  it('shows a channel’s amendment with its diff and a refusal with its reason; Acknowledge drops the count', async () => {
    reportOnFailure();
    const { saturday, sunday } = weekend();
    const stamp = Date.now();
    const reference = `KL-INBOX-${stamp}`;
    const refusedRef = `KL-REFUSED-${stamp}`;
    const order = (extra: Record<string, unknown> = {}) => ({
      otaOrderId: reference,
      departureAt: saturday,
      language: 'en',
      product: { id: 'e2e-inbox-walk', name: 'Old town walk', route: 'Bangkok old town' },
      customer: { name: 'Somchai Inbox', email: 'somchai@example.test' },
      quantity: { adult: 2, child: 0 },
      prices: [{ type: 'ADULT', amount: 30, currency: 'USD' }],
      ...extra,
    });
    const first = await importWithKey([order()]);
    expect(first.status).toBe(200);
    expect(first.data.results[0].outcome).toBe('created');
    const displayId = first.data.orders[0].displayId;
    const again = await importWithKey([
      order({ departureAt: sunday, quantity: { adult: 3, child: 0 } }),
      { ...order(), otaOrderId: refusedRef, product: { id: 'NO-SUCH-TOUR' } },
    ]);
    expect(again.data.results.map((r) => r.outcome)).toEqual(['amended', 'refused']);

    // signed in: the navigation counts what needs a person
    await page.reload();
    await page.getByRole('button', { name: 'Switch team' }).waitFor();
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();
    const open = await inboxCount();
    expect(open).toBeGreaterThanOrEqual(2);
    await expect.poll(() => navCount().textContent()).toBe(String(open));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }).click();
    await page.waitForURL('**/orders/inbox');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    expect(await page.title()).toBe('Inbox | Tourdesk');

    const amendment = page.getByRole('article', { name: `Amendment of ${displayId}` });
    await amendment.waitFor();
    await amendment.getByText('Adults 2 -> 3').waitFor();
    await amendment.getByText('Departure Sat 12:00 -> Sun 08:00').waitFor();
    await amendment.getByText('Klook · API import').waitFor();
    expect(await amendment.getByRole('link', { name: displayId }).getAttribute('href')).toBe(
      recordLink('order', displayId),
    );

    const refused = page.getByRole('article', { name: `Refused ${refusedRef}` });
    await refused
      .getByText('Why: Unknown product NO-SUCH-TOUR: give its name and route to add it to the team')
      .waitFor();
    await refused.getByText('UNKNOWN_PRODUCT').waitFor();
    await refused.getByText('The request as received').click();
    const request = refused.getByTestId('inbox-request');
    await request.waitFor();
    expect(JSON.parse((await request.textContent()) ?? '')).toMatchObject({
      otaOrderId: refusedRef,
      product: { id: 'NO-SUCH-TOUR' },
    });
    await expectAccessible(page, 'the inbox with a refused request open');

    // acknowledged with the keyboard: the item says so, a toast confirms, the count drops
    const acknowledge = amendment.getByRole('button', { name: `Acknowledge Amendment of ${displayId}` });
    await acknowledge.focus();
    await page.keyboard.press('Enter');
    await amendment.getByText(/^Acknowledged by /).waitFor();
    await page.getByText(`Amendment of ${displayId} acknowledged`, { exact: true }).first().waitFor();
    await expect.poll(() => navCount().textContent()).toBe(String(open - 1));
    expect(await inboxCount()).toBe(open - 1);

    // gone from what needs a person after a reload, still there among all items
    await page.reload();
    await refused.waitFor();
    expect(await amendment.count()).toBe(0);
    await page.getByRole('button', { name: 'All' }).click();
    await amendment.getByText(/^Acknowledged by /).waitFor();
    expect(await page.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });
});
