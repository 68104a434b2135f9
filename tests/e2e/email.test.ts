import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { isFlagOn } from '../../shared/feature-flags';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { waitForMail, mailTo, type Mail } from './mailbox';

/**
 * Customer e-mails in the real app, delivered to the suite's real SMTP receiver (global setup):
 * the admin's first team (Cambodia, e-mail sending on) confirms orders this file creates on days
 * months ahead; Japan's team (flag off) is refused with 'Not Supported'; the send-info dialog
 * with its guide search runs on a team with information e-mails on (Vietnam or Thailand). Other
 * teams are opened in contexts of their own, so the first team stays the one selected.
 */
const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const RUN = Date.now().toString(36);

interface Team {
  id: string;
  code: string;
  name: string;
  timezone: string;
}
interface Created {
  id: string;
  displayId: string;
  otaOrderId: string;
  version: number;
  email: string;
}
interface Product {
  id: string;
  name: string;
  route: string;
  pack: string | null;
}
interface Flag {
  id: string;
  teams: string[];
  defaultState: boolean;
}

let browser: Browser;
let home: Page;
let token: string;
let teams: Team[];
let first: Team;
let flags: Flag[];

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const flagOn = (id: string, team: Team) =>
  isFlagOn(
    flags.find((f) => f.id === id),
    team.code,
  );

const dayIn = (timezone: string, daysAhead: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );

/** Orders of a team on one day months ahead, of its first product, each with its own address. */
async function createOrders(team: Team, daysAhead: number, tags: string[]): Promise<Created[]> {
  const { products } = await api<{ products: Product[] }>('GET', `/api/v1/products?teamId=${team.id}`);
  const product = products[0];
  const day = dayIn(team.timezone, daysAhead);
  const specs = tags.map((tag, i) => ({
    otaOrderId: `MAIL${tag}${RUN}`.toUpperCase(),
    // midday in every team's zone (the same day), a minute apart: the list shows them in this order
    departureAt: `${day}T04:0${i}:00.000Z`,
    language: 'English',
    product: { id: product.id, route: product.route },
    customer: { name: `Guest ${tag}`, email: `${tag.toLowerCase()}-${RUN}@example.test` },
    quantity: { adult: 2, child: 0 },
    prices: [{ type: 'ADULT', amount: 40, currency: 'USD' }],
  }));
  const { orders } = await api<{ orders: Array<Omit<Created, 'email'>> }>('POST', '/api/v1/orders/batch', {
    teamId: team.id,
    ota: 'KLOOK',
    orders: specs,
  });
  return specs.map((spec) => ({
    ...orders.find((o) => o.otaOrderId === spec.otaOrderId)!,
    email: spec.customer.email,
  }));
}

const setStatus = (order: Created, statusV2: string) =>
  api('PUT', '/api/v2/orders/status/batch', { orders: [{ id: order.id, statusV2 }] });

const messagesOf = (order: Created) =>
  api<{ emails: Array<{ state: string; type: string; to: string }> }>('GET', `/api/v1/orders/${order.id}/emails`).then(
    (r) => r.emails,
  );

