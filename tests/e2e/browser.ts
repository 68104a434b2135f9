import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The one Chromium the end-to-end files share (tests/e2e/global-setup.ts launches it): each file
 * connects, works in contexts of its own, and its `close()` disconnects, closing those contexts.
 */
export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** Signs in through the embedded identity provider as one of the demo accounts. */
export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * A browser context in the timezone of the demo admin's first team (Cambodia), so the timezone
 * mismatch alert stays closed unless a test asks for another zone.
 */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'Asia/Phnom_Penh', ...options });
}

/** Signed in as `email` on another team than the first (saved before the app starts), in its timezone. */
export async function signedInOnTeam(
  browser: Browser,
  baseUrl: string,
  team: { id: string; name: string; timezone: string },
  email = 'admin@tourdesk.test',
): Promise<Page> {
  const context = await newContext(browser, { timezoneId: team.timezone });
  await context.addInitScript((id) => localStorage.setItem('teamId', id), team.id);
  const page = await context.newPage();
  await signIn(page, baseUrl, email);
  await page.waitForURL('**/orders/new-added');
  await page.getByRole('button', { name: 'Switch team' }).getByText(team.name).waitFor();
  return page;
}
