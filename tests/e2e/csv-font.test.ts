import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, newContext, signIn } from './browser';
import { downloadedBytes, parseCsv } from './csv';
import { pageApi } from './page-api';

// Issue 24 points 3 and 10, in team Vietnam on a day far ahead that no other file touches: a
// Vietnamese name drawn in Inter (its subset fetched only once such letters show), and the orders
// CSV opened as a spreadsheet opens it.
const baseUrl = inject('baseUrl');
const TEAM = 'team-vn';
const TZ = 'Asia/Ho_Chi_Minh';
const VIETNAMESE = 'Nguyễn Thị Đặng Ưởng';
const POLISH = 'Zoë Łukasiewicz';
let browser: Browser;
let page: Page;
/** The Inter files the page fetched, by subset (`latin`, `vietnamese`, `latin-ext`). */
const fetched = new Set<string>();
// a day about ten months ahead, 03:00 UTC (10:00 in Vietnam)
const DAY = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
const tag = Date.now();

/** The fonts Chromium drew a cell's text with (DevTools protocol): their family and whether it is a web font. */
async function fontsOf(selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => `${f.familyName}${f.isCustomFont ? ' (web font)' : ''}`);
  } finally {
    await cdp.detach();
  }
}

/** Every glyph of the cell of this name in the bundled Inter (a swap font draws the fallback first). */
async function expectDrawnInInter(name: string): Promise<void> {
  await page.getByRole('gridcell', { name, exact: true }).waitFor();
  await expect.poll(() => fontsOf(`[role="gridcell"][title^="${name}"]`)).toEqual(['Inter (web font)']);
}

beforeAll(async () => {
  browser = await connectBrowser();
  const context = await newContext(browser, { acceptDownloads: true, timezoneId: TZ });
  await context.addInitScript((id) => localStorage.setItem('teamId', id), TEAM);
  page = await context.newPage();
  page.on('request', (r) => {
    const subset = /\/inter-([a-z-]+)-wght-normal[^/]*\.woff2/.exec(r.url())?.[1];
    if (subset) fetched.add(subset);
  });
  // an English screen: the latin file alone
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect([...fetched]).toEqual(['latin']);

  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByRole('button', { name: 'Switch team' }).getByText('Vietnam').waitFor();
  const order = (name: string, otaOrderId: string, statusV2: string, prices: unknown[]) => ({
    otaOrderId,
    departureAt: `${DAY}T03:00:00.000Z`,
    language: 'vi',
    product: { id: 'E2E-CSV-FONT', name: 'Vịnh Hạ Long', route: 'Hạ Long', pack: 'Day' },
    customer: { name, email: 'khach@example.test' },
    quantity: { adult: 2, child: 1 },
    prices,
    statusV2,
  });
  const { status } = await pageApi(page, 'POST', '/api/v1/orders/batch', {
    teamId: TEAM,
    ota: 'KLOOK',
    orders: [
      order(VIETNAMESE, `E2EVN${tag}`, 'new', [
        { type: 'ADULT', amount: 1450000, currency: 'VND' },
        { type: 'CHILD', amount: 725000, currency: 'VND' },
        { type: 'TOTAL', amount: 3625000, currency: 'VND' },
      ]),
      order(POLISH, `E2EPL${tag}`, 'pending', [{ type: 'TOTAL', amount: 99.5, currency: 'USD' }]),
    ],
  });
  expect(status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

describe('Vietnamese drawn in Inter', () => {
  it('draws every letter of a Vietnamese name in Inter, fetching the Vietnamese subset for it, not latin-ext', async () => {
    await page.goto(`${baseUrl}/orders/new-added?from=${DAY}&to=${DAY}`);
    // ễ ị Đ ặ Ư ở included: no glyph of the name comes from a system font
    await expectDrawnInInter(VIETNAMESE);
    expect(fetched.has('vietnamese')).toBe(true);
    expect(fetched.has('latin-ext')).toBe(false);
  });

  it('draws a Polish name in Inter too, fetching latin-ext only now', async () => {
    await page.goto(`${baseUrl}/orders/pending?from=${DAY}&to=${DAY}`);
    await expectDrawnInInter(POLISH);
    expect(fetched.has('latin-ext')).toBe(true);
  });
});

describe('a CSV a spreadsheet reads', () => {
  it('downloads the view and range as named, with a byte-order mark, labels, number columns per price and ISO dates', async () => {
    await page.goto(`${baseUrl}/orders/new-added?from=${DAY}&to=${DAY}`);
    await page.getByRole('gridcell', { name: VIETNAMESE, exact: true }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`orders-new-added-${DAY}_${DAY}.csv`);

    // as Excel opens it: the byte-order mark says UTF-8, and is not part of the first cell
    const bytes = await downloadedBytes(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(new TextDecoder('utf-8').decode(bytes));
    expect(header[0]).toBe('Order ID');
    const row = records.find((r) => r[header.indexOf('OTA order ID')] === `E2EVN${tag}`)!;
    const cell = (column: string) => {
      expect(header).toContain(column);
      return row[header.indexOf(column)];
    };
    expect(cell('Customer')).toBe(VIETNAMESE);
    expect(cell('Status')).toBe('New Order');
    expect(cell(`Departure (${TZ})`)).toBe(`${DAY} 10:00`);
    expect(Number(cell('ADULT price'))).toBe(1450000);
    expect(cell('ADULT currency')).toBe('VND');
    expect(Number(cell('CHILD price'))).toBe(725000);
    expect(Number(cell('TOTAL price'))).toBe(3625000);
    expect(cell('TOTAL currency')).toBe('VND');
    // every price cell of every row is a plain number or empty: a spreadsheet can sum the column
    const priceColumns = header.flatMap((h, i) => (h.endsWith(' price') ? [i] : []));
    expect(priceColumns.length).toBeGreaterThanOrEqual(3);
    for (const r of records) for (const i of priceColumns) expect(r[i]).toMatch(/^(-?\d+(\.\d+)?)?$/);
    // only the view's orders: the pending one is not in it
    expect(records.some((r) => r[header.indexOf('OTA order ID')] === `E2EPL${tag}`)).toBe(false);
  });
});
