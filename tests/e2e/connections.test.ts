import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser } from './browser';
import { dialog, openSettings, signedInOnKh } from './settings-steps';

// Connections end to end (issue 22, item 1): the demo ADMIN creates a channel API key in the
// settings dialog, reads its secret once (and copies it through the machine), a reseller's call
// to /octo with it gets past the authentication and is recorded as the key's last use; once the
// ADMIN revokes it, the same call is refused with 403 FORBIDDEN. Closing the secret before it was
// copied asks first. axe-core checks the page, the secret's dialog, that question and the
// revocation's confirmation.
const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
});
afterAll(async () => {
  await browser?.close();
});

/** A reseller's call with nothing but the key (real HTTP from the test, not from the app). */
async function supplier(key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/octo/supplier`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function connectionsPage() {
  await openSettings(page);
  await dialog(page).getByRole('navigation').getByRole('button', { name: 'Connections' }).click();
  await dialog(page).getByRole('heading', { name: 'New API key' }).waitFor();
  return dialog(page);
}

const rowOf = (name: string) => dialog(page).getByTestId('key-row').filter({ hasText: name });

describe('connections', () => {
  it('a key is shown once, opens /octo, records its use, and once revoked is refused', async () => {
    onTestFailed(async () => {
      console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
    });
    const name = `Klook e2e ${Date.now()}`;
    const box = await connectionsPage();
    expect(await box.getByTestId('octo-base-url').textContent()).toBe(`${baseUrl}/octo`);
    expect(await box.getByTestId('octo-capabilities').textContent()).toContain('octo/pricing');
    await expectAccessible(page, 'the Connections page');

    // a blank name is said on the field, and nothing is created
    await box.getByRole('button', { name: 'Create API key' }).click();
    await box.getByText('Give the key a name, like “Klook live”.').waitFor();
    await expectAccessible(page, 'the Connections page with the name’s error');

    await box.getByLabel('Name').fill(name);
    await box.getByLabel('Channel').selectOption('KLOOK');
    await box.getByRole('button', { name: 'Create API key' }).click();
    const secretDialog = page.getByRole('dialog', { name: `API key for Klook: ${name}` });
    await secretDialog.waitFor();
    await secretDialog.getByText('it will not be shown again').waitFor();
    const secret = await secretDialog.getByLabel('API key').inputValue();
    expect(secret).toMatch(/^tdk_[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page, 'the new key’s secret');
    // focus starts on Copy, and copying is the machine's call to the clipboard
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Copy');
    // closing it before a copy asks first: it cannot be shown again
    await page.keyboard.press('Escape');
    const uncopied = page.getByRole('alertdialog', { name: 'Close without copying the key?' });
    await uncopied.waitFor();
    await expectAccessible(page, 'the question before an uncopied key’s secret is closed');
    await uncopied.getByRole('button', { name: 'Keep it open' }).click();
    await uncopied.waitFor({ state: 'detached' });
    expect(await secretDialog.getByLabel('API key').inputValue()).toBe(secret);
    await secretDialog.getByRole('button', { name: 'Copy' }).click();
    await secretDialog.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await secretDialog.waitFor({ state: 'detached' });
    // gone from the screen: the list shows its first characters only
    expect(await page.content()).not.toContain(secret);
    const row = rowOf(name);
    await row.getByText(`${secret.slice(0, 10)}…`).waitFor();
    await row.getByText('Never used').waitFor();
    await row.getByText('by Alex Admin').waitFor();

    // the reseller's call gets past the key check (the supplier itself answers whatever it does)
    const accepted = await supplier(secret);
    expect([401, 403]).not.toContain(accepted.status);

    // opened again, the page shows the key's last use
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await connectionsPage();
    await expect
      .poll(() => rowOf(name).getByTestId('key-last-used').textContent())
      .toMatch(/^\d{1,2} \w{3} \d{4} \d{2}:\d{2}$/);

    // revoking asks first
    await rowOf(name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke ${name}?` });
    await confirm.waitFor();
    await expectAccessible(page, 'the revocation’s confirmation');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await rowOf(name).getByTestId('key-revoked').waitFor();
    expect(
      await rowOf(name)
        .getByRole('button', { name: `Revoke ${name}` })
        .count(),
    ).toBe(0);
    await expectAccessible(page, 'the Connections page with a revoked key');

    const refused = await supplier(secret);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'FORBIDDEN', errorMessage: expect.any(String) });
  });
});
