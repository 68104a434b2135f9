import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { connectBrowser } from './browser';
import { dialog, openSettings, restoreSeed, signedInOnKh, switcher } from './settings-steps';

// The settings dialog end to end, in team KH (only the settings files change it).
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('settings dialog', () => {
  it('opens from the user menu with the e-mail and three pages, and closes with Escape', async () => {
    const page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
    await openSettings(page);
    const box = dialog(page);
    await expect(box.getByTestId('settings-email').textContent()).resolves.toBe('admin@tourdesk.test');
    // measured once the opening animation (a scale) has ended
    await expect.poll(async () => (await box.boundingBox())?.width).toBe(1000);
    await expect(box.getByRole('button', { name: 'Close' }).count()).resolves.toBe(0);
    await box.getByRole('button', { name: 'Members' }).click();
    await box.getByRole('heading', { name: 'Members' }).waitFor();
    await box.getByText('Manage members').waitFor();
    await box.getByTestId('member-row').first().waitFor();
    // an admin sees each member's role in a select (tests/e2e/members.test.ts)
    await expect(
      box.getByTestId('member-row').filter({ hasText: 'admin@tourdesk.test' }).getByRole('combobox').inputValue(),
    ).resolves.toBe('ADMIN');
    await box.getByRole('button', { name: 'Profile' }).click();
    await box.getByRole('heading', { name: 'Profile' }).waitFor();
    await box.getByPlaceholder('Your Name').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('opens at /setting and closing it (a click on the overlay) returns to the landing page', async () => {
    const page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
    await page.goto(`${baseUrl}/setting`);
    await dialog(page).getByRole('heading', { name: 'Team' }).waitFor();
    // a click that lands while the dialog is still opening is not an outside click yet: click until it closes
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname === '/setting') await page.mouse.click(5, 5);
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('/orders/new-added');
    await page.context().close();
  });

  it('an admin renames the team and the switcher follows; the name is restored after', async () => {
    const page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
    try {
      await openSettings(page);
      const name = dialog(page).getByPlaceholder('Your Team Name');
      await expect(name.inputValue()).resolves.toBe('Cambodia');
      const save = dialog(page).getByRole('button', { name: 'Save' });
      expect(await save.isDisabled()).toBe(true);
      await name.fill('   ');
      expect(await save.isDisabled()).toBe(true);
      await name.fill('Cambodia Explorers');
      expect(await save.isEnabled()).toBe(true);
      await save.click();
      await page.getByText('Team name updated successfully').waitFor();
      expect(await save.isDisabled()).toBe(true);
      // the modal hides the rest of the page from assistive technology: close it to look
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      await switcher(page).getByText('Cambodia Explorers').waitFor();
    } finally {
      await restoreSeed(page);
      await page.context().close();
    }
  });

  it('a member sees the name disabled, the areas dimmed and no Edit overlay', async () => {
    const page = await signedInOnKh(browser, baseUrl, 'member@tourdesk.test');
    await openSettings(page);
    const box = dialog(page);
    const name = box.getByPlaceholder('Your Team Name');
    await expect(name.inputValue()).resolves.toBe('Cambodia');
    expect(await name.isDisabled()).toBe(true);
    await expect(box.getByRole('button', { name: 'Edit logo' }).count()).resolves.toBe(0);
    await expect(box.getByTestId('logo-file').count()).resolves.toBe(0);
    expect(await box.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expect(box.getByTestId('team-logo-block').evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe(
      '0.5',
    );
    await page.context().close();
  });

  it('refuses a 600 KB PNG with the exact message and sends nothing', async () => {
    const page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
    await openSettings(page);
    await dialog(page).getByPlaceholder('Your Team Name').waitFor();
    const writes: Request[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/setting') && req.method() !== 'GET') writes.push(req);
    });
    await dialog(page).getByRole('button', { name: 'Edit logo' }).hover();
    const big = Buffer.alloc(600 * 1024, 1);
    PNG_1X1.copy(big);
    await dialog(page).getByTestId('logo-file').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await page.getByText('File size exceeds 500 KB. Please upload a smaller file.').waitFor();
    await page.waitForTimeout(300);
    expect(writes).toEqual([]);
    await page.context().close();
  });

  it('a valid PNG logo shows in the dialog and in the switcher', async () => {
    const page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
    await openSettings(page);
    await dialog(page)
      .getByTestId('logo-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByText('Team logo updated successfully').waitFor();
    const dataUrl = `data:image/png;base64,${PNG_1X1.toString('base64')}`;
    await expect(dialog(page).getByAltText('Current logo').getAttribute('src')).resolves.toBe(dataUrl);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect(switcher(page).locator('img').getAttribute('src')).resolves.toBe(dataUrl);
    await page.context().close();
  });
});
