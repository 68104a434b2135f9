import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PIN, startCluster, type Cluster } from '../../scripts/cluster';
import { startScratchPostgres, type ScratchPostgres } from '../../scripts/lib/scratch-postgres';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { reseller } from './octo-reseller';
import { createTestOrder, pageApi } from './page-api';

// Two operators on two server instances sharing one PostgreSQL (issue 23): behind the cluster's
// proxy, a sticky header pins each browser to its instance as a load balancer would. The admin
// works on instance 1, the editor on instance 2; changes cross instances by LISTEN/NOTIFY, a token
// issued by one instance works on the other, and the editor's browser rides out a restart of its
// instance without missing a change made meanwhile.
let pg: ScratchPostgres;
let cluster: Cluster;
let browser: Browser;
let admin: Page;
let editor: Page;
let editorContext: BrowserContext;

const live = (page: Page) => page.getByRole('status', { name: 'Live updates: Live' });
const row = (page: Page, id: string) => page.locator(`[role="row"][data-row-id="${id}"]`);
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function operator(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, cluster.origin, email);
  await page.waitForURL('**/orders/new-added');
  await page.getByTestId('list-scroller').waitFor();
  return page;
}

/**
 * Which instance answered the page's next orders request pinned to `pin` (a request the page sent
 * before, still on its way when `go` starts, is not the one asked about).
 */
async function instanceOfNextList(page: Page, pin: string, go: () => Promise<unknown>): Promise<string | undefined> {
  const [response] = await Promise.all([
    page.waitForResponse(
      async (r) =>
        new URL(r.url()).pathname === '/api/v1/orders' &&
        r.request().method() === 'GET' &&
        (await r.request().allHeaders())[PIN] === pin,
    ),
    go(),
  ]);
  expect(response.status()).toBe(200);
  return response.headers()['x-instance'];
}

beforeAll(async () => {
  pg = await startScratchPostgres();
  // both start at once on an empty database: migrations, seed and keys race to nothing
  cluster = await startCluster({ instances: 2, databaseUrl: pg.url, env: { DATA_DIR: ':memory:', SMTP_URL: '' } });
  browser = await connectBrowser();
  const adminContext = await newContext(browser, { extraHTTPHeaders: { [PIN]: '1' } });
  admin = await operator(adminContext, 'admin@tourdesk.test');
  // the editor signs in on instance 1 too: its token then has to work on instance 2
  editorContext = await newContext(browser, { extraHTTPHeaders: { [PIN]: '1' } });
  editor = await operator(editorContext, 'editor@tourdesk.test');
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
  pg?.stop();
});
beforeEach(() => {
  onTestFailed(async () => {
    for (const [who, page] of [
      ['admin', admin],
      ['editor', editor],
    ] as const)
      console.log(`${who.toUpperCase()} ${page?.url()}\n${(await page?.locator('body').innerText())?.slice(0, 1200)}`);
  });
});

describe('two instances on one PostgreSQL, one truth', () => {
  it('a token issued by instance 1 works on instance 2', async () => {
    await editorContext.setExtraHTTPHeaders({ [PIN]: '2' });
    const answeredBy = await instanceOfNextList(editor, '2', () => editor.reload());
    expect(answeredBy).toBe('2');
    await editor.locator('[role="row"][data-row-id]:not([data-date-header])').first().waitFor();
    expect(new URL(editor.url()).pathname).toBe('/orders/new-added');
  });

  it('shows Live on both instances, accessibly', async () => {
    await live(admin).waitFor({ timeout: 10_000 });
    await live(editor).waitFor({ timeout: 10_000 });
    await expectAccessible(editor, 'the orders screen on instance 2 with the live indicator');
  });

  it('a status moved by the admin on instance 1 shows in the editor’s list on instance 2 within a second', async () => {
    const order = await createTestOrder(admin, 'E2ECLUSTER', 9);
    const search = `/orders?dates=all&q=${order.otaOrderId}`;
    await editor.goto(`${cluster.origin}${search}`);
    await row(editor, order.id).waitFor();
    await live(editor).waitFor({ timeout: 10_000 });
    await markDocument(editor);

    await admin.goto(`${cluster.origin}${search}`);
    await row(admin, order.id).click();
    await admin.getByRole('button', { name: 'Move to' }).click();
    const moved = Date.now();
    await admin.getByRole('menuitem', { name: 'Pending' }).click();

    await expect.poll(() => row(editor, order.id).innerText(), { timeout: 1000, interval: 25 }).toContain('Pending');
    console.log(`cluster: instance 2 showed instance 1's move ${Date.now() - moved} ms after the click`);
    await expect(sameDocument(editor)).resolves.toBe(true);
  });

  it('a channel booking appears in both browsers', async () => {
    const teamId = await admin.evaluate(() => localStorage.getItem('teamId'));
    const key = await pageApi<{ secret: string }>(admin, 'POST', '/api/v1/team/channel-keys', {
      teamId,
      channel: 'KLOOK',
      name: 'Klook cluster e2e',
    });
    expect(key.status).toBe(200);
    // the reseller goes through the round robin, as it would through the load balancer
    const { sellable, book } = reseller(cluster.url, key.data.secret);
    const sale = await sellable();
    const { open } = sale;
    const day = open[0].id.slice(0, 10);
    for (const page of [admin, editor]) {
      await page.goto(`${cluster.origin}/orders?from=${day}&to=${day}`);
      await page.getByTestId('list-scroller').waitFor();
      await live(page).waitFor({ timeout: 10_000 });
      await markDocument(page);
    }

    const reference = `KL-CLUSTER-${Date.now()}`;
    await book(sale, open[0].id, {
      resellerReference: reference,
      contact: { fullName: 'Lê Văn Hùng', emailAddress: 'hung@example.test' },
    });

    for (const page of [admin, editor]) {
      await page.locator('[role="row"][data-row-id]').filter({ hasText: reference }).waitFor({ timeout: 2000 });
      await page.getByText('1 new order from Klook').first().waitFor({ timeout: 5000 });
      await expect(sameDocument(page)).resolves.toBe(true);
    }
  });

  it('after instance 2 restarts, the editor’s browser reconnects and misses nothing', async () => {
    const moved = await createTestOrder(admin, 'E2ERESTARTA', 11);
    const day = moved.departureAt.slice(0, 10);
    await editor.goto(`${cluster.origin}/orders?from=${day}&to=${day}`);
    await row(editor, moved.id).waitFor();
    await live(editor).waitFor({ timeout: 10_000 });
    await markDocument(editor);

    const restarting = cluster.instances[1].restart();
    await editor.getByRole('status', { name: 'Live updates: Reconnecting…' }).waitFor({ timeout: 10_000 });
    // while instance 2 is away: a move and a new order, both on instance 1
    await admin.goto(`${cluster.origin}/orders?dates=all&q=${moved.otaOrderId}`);
    await row(admin, moved.id).click();
    await admin.getByRole('button', { name: 'Move to' }).click();
    await admin.getByRole('menuitem', { name: 'Pending' }).click();
    await expect.poll(() => row(admin, moved.id).innerText()).toContain('Pending');
    const added = await createTestOrder(admin, 'E2ERESTARTB', 11);
    await restarting;

    await live(editor).waitFor({ timeout: 30_000 });
    await expect.poll(() => row(editor, moved.id).innerText(), { timeout: 5000 }).toContain('Pending');
    await row(editor, added.id).waitFor({ timeout: 5000 });
    await expect(row(editor, added.id).count()).resolves.toBe(1);
    await expect(sameDocument(editor)).resolves.toBe(true);
  }, 120_000);
});
