import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, newContext, signIn } from './browser';
import { downloadedBytes, parseCsv } from './csv';

// The /export screen, in team Thailand only (no other e2e file uses it), read-only: it changes
// no order or tour, so the counts it compares are its own.
const baseUrl = inject('baseUrl');
const TEAM = 'team-th';
const TZ = 'Asia/Bangkok';
let browser: Browser;
let page: Page;
let token = '';

const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Row {
  displayId: string;
  ota?: string;
  statusV2: string;
}

/** Every row of a list for these filters, paged through the API as the lists page (cursor). */
async function allRows(kind: 'orders' | 'tours', filters: Record<string, string>): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ teamId: TEAM, orderBy: 'DEPARTURE_AT_ASC', ...filters });
    if (kind === 'orders') q.set('limit', '200');
    if (cursor) q.set('cursor', cursor);
    const res: Record<string, unknown> & { hasMore: boolean; nextCursor: string | null } = await api(
      `/api/v1/${kind}?${q}`,
    );
    out.push(...(res[kind] as Row[]));
    cursor = res.hasMore ? res.nextCursor : null;
  } while (cursor);
  return out;
}

/** Opens the date range picker and picks `from` then `to` (paging months as needed): the second pick applies. */
async function pickRange(from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: /^Date range/ }).click();
  const picker = page.getByRole('application', { name: 'Choose dates' });
  for (const day of [from, to]) {
    const cell = picker.locator(`[data-part="table-cell-trigger"][data-value="${day}"]:not([data-outside-range])`);
    for (let i = 0; i < 3 && !(await cell.isVisible()); i++)
      await picker.getByRole('button', { name: 'Switch to next month' }).click();
    await cell.click();
  }
  await picker.waitFor({ state: 'hidden' });
}

/** Exports, and returns the downloaded CSV's records and the PATCH's body. */
async function exportCsv(): Promise<{ header: string[]; records: string[][]; patched: unknown }> {
  const patch = page.waitForRequest(
    (r) => r.method() === 'PATCH' && /\/api\/v1\/(orders|tours)\/export\/csv/.test(r.url()),
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [download, request] = await Promise.all([downloading, patch]);
  const [header, ...records] = parseCsv((await downloadedBytes(download)).toString('utf8'));
  return { header, records, patched: request.postDataJSON() };
}

beforeAll(async () => {
  browser = await connectBrowser();
  const context = await newContext(browser, { acceptDownloads: true, timezoneId: TZ });
  await context.addInitScript((id) => localStorage.setItem('teamId', id), TEAM);
  page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByRole('button', { name: 'Switch team' }).getByText('Thailand').waitFor();
  token = (await page.evaluate(() => localStorage.getItem('AUTH'))) ?? '';
});

afterAll(async () => {
  await browser?.close();
});

describe('the export screen', () => {
  // a week of next month's departures, far from the days other files touch
  const from = plusDays(todayIn(TZ), 20);
  const to = plusDays(from, 6);

  it('exports the orders of a range, OTA and status: the CSV holds exactly the rows the API lists', async () => {
    // the OTA and status pair with the most orders in the range, so the export is not trivially
    // empty (the most common OTA and the most common status need not meet: the demo data depends on
    // the hour the server was seeded)
    const inRange = await allRows('orders', { startDate: from, endDate: to });
    const pairs = new Map<string, number>();
    for (const r of inRange) {
      const pair = `${r.ota ?? ''}|${r.statusV2}`;
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
    const [ota, status] = [...pairs].sort((a, b) => b[1] - a[1])[0][0].split('|');
    const expected = await allRows('orders', { startDate: from, endDate: to, ota, statusV2: status });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(inRange.length);

    await page.goto(`${baseUrl}/export`);
    await page.getByRole('heading', { name: 'Export' }).waitFor();
    // the current month of the team's timezone by default
    const month = new Date(`${todayIn(TZ)}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    expect(await page.getByRole('button', { name: /^Date range/ }).textContent()).toMatch(
      new RegExp(`^\\w{3}, 1 ${month} \\d{4} – `),
    );

    await pickRange(from, to);
    await page.getByLabel('OTA', { exact: true }).selectOption(ota);
    await page.getByLabel('Status', { exact: true }).selectOption(status);

    // a note the contract would refuse is kept as typed, explained, and blocks the export
    const note = page.getByLabel('Note (optional)');
    await note.fill('n'.repeat(5001));
    await page
      .getByText('The note is 5,001 characters long; at most 5,000 can be recorded.', { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    expect((await note.inputValue()).length).toBe(5001);
    await note.fill('E2E export screen: orders for the accountant');

    const { header, records, patched } = await exportCsv();
    expect(patched).toEqual({ message: 'E2E export screen: orders for the accountant' });
    expect(header[0]).toBe('Order ID');
    expect(records).toHaveLength(expected.length);
    expect(records.map((r) => r[0]).sort()).toEqual(expected.map((o) => o.displayId).sort());

    const result = page.getByTestId('export-result');
    await result.getByText('Orders file ready', { exact: false }).waitFor();
    await result.getByText('Message recorded: E2E export screen: orders for the accountant').waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);
  });

  it('exports the tours of the same range', async () => {
    const expected = await allRows('tours', { startDate: from, endDate: to });
    await page.getByRole('radio', { name: 'Tours' }).check();
    expect(await page.getByLabel('OTA', { exact: true }).count()).toBe(0);
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Note (optional)').fill('');
    const { header, records, patched } = await exportCsv();
    expect(patched).toEqual({
      message: expect.stringMatching(/^Exported by .+ on \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d$/),
    });
    expect(header[0]).toBe('Tour ID');
    expect(records.map((r) => r[0]).sort()).toEqual(expected.map((t) => t.displayId).sort());
    await page.getByTestId('export-result').getByText('Tours file ready', { exact: false }).waitFor();
  });

  it('a failed export shows the catalogue toast and changes nothing', async () => {
    const result = page.getByTestId('export-result');
    const before = await result.textContent();
    await page.getByRole('radio', { name: 'Orders' }).check();
    const note = page.getByLabel('Note (optional)');
    await note.fill('Never sent');
    let downloads = 0;
    page.on('download', () => downloads++);
    let patches = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/export/csv')) patches++;
    });
    await page.route('**/api/v1/orders/export/csv**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL","message":"boom"}' }),
    );
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('Export failed', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);
    expect(downloads).toBe(0);
    expect(patches).toBe(0);
    expect(await result.textContent()).toBe(before);
    expect(await note.inputValue()).toBe('Never sent');
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('');
    await page.unroute('**/api/v1/orders/export/csv**');
  });
});
