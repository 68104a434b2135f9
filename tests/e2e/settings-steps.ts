import type { Browser, Page } from 'playwright-core';
import { newContext, signIn } from './browser';

/** Browser steps shared by the settings e2e files. They work in team KH, which only they change. */
export const KH_ID = 'team-kh';

/** Signed in as `email`, with team KH selected (saved team id, then a reload), in KH's timezone
 *  (so the timezone mismatch alert stays closed). */
export async function signedInOnKh(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const context = await newContext(browser, { timezoneId: 'Asia/Phnom_Penh' });
  const page = await context.newPage();
  await signIn(page, baseUrl, email);
  await page.waitForURL('**/orders/new-added');
  await page.evaluate((id) => localStorage.setItem('teamId', id), KH_ID);
  await page.reload();
  await switcher(page).waitFor();
  return page;
}

export const switcher = (page: Page) => page.getByRole('button', { name: 'Switch team' });
export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

export async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('user-box').locator('..').getByRole('button', { name: 'Settings' }).click();
  await dialog(page).waitFor();
}

/** Marks the tests' own calls, which the model test never holds back. */
export const SETUP_HEADER = 'x-test-setup';

/** Calls the API as the signed-in user (to set up or restore data). */
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body, header }) => {
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('AUTH')}`,
          'Content-Type': 'application/json',
          [header]: '1',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status;
    },
    { method, path, body, header: SETUP_HEADER },
  );
}

/** Team KH's name and logo, and the admin's profile, as the seed has them. */
export async function restoreSeed(page: Page): Promise<void> {
  await callApi(page, 'PUT', `/api/v1/team/setting?teamId=${KH_ID}`, { name: 'Cambodia' });
  await callApi(page, 'PUT', '/api/v1/user/setting?userId=user-admin', { name: 'Alex Admin' });
}
