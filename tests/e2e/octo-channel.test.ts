import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { reseller, type Booking } from './octo-reseller';
import { pageApi } from './page-api';

// The OCTO channel end to end (issue 22): a reseller with nothing but a key books through /octo
// against the demo data; the operator sees the order with its customer, the amendment's diff in
// its Activity and in the inbox, the cancellation, and a refused booking with its reason.
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

let octo: ReturnType<typeof reseller>['octo'];
let sellable: ReturnType<typeof reseller>['sellable'];
let book: ReturnType<typeof reseller>['book'];

beforeAll(async () => {
  browser = await connectBrowser();
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
  ({ octo, sellable, book } = reseller(baseUrl, created.data.secret));
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
    const sale = await sellable();
    const { adult, open } = sale;
    const reference = `KL-E2E-${Date.now()}`;
    const uuid = await book(sale, open[0].id, {
      resellerReference: reference,
      contact: { fullName: 'Trần Thị Mai', emailAddress: 'mai@example.test', locales: ['vi'] },
    });

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

  it('a refused booking joins the open inbox with its reason, without a reload', async () => {
    showPageOnFailure();
    const { product, option, adult, open } = await sellable();
    await page.goto(`${baseUrl}/orders/inbox`);
    await dismissDialogs();
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor({ timeout: 10_000 });
    await page.getByRole('article').first().waitFor();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const refused = await octo<{ error: string; errorMessage: string }>('POST', '/bookings', {
      productId: product.id,
      optionId: option.id,
      availabilityId: open[0].id,
      unitItems: [{ unitId: `${adult.id}-ghost` }],
    });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe('INVALID_UNIT_ID');
    const item = page.getByRole('article').filter({ hasText: 'INVALID_UNIT_ID' });
    await item.first().waitFor({ timeout: 5000 });
    await item.first().getByText(refused.data.errorMessage).waitFor();
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(
      true,
    );
  });
});
