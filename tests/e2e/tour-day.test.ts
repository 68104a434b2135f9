import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { downloadedBytes, parseCsv } from './csv';
import { reseller, type Booking } from './octo-reseller';
import { pageApi } from './page-api';

// The tour day on a phone (issue 25, must show): a guide opens today's tour from the drawer, sees
// who is coming and how to call them, checks two parties in (one partial), a third while offline,
// and the server has all three once each; the OCTO booking checked in reads REDEEMED through /octo.
// Then the manifest of 30 parties printed to A4: two pages, no column cut.
const baseUrl = inject('baseUrl');
const TZ = 'Asia/Phnom_Penh';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let teamId: string;
let octo: ReturnType<typeof reseller>['octo'];
let sellable: ReturnType<typeof reseller>['sellable'];
let book: ReturnType<typeof reseller>['book'];

interface Party {
  name: string;
  adult: number;
  child: number;
  phone: string;
}
interface OrderDetail {
  id: string;
  checkIn: { state: string; arrived: number; by: { name: string } | null };
  eventLogs: { type: string }[];
}

beforeAll(async () => {
  browser = await connectBrowser();
  context = await newContext(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: TZ,
  });
  page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  teamId = (await page.evaluate(() => localStorage.getItem('teamId')))!;
  const key = await pageApi<{ secret: string }>(page, 'POST', '/api/v1/team/channel-keys', {
    teamId,
    channel: 'KLOOK',
    name: 'Klook tour day e2e',
  });
  expect(key.status).toBe(200);
  ({ octo, sellable, book } = reseller(baseUrl, key.data.secret));
});
afterAll(async () => {
  await browser?.close();
});