/** Every variable filled: no Liquid left, no gap where a value should be. */
function expectNoEmptyVariable(mail: Mail) {
  for (const part of [mail.subject, mail.text]) {
    expect(part).not.toMatch(/\{\{|\{%|\s[.,:;)]|\(\s*\)|: *$|on \.| {2}/m);
  }
}

/** A page of this browser signed in as the admin, with another team selected (and its clock). */
async function pageOf(team: Team): Promise<Page> {
  const context = await newContext(browser, {
    timezoneId: team.timezone,
    storageState: await home.context().storageState(),
  });
  await context.addInitScript((id) => localStorage.setItem('teamId', id), team.id);
  return context.newPage();
}

/** The orders screen filtered to an OTA order id, with that order open in the side panel. */
async function openOrder(page: Page, order: Created) {
  await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
  await page.locator(`[role="row"][data-row-id="${order.id}"]`).click();
  await page.getByTestId('side-panel').getByText(order.otaOrderId).waitFor();
}

const emailButton = (page: Page) => page.getByTestId('list-toolbar').getByRole('button', { name: 'Email' });

async function emailMenu(page: Page, item: string) {
  await expect.poll(() => emailButton(page).isEnabled()).toBe(true);
  await emailButton(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** The send requests the page makes, with their Idempotency-Key and body. */
function sendRequests(page: Page) {
  const seen: Array<{ key: string | undefined; body: { orderIds: string[] } }> = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    // the dialog's previews send nothing: only the sends count
    if (r.method() === 'POST' && path.startsWith('/api/v1/orders/email/') && !path.endsWith('/preview')) {
      seen.push({ key: r.headers()['idempotency-key'], body: r.postDataJSON() as { orderIds: string[] } });
    }
  });
  return seen;
}

beforeAll(async () => {
  browser = await connectBrowser();
  home = await (await newContext(browser)).newPage();
  await signIn(home, baseUrl, 'admin@tourdesk.test');
  await home.waitForURL('**/orders/new-added');
  token = (await home.evaluate(() => localStorage.getItem('AUTH')))!;
  const teamId = await home.evaluate(() => localStorage.getItem('teamId'));
  teams = (await api<{ teams: Team[] }>('GET', '/api/v1/users/me')).teams;
  first = teams.find((t) => t.id === teamId)!;
  flags = (await api<{ data: Flag[] }>('GET', '/api/features')).data;
  // SPEC section 6: e-mail sending is on for the first team's country (Cambodia)
  expect(flagOn('EMAIL_SENDING_V1', first)).toBe(true);
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  onTestFailed(async () => {
    console.log(`PAGE ${home.url()}\n${(await home.locator('body').innerText()).slice(0, 1500)}`);
  });
});

describe('confirmations', () => {
  it('one order: the send-confirm dialog, the toast, the message at the receiver, the checkpoint in the panel', async () => {
    const [order] = await createOrders(first, 160, ['one']);
    const { products } = await api<{ products: Product[] }>('GET', `/api/v1/products?teamId=${first.id}`);
    const product = products[0];
    await openOrder(home, order);
    await expect.poll(() => emailButton(home).isEnabled()).toBe(true);
    await emailButton(home).click();
    await home.getByRole('menuitem', { name: 'Send confirmation' }).waitFor();
    await expectAccessible(home, 'the Email menu');
    await home.getByRole('menuitem', { name: 'Send confirmation' }).click();

    const dialog = home.getByTestId('send-confirm-dialog');
    await dialog.getByText(`Send confirmation: ${order.displayId}`).waitFor();
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('1 customer will receive it.');
    await expect(dialog.getByTestId('left-out').count()).resolves.toBe(0);
    await expectAccessible(home, 'the send-confirm dialog');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(home, '1 e-mail queued');
    await dialog.waitFor({ state: 'detached' });
    // the panel and the list row show the checkpoint at once
    await expect
      .poll(() => home.getByTestId('side-panel').locator('[data-field="Emails"]').innerText())
      .toContain('confirmation ✓');
    await expect
      .poll(() => home.locator(`[data-row-id="${order.id}"] [data-email-checkpoints]`).innerText())
      .toContain('Conf');

    const [mail] = await waitForMail(mailboxUrl, order.email);
    expect(mail.to).toEqual([order.email]);
    expect(mail.toHeader).toBe(order.email);
    // the seeded Klook confirmation of the product, every variable filled
    expect(mail.subject).toBe(`${product.name}: your Klook booking ${order.displayId} is confirmed`);
    expect(mail.text).toContain('Hello Guest one,');
    // the package in brackets only when the product has one of its own: never the name twice
    const pack = product.pack && product.pack !== product.name ? ` (${product.pack})` : '';
    expect(mail.text).toContain(`Thank you for booking ${product.name}${pack} on Klook.`);
    expect(mail.text).toMatch(/Your tour departs on \w{3} \d{1,2} \w{3} \d{4} at \d\d:\d\d for 2 guests\./);
    expect(mail.text).toContain(`Route: ${product.route}`);
    expect(mail.text).toContain(`Show your Klook voucher (${order.otaOrderId})`);
    expect(mail.text.trim().endsWith(first.name)).toBe(true);
    expectNoEmptyVariable(mail);
    // the HTML part: the team's name above the same text
    expect(mail.html).toContain(`>${first.name}</span>`);
    expect(mail.html).toContain('<p style="margin:0 0 16px">Hello Guest one,</p>');
    expect(mail.html).toContain(order.otaOrderId);

    // the panel lists the message and follows it until it is sent; its Activity then shows the e-mail
    const panel = home.getByTestId('side-panel');
    await panel
      .getByTestId('order-emails')
      .locator('li[data-state="sent"]')
      .filter({ hasText: `Confirmation to ${order.email}: Sent` })
      .waitFor();
    await panel
      .getByTestId('event-log')
      .getByText(/ · EMAIL$/)
      .waitFor();
    await expectAccessible(home, "the side panel with the order's e-mails");

    // the server set the checkpoint when the message was sent
    await expect
      .poll(() => messagesOf(order))
      .toMatchObject([{ type: 'CONFIRMATION', state: 'sent', to: order.email }]);
    const stored = await api<{ emailCheckpoints: { confirmation: boolean } }>('GET', `/api/v1/orders/${order.id}`);
    expect(stored.emailCheckpoints.confirmation).toBe(true);
  });

  it('several orders: the multi-send dialog says who is left out and why; only the others receive it', async () => {
    const [ok, canceled, confirmed] = await createOrders(first, 161, ['multiok', 'multicanceled', 'multisent']);
    await setStatus(canceled, 'canceled');
    await api('PUT', '/api/v1/orders/batch', {
      orders: [{ id: confirmed.id, version: confirmed.version, emailCheckpoints: { confirmation: true } }],
    });
    const day = dayIn(first.timezone, 161);
    await home.goto(`${baseUrl}/orders?from=${day}&to=${day}`);
    await home.locator(`[data-date-header="${day}"]`).click();
    await expect.poll(() => home.getByTestId('selection-count').innerText()).toBe('3 selected');
    await emailMenu(home, 'Send confirmation');

    const dialog = home.getByTestId('multi-send-confirmation-dialog');
    await dialog.getByText('Send confirmation: 3 orders').waitFor();
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('1 customer will receive it.');
    const leftOut = () => dialog.getByTestId('left-out').locator('li').allInnerTexts();
    await expect(leftOut()).resolves.toEqual([
      `canceled (1): ${canceled.displayId}`,
      `already sent (1): ${confirmed.displayId}`,
    ]);
    await expectAccessible(home, 'the multi-send-confirmation dialog');
    // "send again" takes in the one already confirmed, never the canceled one
    const again = dialog.getByLabel('Send again to those who already have it');
    await again.check();
    await expect.poll(() => dialog.getByRole('status').innerText()).toBe('2 customers will receive it.');
    await expect(leftOut()).resolves.toEqual([`canceled (1): ${canceled.displayId}`]);
    await again.uncheck();
    await expect.poll(() => dialog.getByRole('status').innerText()).toBe('1 customer will receive it.');

    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(home, '1 e-mail queued');
    await waitForMail(mailboxUrl, ok.email);
    await expect.poll(() => messagesOf(ok)).toMatchObject([{ state: 'sent' }]);
    // nothing was queued for those left out
    await expect(messagesOf(canceled)).resolves.toEqual([]);
    await expect(messagesOf(confirmed)).resolves.toEqual([]);
    await expect(mailTo(mailboxUrl, canceled.email)).resolves.toEqual([]);
    await expect(mailTo(mailboxUrl, confirmed.email)).resolves.toEqual([]);
  });

  it('a double click on Send queues one message', async () => {
    const [order] = await createOrders(first, 160, ['double']);
    const requests = sendRequests(home);
    await openOrder(home, order);
    await emailMenu(home, 'Send confirmation');
    await home.getByTestId('send-confirm-dialog').getByRole('button', { name: 'Send', exact: true }).dblclick();
    await toast(home, '1 e-mail queued');
    await waitForMail(mailboxUrl, order.email);
    await expect.poll(() => messagesOf(order)).toMatchObject([{ state: 'sent' }]);
    // one request went out (a second with the same key would have queued nothing either)
    expect(new Set(requests.map((r) => r.key)).size).toBe(1);
    expect(await mailTo(mailboxUrl, order.email)).toHaveLength(1);
  });

  it('a send that fails as a whole opens the mail error alert; Retry sends it again under the same key', async () => {
    const [order] = await createOrders(first, 160, ['retry']);
    const requests = sendRequests(home);
    await openOrder(home, order);
    await home.route('**/api/v1/orders/email/*', (route) =>
      route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'The mail service is down' } }),
    );
    await emailMenu(home, 'Send confirmation');
    await home.getByTestId('send-confirm-dialog').getByRole('button', { name: 'Send', exact: true }).click();
    const alert = home.getByTestId('mail-error-alert');
    await alert
      .getByText('Nothing was sent: the request did not go through. Check the connection and try again.')
      .waitFor();
    await expectAccessible(home, 'the mail error alert');
    await expect(messagesOf(order)).resolves.toEqual([]);

    await home.unroute('**/api/v1/orders/email/*');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await toast(home, '1 e-mail queued');
    await alert.waitFor({ state: 'detached' });
    await waitForMail(mailboxUrl, order.email);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual(requests[0]);
    expect(requests[0].body.orderIds).toEqual([order.id]);
  });

  it('some refused: the partial mail error alert lists them with why; Retry sends to those only', async () => {
    const [kept, late] = await createOrders(first, 162, ['partkept', 'partlate']);
    const day = dayIn(first.timezone, 162);
    const requests = sendRequests(home);
    // a browser that has not heard of the cancellation below: its live stream is down
    const liveEvents = (url: URL) => url.pathname === '/api/v1/events';
    await home.route(liveEvents, (route) => route.abort());
    await home.goto(`${baseUrl}/orders?from=${day}&to=${day}`);
    await home.locator(`[data-date-header="${day}"]`).click();
    await expect.poll(() => home.getByTestId('selection-count').innerText()).toBe('2 selected');
    // canceled by someone else while the list shows it as new
    await setStatus(late, 'canceled');
    await emailMenu(home, 'Send confirmation');
    const dialog = home.getByTestId('multi-send-confirmation-dialog');
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('2 customers will receive it.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();

    const alert = home.getByTestId('partial-mail-error-alert');
    await expect(alert.getByRole('alert').innerText()).resolves.toBe(`${late.displayId}: The order is canceled`);
    await toast(home, '1 e-mail queued');
    await expectAccessible(home, 'the partial mail error alert');
    await waitForMail(mailboxUrl, kept.email);

    await setStatus(late, 'new');
    await alert.getByRole('button', { name: 'Retry these' }).click();
    await alert.waitFor({ state: 'detached' });
    await waitForMail(mailboxUrl, late.email);
    expect(requests.map((r) => r.body.orderIds)).toEqual([[kept.id, late.id], [late.id]]);
    expect(requests[1].key).not.toBe(requests[0].key);
    expect(await mailTo(mailboxUrl, kept.email)).toHaveLength(1);
    await home.unroute(liveEvents);
  });
});

