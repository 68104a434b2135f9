import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext } from './browser';

/**
 * `npm start` is the demo, and says so: a labelled banner on every screen (the login page, the
 * provider's sign-in page, the lists), readable (axe-core's contrast rule included).
 */
const baseUrl = inject('baseUrl');
const BANNER = 'Demo: sample data, and anyone can sign in as a demo account.';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectBrowser();
  page = await (await newContext(browser)).newPage();
});
afterAll(async () => {
  await browser?.close();
});

const banner = () => page.getByRole('region', { name: 'Demo notice' });

describe('the demo banner', () => {
  it('is on the login page, and axe-core finds nothing serious there', async () => {
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await banner().waitFor();
    expect(await banner().innerText()).toBe(BANNER);
    await expectAccessible(page, 'login with the demo banner');
  });

  it("is on the provider's sign-in page, which lists the demo accounts", async () => {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').waitFor();
    await page.getByRole('note').getByText('Demo: sample data').waitFor();
    await page.getByRole('heading', { name: 'Demo accounts' }).waitFor();
    await expectAccessible(page, "the provider's demo sign-in page");
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).not.toMatch(/no account/i);
    await page.getByLabel('Email').fill('member@tourdesk.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/orders/new-added');
  });

  it('is on the lists, next to the team menu, and axe-core finds nothing serious there', async () => {
    await page.getByRole('button', { name: 'Switch team' }).waitFor();
    await banner().waitFor();
    expect(await banner().innerText()).toBe(BANNER);
    await page.goto(`${baseUrl}/tours/today`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await banner().waitFor();
    await expectAccessible(page, 'tours list with the demo banner');
  });
});
