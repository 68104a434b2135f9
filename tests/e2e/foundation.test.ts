import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SHORTCUT_SCOPES, SHORTCUTS, shortcutsOf } from '../../src/domain/shortcuts';
import { connectBrowser, newContext, signIn } from './browser';

// The foundation, end to end: the real app, API and identity provider started by `npm start`.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<Page> {
  const context = await newContext(browser);
  return context.newPage();
}

async function signedIn(email = 'admin@tourdesk.test'): Promise<Page> {
  const page = await freshPage();
  await signIn(page, baseUrl, email);
  await page.waitForURL('**/orders/new-added');
  await page.getByRole('button', { name: 'Switch team' }).waitFor();
  return page;
}

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('signing in', () => {
  it('signs in through the embedded identity provider and lands on new orders', async () => {
    const page = await signedIn();
    expect(new URL(page.url()).pathname).toBe('/orders/new-added');
    await expect(page.title()).resolves.toBe('New orders | Tourdesk');
    await page.getByRole('heading', { name: 'New orders' }).waitFor();
    await page.getByText('admin@tourdesk.test').waitFor();
    expect(await storage(page, 'AUTH')).toBeTruthy();
    expect(await storage(page, 'teamId')).toBeTruthy();
    await page.context().close();
  });
});

describe('guards', () => {
  it('sends a visitor to the login page from any screen but login and onboarding', async () => {
    const page = await freshPage();
    await page.goto(`${baseUrl}/tours/today`);
    await page.waitForURL('**/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto(`${baseUrl}/auth/onboarding`);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/auth/onboarding');
    await page.context().close();
  });

  it('sends a signed-in user away from the login page to new orders', async () => {
    const page = await signedIn();
    await page.goto(`${baseUrl}/auth/login`);
    await page.waitForURL('**/orders/new-added');
    await page.goto(`${baseUrl}/`);
    await page.waitForURL('**/orders/new-added');
    await page.context().close();
  });
});

describe('pages', () => {
  it('shows "Page not found" for an unmatched route', async () => {
    const page = await signedIn();
    await page.goto(`${baseUrl}/no/such/screen`);
    await page.getByText('Page not found').waitFor();
    await page.context().close();
  });
});

describe('session', () => {
  it('logs out on a 401 and lands on the login page with the signed-out notice', async () => {
    const page = await signedIn();
    // The API answers 401 from now on, as it does for an expired token.
    await page.route('**/api/v1/**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"error":"UNAUTHORIZED","message":"Token expired"}',
      }),
    );
    await page.reload();
    await page.waitForURL('**/auth/login?unauthorized=1');
    await page.getByText(/signed out/i).waitFor();
    expect(await storage(page, 'AUTH')).toBeNull();
    await page.context().close();
  });

  it('switches team, stores its id and reloads with the new team', async () => {
    const page = await signedIn();
    const before = await storage(page, 'teamId');
    await page.getByRole('button', { name: 'Switch team' }).click();
    const japan = page.getByRole('menuitem', { name: 'Japan' });
    await japan.waitFor();
    const reloaded = page.waitForEvent('load');
    await japan.click();
    await reloaded;
    await page.getByTestId('team-caption').getByText('Asia/Tokyo', { exact: false }).waitFor();
    // Japan's clock differs from the browser's (the first team's zone): the alert says so once
    const alert = page
      .getByRole('alertdialog', { name: 'Timezone mismatch' })
      .or(page.getByRole('dialog', { name: 'Timezone mismatch' }));
    await alert.getByText('Asia/Tokyo', { exact: false }).first().waitFor();
    await alert.getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByRole('button', { name: 'Switch team' }).textContent()).resolves.toContain('Japan');
    const after = await storage(page, 'teamId');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    await page.context().close();
  });

  it('logs out on the server too, clears the token and asks the provider for the account again', async () => {
    const page = await signedIn();
    const token = await storage(page, 'AUTH');
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await asked).status()).toBe(204);
    await page.waitForURL('**/auth/login');
    expect(await storage(page, 'AUTH')).toBeNull();
    // the token is revoked on the server: a call with it, from anywhere, is 401
    const later = await page.request.get(`${baseUrl}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(later.status()).toBe(401);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // No silent sign-in: the provider's login page is shown again.
    await page.getByLabel('Email').waitFor();
    expect(page.url()).toContain('/oidc/');
    await page.context().close();
  });
});

describe('look', () => {
  it('renders in Inter, one latin file from the app itself, nothing fetched from elsewhere', async () => {
    const page = await freshPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.display}`);
    });
    expect(loaded).toEqual(['Inter Variable swap']);
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(new RegExp(`^${baseUrl}/assets/inter-latin-wght-normal-[\\w-]+\\.woff2$`));
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", Inter,/);
    await page.context().close();
  });
});

describe('keyboard', () => {
  it('reaches the list from the top of the page with one Tab and Enter (the skip link)', async () => {
    const page = await signedIn();
    await page.getByRole('grid').waitFor();
    const skip = page.getByRole('link', { name: 'Skip to list' });
    // out of sight until the keyboard reaches it
    expect((await skip.boundingBox())!.y).toBeLessThan(0);
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(async () => (await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null)).toBe(true);
    // elsewhere it leads to the page's content
    await page.getByRole('link', { name: 'Export', exact: true }).click();
    await page.waitForURL('**/export');
    await page.reload();
    await page.getByRole('heading', { name: 'Export' }).first().waitFor();
    await page.keyboard.press('Tab');
    const skipToContent = page.getByRole('link', { name: 'Skip to content' });
    expect(await skipToContent.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.context().close();
  });

  it('opens the sheet of every shortcut with ?, but not while typing, and closes it with Escape', async () => {
    const page = await signedIn();
    await page.getByRole('grid').waitFor();
    const search = page.getByRole('search', { name: 'Filters' }).getByLabel('Search');
    await search.pressSequentially('is it?');
    expect(await search.inputValue()).toBe('is it?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await search.blur();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    for (const shortcut of SHORTCUTS) {
      const entry = sheet.getByText(shortcut.description, { exact: true });
      expect(await entry.count(), shortcut.description).toBe(1);
    }
    const keys = SHORTCUT_SCOPES.flatMap(({ scope }) => shortcutsOf(scope).flatMap((s) => s.keys));
    expect(await sheet.locator('kbd').allInnerTexts()).toEqual(keys);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('puts the caret in the search with /, but types / in a field', async () => {
    const page = await signedIn();
    await page.getByRole('grid').waitFor();
    const search = page.getByRole('search', { name: 'Filters' }).getByLabel('Search');
    await page.getByRole('grid').focus();
    await page.keyboard.press('/');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search.inputValue()).toBe('');
    await page.keyboard.type('a/b');
    expect(await search.inputValue()).toBe('a/b');
    await page.context().close();
  });
});