describe('cancellation and review', () => {
  it('from the side panel: the cancellation dialog needs a reason; the review dialog closes with nothing sent', async () => {
    const [canceled, travelled] = await createOrders(first, 163, ['cancelmail', 'reviewmail']);
    await setStatus(canceled, 'canceled');
    const requests = sendRequests(home);
    await openOrder(home, canceled);
    const panelEmail = home.getByTestId('side-panel').getByRole('button', { name: 'Email' });
    await expect.poll(() => panelEmail.isEnabled()).toBe(true);
    await panelEmail.click();
    await home.getByRole('menuitem', { name: 'Send cancellation' }).click();

    const dialog = home.getByTestId('send-cancellation-dialog');
    // a canceled order is who a cancellation is for
    await expect(dialog.getByRole('status').innerText()).resolves.toBe('1 customer will receive it.');
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    await expect(send.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Reason').fill('The boat is under repair.');
    await expect.poll(() => send.isEnabled()).toBe(true);
    await expectAccessible(home, 'the send-cancellation dialog');
    await send.click();
    await toast(home, '1 e-mail queued');
    const [mail] = await waitForMail(mailboxUrl, canceled.email);
    expect(mail.subject).toMatch(/^Booking canceled: .+ on \w{3} \d{1,2} \w{3} \d{4}$/);
    expect(mail.text).toContain(`Your booking ${canceled.otaOrderId} for `);
    expect(mail.text).toContain('Reason: The boat is under repair.');
    expectNoEmptyVariable(mail);

    await openOrder(home, travelled);
    await emailMenu(home, 'Ask for a review');
    const review = home.getByTestId('send-review-dialog');
    await review.getByText(`Ask for a review: ${travelled.displayId}`).waitFor();
    await expect(review.getByRole('status').innerText()).resolves.toBe('1 customer will receive it.');
    await expectAccessible(home, 'the send-review dialog');
    await review.getByRole('button', { name: 'Cancel' }).click();
    await review.waitFor({ state: 'detached' });
    expect(requests.map((r) => r.body.orderIds)).toEqual([[canceled.id]]);
    await expect(messagesOf(travelled)).resolves.toEqual([]);
  });
});

describe('feature flags', () => {
  it("on Japan's team the menu items are off and say why, and nothing is requested", async () => {
    const japan = teams.find((t) => t.code === 'JP')!;
    expect(flagOn('EMAIL_SENDING_V1', japan)).toBe(false);
    const [order] = await createOrders(japan, 160, ['japan']);
    const page = await pageOf(japan);
    const requests = sendRequests(page);
    await openOrder(page, order);
    await expect.poll(() => emailButton(page).isEnabled()).toBe(true);
    await emailButton(page).click();
    // (the 'Not Supported' toast of a send started as the flag went off: tests/e2e/email-preview.test.ts)
    const item = page.getByRole('menuitem', { name: /^Send confirmation/ });
    await expect.poll(() => item.getAttribute('aria-disabled')).toBe('true');
    await expect(item.innerText()).resolves.toContain('E-mail sending is not enabled for Japan');
    await expectAccessible(page, 'the Email menu with its items off');
    await item.click({ force: true });
    await expect(page.getByTestId('send-confirm-dialog').count()).resolves.toBe(0);
    expect(requests).toEqual([]);
    await page.context().close();
  });

  it('sends information only where information e-mails are on: the send-info dialog with a guide picked', async () => {
    if (!flagOn('INFO_SENDING_V1', first)) {
      // Cambodia has e-mail sending but not information e-mails (SPEC section 6)
      const [order] = await createOrders(first, 160, ['noinfo']);
      await openOrder(home, order);
      await expect.poll(() => emailButton(home).isEnabled()).toBe(true);
      await emailButton(home).click();
      const item = home.getByRole('menuitem', { name: /^Send information/ });
      await expect.poll(() => item.getAttribute('aria-disabled')).toBe('true');
      await expect(item.innerText()).resolves.toContain(`Information e-mails are not enabled for`);
      await home.keyboard.press('Escape');
      await expect(home.getByTestId('send-info-dialog').count()).resolves.toBe(0);
    }
    const team = teams.find((t) => ['VN', 'TH'].includes(t.code) && flagOn('INFO_SENDING_V1', t))!;
    expect(flagOn('EMAIL_SENDING_V1', team)).toBe(true);
    // the team's own directory of guides
    const [guide] = (
      await api<{ guides: Array<{ id: string; name: string }> }>('GET', `/api/v1/guides/search?teamId=${team.id}&num=1`)
    ).guides;
    const [order] = await createOrders(team, 160, ['info']);
    const page = await pageOf(team);
    await openOrder(page, order);
    await emailMenu(page, 'Send information');

    const dialog = page.getByTestId('send-info-dialog');
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    await dialog.getByText(`Send information: ${order.displayId}`).waitFor();
    // a message is what an information e-mail needs
    await expect(send.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Message').fill('Bring a hat & sunscreen: the sun is strong.');
    await dialog.getByLabel('Meeting point').fill('Hotel lobby');
    await dialog.getByLabel('Meeting time').fill('07:15');
    await dialog.getByLabel('Search guides').fill(guide.name);
    const option = dialog.getByRole('radio', { name: guide.name }).first();
    await option.click();
    await expect.poll(() => option.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'the send-info dialog with a guide picked');
    await send.click();
    await toast(page, '1 e-mail queued');
    await expect
      .poll(() => page.getByTestId('side-panel').locator('[data-field="Emails"]').innerText())
      .toContain('info ✓');

    const [mail] = await waitForMail(mailboxUrl, order.email);
    expect(mail.subject).toMatch(/^Your tour details: .+ on \w{3} \d{1,2} \w{3} \d{4}$/);
    expect(mail.text).toContain('Meeting point: Hotel lobby');
    expect(mail.text).toContain('Meeting time: 07:15');
    expect(mail.text).toContain(`Your guide: ${guide.name}`);
    expect(mail.text).toContain('Bring a hat & sunscreen: the sun is strong.');
    expectNoEmptyVariable(mail);
    expect(mail.html).toContain('Bring a hat &amp; sunscreen: the sun is strong.');
    expect(mail.html).toContain(`>${team.name}</span>`);
    await page.context().close();
  });
});
