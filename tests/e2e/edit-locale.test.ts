import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, signedInOnTeam } from './browser';
import { pageApi } from './page-api';

// Issue 24 point 5, in team Vietnam: the panel's edits read like the screen. An amount is typed
// as the panel writes dong ("1.500.000"), a refused one is named by the field's label, a changed
// unit price asks whether TOTAL follows, and the language shows as its name.
const baseUrl = inject('baseUrl');
const TEAM = 'team-vn';
const TZ = 'Asia/Ho_Chi_Minh';
let browser: Browser;
let page: Page;

interface Price {
  type: string;
  amount: number;
  currency: string;
}

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInOnTeam(browser, baseUrl, { id: TEAM, name: 'Vietnam', timezone: TZ });
});

afterAll(async () => {
  await browser?.close();
});

const panel = () => page.getByTestId('side-panel');
const field = (name: string) => panel().locator(`[data-field="${name}"]`);
const priceInput = (label: string) => panel().getByRole('textbox', { name: `${label} price` });

/** A Thai-speaking customer's order of two adults at 650.000 ₫ each, 1.300.000 ₫ in all. */
async function vietnamOrder(): Promise<{ id: string; otaOrderId: string }> {
  const otaOrderId = `E2ELOCALE${Date.now()}`;
  const { status, data } = await pageApi<{ orders: Array<{ id: string }> }>(page, 'POST', '/api/v1/orders/batch', {
    teamId: TEAM,
    ota: 'KLOOK',
    orders: [
      {
        otaOrderId,
        departureAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        language: 'th',
        product: { id: 'e2e-edit-locale', route: 'Mekong delta' },
        customer: { name: 'Somchai Phan', email: 'somchai@example.test' },
        quantity: { adult: 2, child: 0 },
        prices: [
          { type: 'ADULT', amount: 650000, currency: 'VND' },
          { type: 'TOTAL', amount: 1300000, currency: 'VND' },
        ],
      },
    ],
  });
  expect(status).toBe(200);
  return { id: data.orders[0].id, otaOrderId };
}

const savedPrices = async (id: string) =>
  (await pageApi<{ prices: Price[] }>(page, 'GET', `/api/v1/orders/${id}`)).data.prices.map(
    (p) => `${p.type} ${p.amount}`,
  );

describe('edits in Vietnam read like the screen', () => {
  it('takes "1.500.000" as dong, names a refused amount by its label, and asks to bring TOTAL along', async () => {
    onTestFailed(async () => console.log(`PANEL ${page.url()}\n${(await panel().innerText()).slice(0, 1500)}`));
    const order = await vietnamOrder();
    await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
    const gotIt = page.getByRole('button', { name: 'Got it' });
    if (await gotIt.isVisible()) await gotIt.click();
    await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
    await panel().getByText(order.otaOrderId).waitFor();

    // what the panel shows, and the amount in its field, are written the same way
    await expect(field('Prices').textContent()).resolves.toBe('Adult 650.000\u00a0₫, Total 1.300.000\u00a0₫');
    await expect(field('Language').textContent()).resolves.toBe('Thai');
    await expect(priceInput('Adult').inputValue()).resolves.toBe('650.000');

    // the other convention does not read one way in dong: refused with the label, nothing saved
    await priceInput('Adult').fill('1,500,000');
    await priceInput('Adult').press('Enter');
    await panel().getByRole('alert').getByText('Invalid amount for Adult (write it as 1.500.000)').waitFor();
    await expect(savedPrices(order.id)).resolves.toEqual(['ADULT 650000', 'TOTAL 1300000']);

    await priceInput('Adult').fill('1.500.000');
    await priceInput('Adult').press('Enter');
    await expect.poll(() => savedPrices(order.id)).toEqual(['ADULT 1500000', 'TOTAL 1300000']);
    await expect(panel().getByRole('alert').count()).resolves.toBe(0);
    const question = panel().getByRole('group', {
      name: 'Adult changed from 650.000\u00a0₫ to 1.500.000\u00a0₫ for 2 adults; Total is still 1.300.000\u00a0₫.',
    });
    await question.waitFor();
    await expectAccessible(page, 'the order panel asking whether TOTAL follows');

    await question.getByRole('button', { name: 'Set Total to 3.000.000\u00a0₫' }).click();
    await question.waitFor({ state: 'detached' });
    await expect(priceInput('Total').inputValue()).resolves.toBe('3.000.000');
    await expect.poll(() => savedPrices(order.id)).toEqual(['ADULT 1500000', 'TOTAL 3000000']);
    await expect.poll(() => field('Prices').textContent()).toBe('Adult 1.500.000\u00a0₫, Total 3.000.000\u00a0₫');
  });
});
