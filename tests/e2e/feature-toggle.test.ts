import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { europeanCodes } from '../../shared/countries';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { pageApi } from './page-api';

// The feature toggle page end to end. It changes INFO_SENDING_V1 only (other files rely on
// EMAIL_SENDING_V1) and puts its countries back as they were at the end.
const baseUrl = inject('baseUrl');
const FLAG = 'INFO_SENDING_V1';
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Flag {
  id: string;
  teams: string[];
}

async function serverTeams(page: Page): Promise<string[]> {
  const { status, data } = await pageApi<{ data: Flag[] }>(page, 'GET', '/api/features');
  expect(status).toBe(200);
  return [...data.data.find((f) => f.id === FLAG)!.teams].sort();
}

async function signedIn(email: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, email);
  await page.waitForURL('**/orders/new-added');
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('feature toggle page', () => {
  it('a platform admin switches Europe at once, sees it partly on, and a refused change rolls back', async () => {
    const page = await signedIn('admin@tourdesk.test');
    const original = await serverTeams(page);
    try {
      // a failed load offers Retry
      await page.route('**/api/features', (route) =>
        route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'down' } }),
      );
      await nav(page).getByRole('link', { name: 'Feature toggles' }).click();
      await page.waitForURL('**/setting/feature-toggle');
      const retry = page.getByRole('button', { name: 'Retry' });
      await retry.waitFor();
      await expectAccessible(page, 'feature toggles, failed to load');
      await page.unroute('**/api/features');
      await retry.click();

      const flag = page.getByRole('region', { name: 'Information sending' });
      const europeGroup = flag.getByRole('group', { name: 'Europe' });
      const europe = europeGroup.getByRole('checkbox', { name: 'Europe', exact: true });
      await europe.waitFor();
      await expectAccessible(page, 'feature toggles');

      await europe.check();
      // every European country shows on at once, and the server agrees
      const europeBoxes = europeGroup.getByRole('checkbox');
      await expect(europeBoxes.count()).resolves.toBe(europeanCodes().length + 1);
      await expect
        .poll(() => europeBoxes.evaluateAll((boxes) => boxes.every((b) => (b as HTMLInputElement).checked)))
        .toBe(true);
      await expect.poll(() => serverTeams(page)).toEqual([...new Set([...original, ...europeanCodes()])].sort());

      // one country off again: Europe is partly on
      await europeGroup.getByRole('checkbox', { name: 'France' }).uncheck();
      await flag.locator('role=checkbox[name="Europe"][checked="mixed"]').waitFor();
      await expect.poll(() => serverTeams(page)).not.toContain('FR');
      // who changed it, when and what, recorded by the server
      await flag.getByText(/Last changed by Alex Admin on \d+ \w{3} \d{4} \d+:\d{2} [AP]M: off for France\./).waitFor();

      // the server refuses the next change: it rolls back with a toast
      await page.route(`**/api/features/${FLAG}`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 403, json: { error: 'FORBIDDEN', message: 'Only platform admins' } })
          : route.continue(),
      );
      const germany = europeGroup.getByRole('checkbox', { name: 'Germany' });
      await germany.click();
      await page.getByText('Failed to update feature flag').waitFor();
      await expect.poll(() => germany.isChecked()).toBe(true);
      await expectAccessible(page, 'feature toggles with an error toast');
      await page.unroute(`**/api/features/${FLAG}`);
      expect(await serverTeams(page)).toContain('DE');
    } finally {
      await page.unrouteAll();
      const restored = await pageApi(page, 'PATCH', `/api/features/${FLAG}`, { teams: original });
      expect(restored.status).toBe(200);
      expect(await serverTeams(page)).toEqual(original);
      await page.context().close();
    }
  });

  it('anyone else lands on the new orders and has no link to it', async () => {
    const page = await signedIn('member@tourdesk.test');
    await nav(page).getByRole('link', { name: 'Settings' }).waitFor();
    await expect(nav(page).getByRole('link', { name: 'Feature toggles' }).count()).resolves.toBe(0);
    await page.goto(`${baseUrl}/setting/feature-toggle`);
    await page.getByRole('heading', { name: 'New orders' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders/new-added');
    await page.context().close();
  });
});
