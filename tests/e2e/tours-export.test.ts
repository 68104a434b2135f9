import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { downloadedBytes, parseCsv } from './csv';

// Tours and export, end to end, in team France only (other e2e files use other teams or days).
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let api: <T>(path: string, init?: RequestInit) => Promise<T>;
const TEAM = 'team-fr';

interface Order {
  id: string;
  displayId: string;
  departureAt: string;
  statusV2: string;
  tour: { id: string; displayId: string } | null;
}
interface OrdersPage {
  orders: Order[];
  hasMore: boolean;
  nextCursor: string | null;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Every order of a range, paged through the API as the list pages (cursor). */
async function allOrders(startDate: string, endDate: string): Promise<Order[]> {
  const out: Order[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams({ teamId: TEAM, startDate, endDate, limit: '200', orderBy: 'DEPARTURE_AT_ASC' });
    if (cursor) q.set('cursor', cursor);
    const page: OrdersPage = await api<OrdersPage>(`/api/v1/orders?${q}`);
    out.push(...page.orders);
    cursor = page.hasMore ? page.nextCursor : null;
  } while (cursor);
  return out;
}

/** More orders in the range than one server batch (1,000) holds, with a name that needs CSV quoting. */
async function importOrdersUpTo(total: number, offsets: [number, number]): Promise<void> {
  const have = (await allOrders(day(offsets[0]), day(offsets[1]))).length;
  const span = offsets[1] - offsets[0] - 2;
  for (let made = 0; made < total - have; made += 1000) {
    const orders = Array.from({ length: Math.min(1000, total - have - made) }, (_, i) => ({
      otaOrderId: `E2E-EXPORT-${made + i}`,
      departureAt: new Date(Date.now() + (offsets[0] + 1 + ((made + i) % span)) * 86_400_000).toISOString(),
      language: 'fr',
      product: { id: 'E2E-EXPORT', name: 'Export check', route: 'Paris', pack: 'Day' },
      customer: { name: 'Dupont, "Jo"', email: 'jo@example.com' },
      quantity: { adult: 1, child: 0 },
    }));
    await api('/api/v1/orders/batch', {
      method: 'POST',
      body: JSON.stringify({ teamId: TEAM, ota: 'VIATOR', orders }),
    });
  }
}

const row = (id: string) => page.locator(`[data-row-id="${id}"]`);

async function openCreateMenu(item: string) {
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

beforeAll(async () => {
  browser = await connectBrowser();
  // straight into team France, in its timezone (so no timezone alert covers the screen)
  const context = await newContext(browser, { acceptDownloads: true, timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.evaluate((team) => localStorage.setItem('teamId', team), TEAM);
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.getByRole('button', { name: 'Switch team' }).getByText('France').waitFor();
  const token = await page.evaluate(() => localStorage.getItem('AUTH'));
  api = async <T>(path: string, init: RequestInit = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
});

afterAll(async () => {
  await browser?.close();
});

describe('tours from the orders list', () => {
  it('creates a tour from selected orders, then links another order to it through the search', async () => {
    // a far day of team France with three orders in no tour yet
    let date = '';
    let picked: Order[] = [];
    for (let offset = 40; offset < 58 && picked.length < 3; offset++) {
      date = day(offset);
      picked = (await allOrders(date, date)).filter((o) => !o.tour && !o.statusV2.startsWith('cancel')).slice(0, 3);
    }
    expect(picked).toHaveLength(3);
    const [first, second, third] = picked;

    await page.goto(`${baseUrl}/orders?from=${date}&to=${date}`);
    await row(first.id).click();
    await row(second.id).click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => row(second.id).getAttribute('aria-selected')).toBe('true');

    await openCreateMenu('Create tour from selected orders');
    const menu = page.getByTestId('create-tour-menu');
    await menu.getByLabel('Display name').fill('E2E morning group');
    expect(await menu.getByLabel('Departure time (24-hour)').inputValue()).toMatch(/^\d\d:\d\d$/);
    await menu.getByRole('button', { name: 'Create tour' }).click();
    await page.getByText('Tour created').waitFor();

    // the rows show their tour at once
    await expect.poll(() => row(first.id).textContent()).toMatch(/T-\d{6}/);
    const tourDisplayId = /T-\d{6}/.exec((await row(first.id).textContent()) ?? '')![0];
    await expect.poll(() => row(second.id).textContent()).toContain(tourDisplayId);

    // one order: the linked-tour dialog; found by its display id
    await row(third.id).click();
    await openCreateMenu('Add to existing tour');
    const dialog = page.getByTestId('linked-tour-dialog');
    await dialog.getByLabel('Search tours').fill(tourDisplayId);
    await dialog.getByRole('radio', { name: new RegExp(`${tourDisplayId} · E2E morning group`) }).click();
    await dialog.getByRole('button', { name: 'Link' }).click();
    await page.getByText(`1 order linked to ${tourDisplayId}`).waitFor();
    await expect.poll(() => row(third.id).textContent()).toContain(tourDisplayId);

    // the server agrees
    const tourId = (await allOrders(date, date)).find((o) => o.id === first.id)!.tour!.id;
    const tour = await api<{ displayName: string; orders: Order[] }>(`/api/v1/tours/${tourId}`);
    expect(tour.displayName).toBe('E2E morning group');
    expect(tour.orders.map((o) => o.id).sort()).toEqual([first.id, second.id, third.id].sort());
  });

  it('warns before a tour of orders that do not belong together, and takes the product and departure chosen', async () => {
    // a 13:30 Tonle Sap order and a 14:00 Phnom Penh order of one far day (Paris time, no import reaches it)
    const date = day(80);
    const at = (hhmm: string) => {
      const probe = new Date(`${date}T${hhmm}:00Z`);
      const paris = new Date(probe.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
      const utc = new Date(probe.toLocaleString('en-US', { timeZone: 'UTC' }));
      return new Date(probe.getTime() - (paris.getTime() - utc.getTime())).toISOString();
    };
    const tag = Date.now();
    const mixed = [
      {
        id: `E2EMIX-A${tag}`,
        product: { id: 'E2E-TONLE-SAP', route: 'Tonle Sap', pack: 'Boat' },
        departureAt: at('13:30'),
      },
      {
        id: `E2EMIX-B${tag}`,
        product: { id: 'E2E-PHNOM-PENH', route: 'Phnom Penh', pack: 'Walk' },
        departureAt: at('14:00'),
      },
    ];
    const created = await api<{ orders: Order[] }>('/api/v1/orders/batch', {
      method: 'POST',
      body: JSON.stringify({
        teamId: TEAM,
        ota: 'KKDAY',
        orders: mixed.map((m) => ({
          otaOrderId: m.id,
          departureAt: m.departureAt,
          language: 'fr',
          product: { ...m.product, name: m.product.route },
          customer: { name: 'Mixed', email: 'mixed@example.com' },
          quantity: { adult: 1, child: 0 },
        })),
      }),
    });
    const [tonleSap, phnomPenh] = created.orders;

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/orders?from=${date}&to=${date}`);
    await row(tonleSap.id).click();
    await row(phnomPenh.id).click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => row(phnomPenh.id).getAttribute('aria-selected')).toBe('true');
    await openCreateMenu('Create tour from selected orders');
    const menu = page.getByTestId('create-tour-menu');
    await expect(menu.getByTestId('create-tour-warning').textContent()).resolves.toContain(
      'These orders differ: 2 products, 2 departure times.',
    );
    const groups = await menu.getByTestId('create-tour-groups').getByRole('listitem').allTextContents();
    expect(groups).toEqual([
      expect.stringMatching(/^Tonle Sap · Boat · \w{3}, \d{1,2} \w{3} \d{4} 13:30 · 1 order$/),
      expect.stringMatching(/^Phnom Penh · Walk · \w{3}, \d{1,2} \w{3} \d{4} 14:00 · 1 order$/),
    ]);
    // a tie between the two: the earlier departure's product and time come first
    await expect(menu.getByLabel('Tour product').inputValue()).resolves.toBe('E2E-TONLE-SAP');
    await expect(menu.getByLabel('Departure time (24-hour)').inputValue()).resolves.toBe('13:30');
    await expectAccessible(page, 'the create-tour dialog warning of mixed orders');

    await menu.getByLabel('Tour product').selectOption('E2E-PHNOM-PENH');
    await menu.getByLabel('Tour departure').selectOption(`${date} 14:00`);
    await expect(menu.getByLabel('Departure time (24-hour)').inputValue()).resolves.toBe('14:00');
    const name = `E2E mixed group with a name long enough to need more than one line in the panel ${tag}`;
    await menu.getByLabel('Display name').fill(name);
    await menu.getByRole('button', { name: 'Create tour' }).click();
    await page.getByText('Tour created').waitFor();

    await expect.poll(async () => (await allOrders(date, date)).find((o) => o.id === tonleSap.id)?.tour).not.toBeNull();
    const tourId = (await allOrders(date, date)).find((o) => o.id === tonleSap.id)!.tour!.id;
    const tour = await api<{ departureAt: string; product: { id: string } | null }>(`/api/v1/tours/${tourId}`);
    expect(tour.product?.id).toBe('E2E-PHNOM-PENH');
    expect(tour.departureAt).toBe(phnomPenh.departureAt);

    // the tour's panel at 1280 px: its long name wraps, nothing is cut
    await page.goto(`${baseUrl}/tours?from=${date}&to=${date}`);
    await row(tourId).click();
    const panel = page.getByTestId('side-panel');
    await expect(panel.locator('[data-field="Name"]').textContent()).resolves.toBe(name);
    const nameField = panel.getByRole('textbox', { name: 'Tour name' });
    await expect(nameField.inputValue()).resolves.toBe(name);
    const cut = await nameField.evaluate(
      (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    );
    expect(cut).toBe(false);
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('offers no order action without a selection', async () => {
    await page.goto(`${baseUrl}/orders?from=${day(50)}&to=${day(50)}`);
    await page.getByRole('grid', { name: 'orders' }).waitFor();
    // both of its order actions need a selection: the menu itself is disabled
    await expect.poll(() => page.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
    await expect(page.getByRole('button', { name: 'Move to' }).isDisabled()).resolves.toBe(true);
  });
});

describe('CSV export', () => {
  it('downloads every order of the filtered range, records its message, and refuses a tampered signature or expiry', async () => {
    const [from, to] = [day(-60), day(60)];
    await importOrdersUpTo(2500, [-60, 60]);
    await page.goto(`${baseUrl}/orders?from=${from}&to=${to}`);
    await page.getByRole('grid', { name: 'orders' }).waitFor();
    const patched = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/v1/orders/export/csv'));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [download, patch] = await Promise.all([downloading, patched]);
    expect(patch.postDataJSON()).toEqual({
      message: expect.stringMatching(/^Exported by .+ on \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d$/),
    });

    const [header, ...records] = parseCsv((await downloadedBytes(download)).toString('utf8'));
    expect(header[0]).toBe('Order ID');
    const expected = await allOrders(from, to);
    expect(expected.length).toBeGreaterThanOrEqual(2500); // many list pages and server batches
    expect(records).toHaveLength(expected.length);
    expect(records.map((r) => r[0]).sort()).toEqual(expected.map((o) => o.displayId).sort());
    expect(records.filter((r) => r[header.indexOf('Customer')] === 'Dupont, "Jo"').length).toBeGreaterThan(0);
    // dates as spreadsheets parse them, in the team's timezone (named in the header)
    const departure = header.indexOf('Departure (Europe/Paris)');
    expect(records.every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(r[departure]))).toBe(true);

    // the signed link: works as given, refused when its signature or expiry is altered
    const link = new URL(download.url());
    expect((await fetch(link)).status).toBe(200);
    const signature = link.searchParams.get('signature')!;
    const flipped = new URL(link);
    flipped.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect((await fetch(flipped)).status).toBe(403);
    const extended = new URL(link);
    extended.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    expect((await fetch(extended)).status).toBe(403);
  });
});
