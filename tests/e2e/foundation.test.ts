import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from './browser';

// The foundation, end to end: the real app, API and identity provider started by `npm start`.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
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

  it('logs out, clears the token and asks the provider for the account again', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/login');
    expect(await storage(page, 'AUTH')).toBeNull();
    await page.getByRole('button', { name: 'Sign in' }).click();
    // No silent sign-in: the provider's login page is shown again.
    await page.getByLabel('Email').waitFor();
    expect(page.url()).toContain('/oidc/');
    await page.context().close();
  });
});
