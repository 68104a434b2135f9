import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser } from './browser';
import { pageApi } from './page-api';
import { KH_ID, signedInOnKh } from './settings-steps';

// The products screen end to end (issue 12): a product's Klook confirmation edited with the
// server's live preview of a real order, a template naming an unknown variable refused on its field
// with nothing saved, the fixed one saved and still there after a reload. The template is put back
// as it was at the end, whatever happened.
const baseUrl = inject('baseUrl');
const PRODUCT = { id: 'REP-ANGKOR', name: 'Angkor Wat Sunrise' };
const CONTENT = `/api/v1/products/ota/KLOOK/mailContent?teamId=${KH_ID}&productId=${PRODUCT.id}`;
const SUBJECT = 'Angkor for {{ customerName }}: {{ productName }} {{ displayId }}';

interface MailContent {
  subject: string;
  body: string;
  custom: boolean;
}

let browser: Browser;
let page: Page;
let original: MailContent;

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInOnKh(browser, baseUrl, 'admin@tourdesk.test');
  original = (await pageApi<MailContent>(page, 'GET', CONTENT)).data;
});
afterAll(async () => {
  if (page && original) {
    // a template of its own goes back as it was; the built-in one by clearing both parts
    const { status } = await pageApi(page, 'PATCH', '/api/v1/products/ota/KLOOK/mailContent', {
      teamId: KH_ID,
      productId: PRODUCT.id,
      subject: original.custom ? original.subject : '',
      body: original.custom ? original.body : '',
    });
    expect(status).toBe(200);
  }
  await browser?.close();
});

const subject = () => page.getByLabel('Subject', { exact: true });
const preview = () => page.getByTestId('mail-preview');
const saved = async () => (await pageApi<MailContent>(page, 'GET', CONTENT)).data;

async function openProduct() {
  await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: PRODUCT.name }).click();
  await expect.poll(() => page.getByRole('tab', { name: 'Klook' }).getAttribute('aria-selected')).toBe('true');
}

describe('products screen', () => {
  it('edits a Klook confirmation with a live preview, refuses an unknown variable, and keeps what is saved', async () => {
    await page.goto(`${baseUrl}/products`);
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await openProduct();
    await expect.poll(() => subject().inputValue()).toBe(original.subject);

    // the preview, rendered by the server for a real order of the product
    await subject().fill(SUBJECT);
    const order = preview().getByTestId('preview-order');
    await expect
      .poll(() => preview().getByTestId('preview-subject').textContent(), { timeout: 15_000 })
      .toMatch(/^Angkor for \S.*\S: Angkor Wat Sunrise KH-\d+$/);
    const displayId = (await order.textContent())!.match(/order (\S+),/)![1];
    await expect(preview().getByTestId('preview-subject').textContent()).resolves.toContain(displayId);
    const text = (await preview().getByTestId('preview-text').textContent())!;
    // every variable has a value: no template code left, no gap where a value should be
    expect(text).not.toMatch(/\{\{|\{%|\s[.,:;]|\(\)/);
    await expect(preview().getByTitle('The e-mail as HTML').getAttribute('sandbox')).resolves.toBe('');
    await expectAccessible(page, 'the products screen with the editor open');

    // an unknown variable: the server's message on the subject, nothing saved
    await subject().fill('Your booking {{ nope }}');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const error = page.getByTestId('subject-error');
    await expect.poll(() => error.textContent()).toMatch(/nope.*line 1, column \d+/);
    await expect(subject().getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText('The Klook template was not saved: see the subject').waitFor();
    expect((await saved()).subject).toBe(original.subject);

    // fixed and saved: the field's error goes with the edit
    await subject().fill(SUBJECT);
    await error.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Klook template saved').waitFor();
    expect(await saved()).toMatchObject({ subject: SUBJECT, body: original.body, custom: true });
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

    // Reset asks first (and is answered "Cancel" here)
    await page.getByRole('button', { name: 'Reset to the default template' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reset to the default template?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the reset dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await openProduct();
    await expect.poll(() => subject().inputValue()).toBe(SUBJECT);
    await expect(page.getByTestId('template-origin').textContent()).resolves.toContain('its own template for Klook');
  });
});
