import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { mailTo, waitForMail } from './mailbox';
import { pageApi } from './page-api';

/**
 * Customer e-mails sent seeing what goes out (issue 24, point 4), in the admin's first team
 * (Cambodia, e-mail sending on), with Vietnamese customers: the dialog lists the recipients with
 * their addresses and shows each one's message as the server renders it, names the order that
 * departed and leaves it out unless kept; the message received by the real SMTP receiver is the
 * one previewed; the product without a pack is named once; and when the country's flag goes off,
 * a send already under way answers 'Not Supported' and the menu then says why its items are off.
 */
const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const RUN = Date.now().toString(36).toUpperCase();
// the seeded Cambodian product without a pack: "Tonle Sap Floating Village (Tonle Sap Floating Village)" was seen
const PRODUCT = { id: 'REP-TONLE', name: 'Tonle Sap Floating Village' };

interface Created {
  id: string;
  displayId: string;
  otaOrderId: string;
  name: string;
  email: string;
}

let browser: Browser;
let page: Page;
let teamId: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { status, data } = await pageApi<T>(page, method, path, body);
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(data)}`);
  return data;
}

/** KLOOK orders of the product, one per customer, departing `days` from now (negative: gone). */
async function createOrders(customers: Array<{ tag: string; name: string; days: number }>): Promise<Created[]> {
  const specs = customers.map(({ tag, name, days }) => ({
    otaOrderId: `PV${tag}${RUN}`,
    departureAt: new Date(Date.now() + days * 86_400_000).toISOString(),
    language: 'Vietnamese',
    product: { id: PRODUCT.id },
    customer: { name, email: `pv-${tag.toLowerCase()}-${RUN.toLowerCase()}@example.test` },
    quantity: { adult: 2, child: 0 },
    prices: [{ type: 'ADULT', amount: 25, currency: 'USD' }],
  }));
  const { orders } = await api<{ orders: Array<{ id: string; displayId: string; otaOrderId: string }> }>(
    'POST',
    '/api/v1/orders/batch',
    { teamId, ota: 'KLOOK', orders: specs },
  );
  return specs.map((spec) => ({
    ...orders.find((o) => o.otaOrderId === spec.otaOrderId)!,
    name: spec.customer.name,
    email: spec.customer.email,
  }));
}

const messagesOf = (order: Created) =>
  api<{ emails: Array<{ state: string }> }>('GET', `/api/v1/orders/${order.id}/emails`).then((r) => r.emails);
const emailButton = () => page.getByTestId('list-toolbar').getByRole('button', { name: 'Email' });

async function openEmailMenu() {
  await expect.poll(() => emailButton().isEnabled()).toBe(true);
  await emailButton().click();
}

beforeAll(async () => {
  browser = await connectBrowser();
  page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  teamId = (await page.evaluate(() => localStorage.getItem('teamId')))!;
  const { products } = await api<{ products: Array<{ id: string; pack: string | null }> }>(
    'GET',
    `/api/v1/products?teamId=${teamId}`,
  );
  // the first team is Cambodia's, with the seeded product that has no pack
  expect(products.find((p) => p.id === PRODUCT.id)?.pack ?? null).toBeNull();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 1500)}`);
  });
});