const showPageOnFailure = () =>
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 3000)}`);
  });

/** A departure today in the team's timezone: in an hour, or an hour ago when that is tomorrow. */
function todayDeparture(): string {
  const dayIn = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(t));
  const now = Date.now();
  const at = dayIn(now + 3_600_000) === dayIn(now) ? now + 3_600_000 : now - 3_600_000;
  return new Date(Math.floor(at / 60_000) * 60_000).toISOString();
}

/** Batch orders of one product and departure, with phones, pick-ups and notes; their ids. */
async function importParties(productId: string, departureAt: string, parties: Party[]): Promise<string[]> {
  const stamp = Date.now();
  const { status, data } = await pageApi<{ orders: { id: string }[] }>(page, 'POST', '/api/v1/orders/batch', {
    teamId,
    ota: 'VIATOR',
    orders: parties.map((p, i) => ({
      otaOrderId: `TD-${stamp}-${i}`,
      departureAt,
      language: 'English',
      product: { id: productId, route: 'Old Quarter walk', pack: 'Morning' },
      customer: { name: p.name, email: `party${i}@example.test`, phone: p.phone },
      pickup: `Hotel ${i + 1}, 12 Hang Bac`,
      ...(i === 0 ? { notes: 'Vegetarian; one wheelchair' } : {}),
      quantity: { adult: p.adult, child: p.child },
      prices: [{ type: 'ADULT', amount: 20, currency: 'USD' }],
    })),
  });
  expect(status).toBe(200);
  return data.orders.map((o) => o.id);
}

const card = (name: string) => page.getByTestId('manifest-party').filter({ hasText: name });
const order = async (id: string) => (await pageApi<OrderDetail>(page, 'GET', `/api/v1/orders/${id}`)).data;

describe('the tour day on a phone', () => {
  it('a guide checks parties in from the manifest, offline too, and the server and the OTA know', async () => {
    showPageOnFailure();
    // the OCTO booking: reserved and confirmed by the reseller with the customer's phone
    const sale = await sellable();
    const reference = `KL-TD-${Date.now()}`;
    const uuid = await book(sale, sale.open[0].id, {
      resellerReference: reference,
      contact: { fullName: 'Phạm Thu Hà', emailAddress: 'ha@example.test', phoneNumber: '+84 91 555 0101' },
    });
    const found = await pageApi<{ orders: { id: string }[] }>(
      page,
      'GET',
      `/api/v1/orders?teamId=${teamId}&q=${encodeURIComponent(reference)}`,
    );
    expect(found.data.orders).toHaveLength(1);
    const octoOrderId = found.data.orders[0].id;

    // today's departure: three parties from the batch import and the OCTO booking, on a new tour
    const departureAt = todayDeparture();
    const productId = `e2e-tour-day-${Date.now()}`;
    const ids = await importParties(productId, departureAt, [
      { name: 'Nguyễn Văn An', adult: 2, child: 1, phone: '+84 90 123 4567' },
      { name: 'Trần Bình', adult: 2, child: 0, phone: '+84 90 765 4321' },
      { name: 'Lê Chi', adult: 1, child: 0, phone: '+84 98 000 1111' },
    ]);
    const tourName = `Tour day ${Date.now()}`;
    const tour = await pageApi<{ tourId: string }>(page, 'POST', '/api/v1/tours', {
      tour: { teamId, departureAt, productId, displayName: tourName, orderIds: [...ids, octoOrderId] },
    });
    expect(tour.status).toBe(200);

    // from the drawer: Tours, Today, the tour's card, its Manifest
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.getByRole('link', { name: 'Tours', exact: true }).click();
    // a link followed closes the drawer; the tours' views are under Tours
    await page.waitForURL('**/tours');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    // the tour is clicked in Today's list, not in the month's list still on screen while Today
    // loads (the new view's rows clear the selection, closing a panel opened from the old ones)
    const today = page.waitForResponse((r) => /\/api\/v1\/tours\?.*view=today/.test(r.url()));
    await drawer.getByRole('link', { name: 'Today', exact: true }).click();
    await page.waitForURL('**/tours/today');
    const { tours: listed } = (await (await today).json()) as { tours: { id: string }[] };
    expect(listed.map((t) => t.id)).toContain(tour.data.tourId);
    const cards = page.locator('[data-testid="list-scroller"] [data-row-id]:not([data-date-header])');
    await expect
      .poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id'))))
      .toEqual(listed.map((t) => t.id));
    await page.getByText(tourName).first().click();
    // the tour's panel (full screen on a phone) says how many came, and links its manifest
    const panel = page.getByTestId('side-panel');
    await panel.getByText('0 of 8 checked in').waitFor();
    await panel.getByRole('link', { name: 'Manifest', exact: true }).click();
    await page.waitForURL(`**/tours/${tour.data.tourId}/manifest`);
    await card('Nguyễn Văn An').waitFor();
    expect(await page.title()).toBe('Manifest | Tourdesk');
    await expect(page.getByTestId('manifest-party').count()).resolves.toBe(4);
    const totals = page.getByTestId('manifest-totals');
    await totals.getByText('0 of 8 checked in').waitFor();

    // how to reach them: a call link per phone, the pick-up on a map
    const call = card('Nguyễn Văn An').locator('a[href^="tel:"]');
    await expect(call.getAttribute('href')).resolves.toBe('tel:+84901234567');
    await expect(card('Nguyễn Văn An').locator('a[href^="https://www.google.com/maps/search/"]').count()).resolves.toBe(
      1,
    );
    await expectAccessible(page, 'the manifest on a phone');
    // touch targets: every button of the rows is at least 44 px each way
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="manifest-party"] button')]
        .map((b) => ({ name: b.getAttribute('aria-label'), box: b.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ name }) => name),
    );
    expect(small).toEqual([]);

    // a partial check-in (2 of 3 came) and the OCTO party, online
    await page.getByRole('button', { name: 'One fewer came: Nguyễn Văn An' }).click();
    await card('Nguyễn Văn An').getByText('2 of 3', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Check in Nguyễn Văn An' }).click();
    await card('Nguyễn Văn An').getByText('2 of 3 checked in').waitFor();
    await page.getByRole('button', { name: 'Check in Phạm Thu Hà' }).click();
    await totals.getByText('4 of 8 checked in').waitFor();
    await page.getByTestId('pending').first().waitFor({ state: 'detached' });

    // offline: the third shows at once, pending; back online it is sent
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Check in Trần Bình' }).click();
    await card('Trần Bình').getByText('Checked in').waitFor();
    await card('Trần Bình').getByTestId('pending').waitFor();
    await totals.getByText('6 of 8 checked in').waitFor();
    await context.setOffline(false);
    await card('Trần Bình').getByTestId('pending').waitFor({ state: 'detached', timeout: 20_000 });

    // the server has all three, once each, and who did it
    const [an, binh, chi] = await Promise.all(ids.map(order));
    const ha = await order(octoOrderId);
    expect([an.checkIn.state, an.checkIn.arrived]).toEqual(['CHECKED_IN', 2]);
    expect([binh.checkIn.state, binh.checkIn.arrived]).toEqual(['CHECKED_IN', 2]);
    expect([ha.checkIn.state, ha.checkIn.arrived]).toEqual(['CHECKED_IN', 2]);
    expect(chi.checkIn.state).toBe('EXPECTED');
    for (const o of [an, binh, ha]) expect(o.eventLogs.filter((e) => e.type === 'CHECK_IN')).toHaveLength(1);
    expect(chi.eventLogs.filter((e) => e.type === 'CHECK_IN')).toHaveLength(0);

    // the OTA hears it: the booking reads REDEEMED
    const booking = await octo<Booking>('GET', `/bookings/${uuid}`);
    expect(booking.data.status).toBe('REDEEMED');
  });

  it('the manifest prints on A4 (a page per 25 parties, no column cut) and downloads as CSV', async () => {
    showPageOnFailure();
    const departureAt = todayDeparture();
    const productId = `e2e-print-${Date.now()}`;
    const parties = Array.from({ length: 30 }, (_, i) => ({
      name: `Party ${String(i + 1).padStart(2, '0')} Nguyễn`,
      adult: 2,
      child: i % 3 === 0 ? 1 : 0,
      phone: `+84 90 000 ${String(1000 + i)}`,
    }));
    await importParties(productId, departureAt, parties);
    await page.goto(`${baseUrl}/departures/manifest?product=${productId}&at=${encodeURIComponent(departureAt)}`);
    await card('Party 30 Nguyễn').waitFor();
    await expect(page.getByTestId('manifest-party').count()).resolves.toBe(30);

    // paper's width: A4 less the 10 mm margins is 190 x 277 mm (718 x 1047 px)
    await page.setViewportSize({ width: 718, height: 1047 });
    await page.emulateMedia({ media: 'print' });
    const layout = await page.evaluate(() => {
      const tables = [...document.querySelectorAll<HTMLTableElement>('[data-testid="manifest-print"] table')];
      return {
        tables: tables.length,
        rows: tables.map((t) => t.tBodies[0].rows.length),
        cut: tables.flatMap((t) => {
          const right = t.getBoundingClientRect().right;
          const overflow = t.scrollWidth > t.clientWidth ? ['table scrolls'] : [];
          const cells = [...t.tHead!.rows[0].cells].filter((th) => th.getBoundingClientRect().right > right + 0.5);
          return [...overflow, ...cells.map((th) => th.textContent)];
        }),
        buttons: [...document.querySelectorAll('button')].filter((b) => b.getClientRects().length > 0).length,
        heights: [...document.querySelectorAll('[data-testid="manifest-print"] section')].map((s) =>
          Math.round(s.getBoundingClientRect().height),
        ),
      };
    });
    const { heights, ...seen } = layout;
    expect(seen).toEqual({ tables: 2, rows: [25, 5], cut: [], buttons: 0 });
    // each page's table fits its page
    for (const h of heights) expect(h).toBeLessThan(1047);
    const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)?.length).toBe(2);
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 390, height: 844 });

    // the same manifest as a CSV file: a row per party
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    const [header, ...rows] = parseCsv((await downloadedBytes(download)).toString('utf8')).filter((r) => r.join(''));
    expect(header.length).toBeGreaterThan(5);
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => r.join(' '))).toContainEqual(expect.stringContaining('Party 30 Nguyễn'));
  });
});
