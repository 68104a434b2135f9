import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { launchBrowser, newContext, signIn } from './browser';
import { pageApi } from './page-api';

// The OCTO channel end to end (issue 22): a reseller with nothing but a key books through /octo
// against the demo data; the operator sees the order with its customer, the amendment's diff in
// its Activity and in the inbox, the cancellation, and a refused booking with its reason.
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
let key = '';

interface Booking {
  uuid: string;
  status: string;
  supplierReference: string;
  availabilityId: string;
}
interface Availability {
  id: string;
  available: boolean;
  status: string;
  vacancies: number | null;
}
interface OctoProduct {
  id: string;
  availabilityType: string;
  options: { id: string; default: boolean; units: { id: string; type: string }[] }[];
}

/** A reseller's call: real HTTP from the test, the key as its only credential. */
async function octo<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseUrl}/octo${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'octo-capabilities': 'octo/pricing',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The demo START_TIME product with its default option and adult unit, and departures with places. */
async function sellable() {
  const { data: products } = await octo<OctoProduct[]>('GET', '/products');
  const product = products.find((p) => p.availabilityType === 'START_TIME')!;
  expect(product, 'the demo data sells a START_TIME product').toBeDefined();
  const option = product.options.find((o) => o.default)!;
  const adult = option.units.find((u) => u.type === 'ADULT')!;
  const { data: availability } = await octo<Availability[]>('POST', '/availability', {
    productId: product.id,
    optionId: option.id,
    localDateStart: day(2),
    localDateEnd: day(9),
  });
  const open = availability.filter((a) => a.available && (a.vacancies ?? 0) >= 4);
  expect(open.length).toBeGreaterThan(1);
  return { product, option, adult, open };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser);
  page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  const teamId = await page.evaluate(() => localStorage.getItem('teamId'));
  const created = await pageApi<{ secret: string }>(page, 'POST', '/api/v1/team/channel-keys', {
    teamId,
    channel: 'KLOOK',
    name: 'Klook e2e',
  });
  expect(created.status).toBe(200);
  key = created.data.secret;
});
afterAll(async () => {
  await browser?.close();
});

async function dismissDialogs(): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
}

const panel = () => page.getByTestId('side-panel');

/** Finds the order by its reseller reference (its OTA order id) and opens its side panel. */
async function openOrder(reference: string): Promise<void> {
  await page.goto(`${baseUrl}/orders?dates=all&q=${reference}`);
  const row = page.locator('[role="row"][data-row-id]').filter({ hasText: reference });
  await row.first().waitFor();
  await dismissDialogs();
  await row.first().click();
  await panel().getByText(reference).first().waitFor();
}

/** On a failure, what the page showed. */
const showPageOnFailure = () =>
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
  });

describe('a reseller books through /octo and the operator sees it', () => {
  it('reserve and confirm: the order is in the list with its customer, booked by Klook', async () => {
    showPageOnFailure();
    const { product, option, adult, open } = await sellable();
    const uuid = randomUUID();
    const reference = `KL-E2E-${Date.now()}`;
    const reserve = await octo<Booking>('POST', '/bookings', {
      uuid,
      productId: product.id,
      optionId: option.id,
      availabilityId: open[0].id,
      unitItems: [{ unitId: adult.id }, { unitId: adult.id }],
    });
    expect(reserve.status).toBe(200);
    expect(reserve.data.status).toBe('ON_HOLD');
    const confirm = await octo<Booking>('POST', `/bookings/${uuid}/confirm`, {
      resellerReference: reference,
      contact: { fullName: 'Trần Thị Mai', emailAddress: 'mai@example.test', locales: ['vi'] },
    });
    expect(confirm.data.status).toBe('CONFIRMED');

    await openOrder(reference);
    await panel().getByText('Trần Thị Mai').first().waitFor();
    await panel().getByText('Booked by Klook (OCTO)').first().waitFor();

    // the amendment: another adult and the next departure; the Activity and the inbox show the diff
    const amend = await octo<Booking>('PATCH', `/bookings/${uuid}`, {
      availabilityId: open[1].id,
      unitItems: [{ unitId: adult.id }, { unitId: adult.id }, { unitId: adult.id }],
    });
    expect(amend.status).toBe(200);
    await openOrder(reference);
    await panel()
      .getByText(/Adults 2 -> 3/i)
      .first()
      .waitFor();
    await expectAccessible(page, 'the order panel with a channel amendment');

    await page.goto(`${baseUrl}/orders/inbox`);
    await dismissDialogs();
    const item = page
      .getByRole('article')
      .filter({ hasText: reference })
      .filter({ hasText: /Amendment/i });
    await item.first().waitFor();
    await item
      .first()
      .getByText(/Adults 2 -> 3/i)
      .waitFor();

    // the cancellation: the order turns Canceled
    const cancel = await octo<Booking>('POST', `/bookings/${uuid}/cancel`, { reason: 'Customer is ill' });
    expect(cancel.data.status).toBe('CANCELLED');
    await openOrder(reference);
    await panel().getByText('Canceled').first().waitFor();
  });

  it('a refused booking waits in the inbox with its reason', async () => {
    showPageOnFailure();
    const { product, option, adult, open } = await sellable();
    const refused = await octo<{ error: string; errorMessage: string }>('POST', '/bookings', {
      productId: product.id,
      optionId: option.id,
      availabilityId: open[0].id,
      unitItems: [{ unitId: `${adult.id}-ghost` }],
    });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe('INVALID_UNIT_ID');
    await page.goto(`${baseUrl}/orders/inbox`);
    await dismissDialogs();
    const item = page.getByRole('article').filter({ hasText: 'INVALID_UNIT_ID' });
    await item.first().waitFor();
    await item.first().getByText(refused.data.errorMessage).waitFor();
  });
});