describe('the confirmation dialog shows what goes out', () => {
  it('lists the recipients, previews each message as sent, and leaves the departed order out unless kept', async () => {
    const [lan, minh, anh] = await createOrders([
      { tag: 'LAN', name: 'Nguyễn Thị Lan', days: 170 },
      { tag: 'MINH', name: 'Trần Văn Minh', days: 171 },
      { tag: 'ANH', name: 'Lê Hoàng Anh', days: -17 },
    ]);
    const row = (o: Created) => page.locator(`[role="row"][data-row-id="${o.id}"]`);
    // the three orders, found by the part of their addresses they share
    await page.goto(`${baseUrl}/orders?dates=all&q=${encodeURIComponent(`${RUN.toLowerCase()}@example.test`)}`);
    await row(anh).click();
    await row(lan).click({ modifiers: ['Control'] });
    await row(minh).click({ modifiers: ['Control'] });
    await expect.poll(() => page.getByTestId('selection-count').innerText()).toBe('3 selected');
    await openEmailMenu();
    await page.getByRole('menuitem', { name: 'Send confirmation' }).click();

    const dialog = page.getByTestId('multi-send-confirmation-dialog');
    await dialog.getByText('Send confirmation: 3 orders').waitFor();
    const status = () => dialog.getByRole('status').innerText();
    await expect(status()).resolves.toBe('2 customers will receive it.');
    // who receives it: name and address
    const recipients = () => dialog.getByTestId('recipients').locator('li').allInnerTexts();
    await expect(recipients()).resolves.toEqual([`${lan.name} <${lan.email}>`, `${minh.name} <${minh.email}>`]);
    // the order that departed 17 days ago is named, and left out
    const departed = dialog.getByTestId('departed');
    await expect(departed.innerText()).resolves.toContain('1 order has already departed');
    await expect(departed.innerText()).resolves.toContain(`${anh.displayId}, departed `);

    // the first recipient's message as the server renders it: the product named once
    const preview = dialog.getByTestId('email-preview');
    await preview.getByText(`To: ${lan.name} <${lan.email}>`).waitFor();
    await expect(preview.getByText('1 of 2').count()).resolves.toBe(1);
    const subject = () => preview.getByTestId('preview-subject').innerText();
    const text = () => preview.getByTestId('preview-text').innerText();
    await expect(subject()).resolves.toBe(`Subject: ${PRODUCT.name}: your Klook booking ${lan.displayId} is confirmed`);
    await expect(text()).resolves.toContain(`Hello ${lan.name},`);
    await expect(text()).resolves.toContain(`Thank you for booking ${PRODUCT.name} on Klook.`);
    await expect(text()).resolves.not.toContain(`(${PRODUCT.name})`);
    const lanText = await text();
    await expectAccessible(page, 'the multi-send-confirmation dialog with its preview');

    // step to the next recipient, and back
    const next = preview.getByRole('button', { name: 'Next' });
    const previous = preview.getByRole('button', { name: 'Previous' });
    await expect(previous.isDisabled()).resolves.toBe(true);
    await next.click();
    await preview.getByText(`To: ${minh.name} <${minh.email}>`).waitFor();
    await expect(preview.getByText('2 of 2').count()).resolves.toBe(1);
    await expect.poll(() => text()).toContain(`Hello ${minh.name},`);
    await expect(next.isDisabled()).resolves.toBe(true);
    await previous.click();
    await preview.getByText(`To: ${lan.name} <${lan.email}>`).waitFor();

    // kept, the departed order joins the recipients and the preview; untick, it leaves again
    const keep = departed.getByLabel('Send to it as well');
    await keep.check();
    await expect.poll(status).toBe('3 customers will receive it.');
    await expect(recipients()).resolves.toContain(`${anh.name} <${anh.email}>`);
    // the list puts the departed order first; Lan, whose message is shown, stays in view
    await preview.getByText('2 of 3').waitFor();
    await preview.getByText(`To: ${lan.name} <${lan.email}>`).waitFor();
    await keep.uncheck();
    await expect.poll(status).toBe('2 customers will receive it.');
    await preview.getByText('1 of 2').waitFor();

    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('2 e-mails queued', { exact: true }).first().waitFor();
    // what Lan receives is what the dialog showed
    const [mail] = await waitForMail(mailboxUrl, lan.email);
    expect(mail.subject).toBe(`${PRODUCT.name}: your Klook booking ${lan.displayId} is confirmed`);
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(lanText.trim());
    await waitForMail(mailboxUrl, minh.email);
    // the departed customer got nothing
    await expect.poll(() => messagesOf(minh)).toMatchObject([{ state: 'sent' }]);
    await expect(messagesOf(anh)).resolves.toEqual([]);
    await expect(mailTo(mailboxUrl, anh.email)).resolves.toEqual([]);
  });
});

describe('when the country has not enabled e-mails', () => {
  it("a send started as the flag went off answers 'Not Supported'; then the menu says why its items are off", async () => {
    const [order] = await createOrders([{ tag: 'FLAG', name: 'Phạm Quỳnh Như', days: 172 }]);
    await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
    await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
    await expect.poll(() => page.getByTestId('selection-count').innerText()).toBe('1 selected');
    await openEmailMenu();
    const confirm = page.getByRole('menuitem', { name: /^Send confirmation/ });
    await expect(confirm.getAttribute('aria-disabled')).resolves.not.toBe('true');
    await page.keyboard.press('Escape');

    const flag = 'EMAIL_SENDING_V1';
    const { data } = await api<{ data: Array<{ id: string; teams: string[] }> }>('GET', '/api/features');
    const teams = data.find((f) => f.id === flag)!.teams;
    expect(teams).toContain('KH');
    await api('PATCH', `/api/features/${flag}`, { teams: teams.filter((t) => t !== 'KH') });
    try {
      // the screen read the flag on: the send reads it again, and refuses before any request
      await openEmailMenu();
      await confirm.click();
      await page.getByText('Not Supported', { exact: true }).first().waitFor();
      await expect(page.getByTestId('send-confirm-dialog').count()).resolves.toBe(0);

      // from now on the items are off, and say why
      await openEmailMenu();
      await expect.poll(() => confirm.getAttribute('aria-disabled')).toBe('true');
      await expect(confirm.innerText()).resolves.toContain('E-mail sending is not enabled for Cambodia');
      await expectAccessible(page, 'the Email menu with its items off');
      await page.keyboard.press('Escape');
    } finally {
      await api('PATCH', `/api/features/${flag}`, { teams });
    }
    await expect(messagesOf(order)).resolves.toEqual([]);
  });
});
