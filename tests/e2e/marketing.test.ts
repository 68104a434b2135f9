import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { isFlagOn } from '../../shared/feature-flags';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { waitForMail } from './mailbox';
import { pageApi } from './page-api';

// Marketing end to end (issue 15), in team France (e-mail sending on; no other file touches its
// ads): an ad made with an uploaded image goes into the team's `email` group, a confirmation sent
// from /orders reaches the real SMTP receiver with the banner, the interstitial shows the ad in the
// phone preview, and an archived ad leaves it. Each screen passes axe with its editor, dialog or
// menu open. The e-mail group and the interstitial are put back as they were at the end.
const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const TEAM = 'team-fr';
const RUN = Date.now().toString(36);
const TITLE = `Seine dinner cruise ${RUN}`;
const LINK = `https://example.test/cruise/${RUN}`;

interface Ad {
  id: string;
  title: string;
  tag: string;
  imageUrl: string | null;
  linkUrl: string | null;
}
interface Group {
  id: string;
  tag: string | null;
  frequency: string;
  items: Ad[];
}

let browser: Browser;
let page: Page;
let interstitialBefore: Group | null = null;

/** A solid-colour PNG of the given size (RGB, no filter). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const groupsOfTeam = async () =>
  (await pageApi<{ groups: Group[] }>(page, 'GET', `/api/v1/advertisement/groups?teamId=${TEAM}`)).data.groups;
const adsOfTeam = async () =>
  (await pageApi<{ advertisements: Ad[] }>(page, 'GET', `/api/v1/advertisement?teamId=${TEAM}`)).data.advertisements;
const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

beforeAll(async () => {
  browser = await connectBrowser();
  // straight into team France, in its timezone (so no timezone alert covers the screen)
  const context = await newContext(browser, { timezoneId: 'Europe/Paris' });
  page = await context.newPage();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.evaluate((id) => localStorage.setItem('teamId', id), TEAM);
  await page.reload();
  await page.getByRole('button', { name: 'Switch team' }).waitFor();
  const flags = (
    await pageApi<{ data: { id: string; teams: string[]; defaultState: boolean }[] }>(page, 'GET', '/api/features')
  ).data.data;
  // SPEC section 6: e-mail sending is on for European teams
  expect(
    isFlagOn(
      flags.find((f) => f.id === 'EMAIL_SENDING_V1'),
      'FR',
    ),
  ).toBe(true);
  interstitialBefore = (await groupsOfTeam()).find((g) => g.tag === 'interstitial') ?? null;
});

afterAll(async () => {
  if (page) {
    // no banner in other files' e-mails; the interstitial as the seed made it
    for (const g of (await groupsOfTeam()).filter((x) => x.tag === 'email')) {
      await pageApi(page, 'DELETE', `/api/v1/advertisement/groups/${g.id}?teamId=${TEAM}`);
    }
    if (interstitialBefore) {
      await pageApi(page, 'PUT', `/api/v1/advertisement/groups/${interstitialBefore.id}/items`, {
        teamId: TEAM,
        advertisementIds: interstitialBefore.items.map((a) => a.id),
      });
      await pageApi(page, 'PATCH', `/api/v1/advertisement/groups/${interstitialBefore.id}`, {
        teamId: TEAM,
        frequency: interstitialBefore.frequency,
      });
    }
  }
  await browser?.close();
});

beforeEach(() => {
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 1500)}`);
  });
});

describe('marketing', () => {
  it('creates an ad with an uploaded image, puts it in the e-mail group, and the confirmation carries the banner', async () => {
    await page.goto(`${baseUrl}/marketing`);
    await page.getByRole('heading', { name: 'Marketing', level: 1 }).waitFor();
    await page.getByTestId('live-email').getByText('Customer e-mails carry no banner.').waitFor();
    await expectAccessible(page, 'the marketing home');

    await page.getByRole('link', { name: 'All advertisements' }).click();
    await page.getByRole('heading', { name: 'Advertisements', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New advertisement' }).click();
    const editor = page.getByTestId('ad-editor');
    await editor.getByText('New advertisement').waitFor();
    await expectAccessible(page, 'the ads list with the editor open');
    const create = editor.getByRole('button', { name: 'Create' });

    await editor.getByLabel('Title').fill(TITLE);
    // the link is checked in the form: only web addresses
    await editor.getByLabel('Link').fill('javascript:alert(1)');
    await editor.getByText('The link must be a web address (https:// or http://).').waitFor();
    expect(await create.isDisabled()).toBe(true);
    await editor.getByLabel('Link').fill(LINK);
    // the avatar's rules for the image: too large is refused with its message, nothing read
    const file = page.getByTestId('ad-image-file');
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(512_001) });
    await editor.getByText('File size exceeds 500 KB. Please upload a smaller file.').waitFor();
    expect(await create.isDisabled()).toBe(true);
    await file.setInputFiles({ name: 'cruise.png', mimeType: 'image/png', buffer: png(120, 60, [0, 129, 167]) });
    await editor.getByText('Uploaded: cruise.png').waitFor();
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();
    await toast('Advertisement created');
    await editor.waitFor({ state: 'detached' });
    const row = page.getByTestId('ad-row').filter({ hasText: TITLE });
    await row.getByText('New', { exact: true }).waitFor();
    await row.getByRole('link', { name: LINK }).waitFor();
    const ad = (await adsOfTeam()).find((a) => a.title === TITLE)!;
    expect(ad).toMatchObject({
      tag: 'new',
      linkUrl: LINK,
      imageUrl: expect.stringMatching(/^data:image\/png;base64,/),
    });

    // the e-mail group: made here (the seed has none), the ad added to it
    const groups = page.getByTestId('ad-groups');
    await groups.getByLabel('New group’s tag').fill('email');
    await groups.getByRole('button', { name: 'Create group' }).click();
    const emailGroup = groups.getByTestId('ad-group').filter({ hasText: 'E-mail banner' });
    await emailGroup.getByTestId('group-items').waitFor();
    await emailGroup.getByLabel('Add').selectOption({ label: TITLE });
    await emailGroup.getByTestId('group-item').filter({ hasText: TITLE }).waitFor();
    await expect.poll(async () => row.innerText()).toContain('In: E-mail banner');
    await expectAccessible(page, 'the ads list with the e-mail group open');
    // deleting a group is asked first
    await emailGroup.getByRole('button', { name: 'Delete E-mail banner' }).click();
    const confirm = page.getByTestId('delete-group-dialog');
    await confirm.getByText('E-mail banner goes; its advertisements stay in the list.').waitFor();
    await expectAccessible(page, 'the ads list asking before a group is deleted');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    // a second e-mail group is refused before asking
    await groups.getByLabel('New group’s tag').fill('Email');
    await groups.getByText('The team already has a group tagged email.').waitFor();
    await groups.getByLabel('New group’s tag').fill('');

    // a confirmation from /orders, delivered to the real SMTP receiver
    const { products } = (
      await pageApi<{ products: { id: string; route: string }[] }>(page, 'GET', `/api/v1/products?teamId=${TEAM}`)
    ).data;
    const otaOrderId = `ADS${RUN}`.toUpperCase();
    const email = `banner-${RUN}@example.test`;
    const created = await pageApi<{ orders: { id: string }[] }>(page, 'POST', '/api/v1/orders/batch', {
      teamId: TEAM,
      ota: 'KLOOK',
      orders: [
        {
          otaOrderId,
          departureAt: new Date(Date.now() + 250 * 86_400_000).toISOString(),
          language: 'English',
          product: { id: products[0].id, route: products[0].route },
          customer: { name: 'Banner Guest', email },
          quantity: { adult: 2, child: 0 },
          prices: [{ type: 'ADULT', amount: 40, currency: 'EUR' }],
        },
      ],
    });
    expect(created.status).toBe(200);
    const orderId = created.data.orders[0].id;
    await page.goto(`${baseUrl}/orders?dates=all&q=${otaOrderId}`);
    await page.locator(`[role="row"][data-row-id="${orderId}"]`).click();
    await page.getByTestId('side-panel').getByText(otaOrderId).waitFor();
    const emailButton = page.getByTestId('list-toolbar').getByRole('button', { name: 'Email' });
    await expect.poll(() => emailButton.isEnabled()).toBe(true);
    await emailButton.click();
    await page.getByRole('menuitem', { name: 'Send confirmation' }).click();
    const dialog = page.getByTestId('send-confirm-dialog');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toast('1 e-mail queued');

    const [mail] = await waitForMail(mailboxUrl, email, 1, 20_000);
    const banner = mail.html.slice(mail.html.indexOf('data-banner="ads"'));
    expect(mail.html).toContain('data-banner="ads"');
    expect(banner).toContain(`<img src="cid:ad-${ad.id}@tourdesk" alt="${TITLE}"`);
    expect(banner).toContain(`<a href="${LINK}" target="_blank"`);
    expect(mail.text).toContain(`${TITLE}: ${LINK}`);
  });

  it('shows the ad in the interstitial’s phone preview, and an archived ad nowhere', async () => {
    const ad = (await adsOfTeam()).find((a) => a.title === TITLE)!;
    await page.goto(`${baseUrl}/marketing/interstitial`);
    await page.getByRole('heading', { name: 'Interstitial', level: 1 }).waitFor();
    const items = page.getByTestId('group-items');
    await items.getByLabel('Add').selectOption({ label: TITLE });
    await items.getByTestId('group-item').filter({ hasText: TITLE }).waitFor();
    // the new one is last: step to it in the preview as a customer would
    const screen = page.getByTestId('phone-screen');
    await screen.getByRole('button', { name: new RegExp(`: ${TITLE}$`) }).click();
    await expect.poll(() => screen.getByTestId('interstitial-title').innerText()).toBe(TITLE);
    await expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).resolves.toBe(LINK);
    await expect(screen.getByRole('img', { name: TITLE }).isVisible()).resolves.toBe(true);
    // a phone: 375 px wide
    expect((await screen.boundingBox())!.width).toBe(375);
    // how often, stored with the group
    await page.getByLabel('Show it to the same customer').selectOption({ label: 'At most once a week' });
    await toast('Interstitial frequency saved');
    await expect
      .poll(() => page.getByTestId('interstitial-summary').innerText())
      .toMatch(/at most once a week for each customer\.$/);
    await expectAccessible(page, 'the interstitial with its preview');
    expect((await groupsOfTeam()).find((g) => g.tag === 'interstitial')).toMatchObject({ frequency: 'weekly' });

    // archived: out of the preview (still listed in the group, marked)
    await page.goto(`${baseUrl}/marketing/ads-list`);
    const row = page.getByTestId('ad-row').filter({ hasText: TITLE });
    await row.getByRole('button', { name: `Move to (${TITLE})` }).click();
    await page.getByRole('menuitem', { name: 'Archived' }).waitFor();
    await expectAccessible(page, 'the ads list with the Move to menu open');
    await page.getByRole('menuitem', { name: 'Archived' }).click();
    await toast(`“${TITLE}” moved to Archived`);
    await row.getByText('Archived', { exact: true }).waitFor();
    expect((await adsOfTeam()).find((a) => a.id === ad.id)!.tag).toBe('archived');

    await page.goto(`${baseUrl}/marketing/interstitial`);
    await page.getByTestId('group-item').filter({ hasText: TITLE }).getByText('Not shown to customers').waitFor();
    await expect(page.getByTestId('phone-screen').getByText(TITLE).count()).resolves.toBe(0);
    await page.goto(`${baseUrl}/marketing`);
    await page.getByTestId('live-email').getByText('Customer e-mails carry no banner.').waitFor();
  });
});
