import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser } from './browser';
import { pageApi } from './page-api';
import { KH_ID, signedInOnKh } from './settings-steps';

// A product's schedule end to end (issue 22): an EDITOR opens the demo's Phnom Penh City Tour,
// types a child's minimum age above its maximum (the message shows on the field, Save is not
// offered), fixes it, changes the places per departure and saves; after a reload the change is
// there. The schedule is put back as the seed made it at the end, whatever happened.
const baseUrl = inject('baseUrl');
const PRODUCT = { id: 'PNH-CITY', name: 'Phnom Penh City Tour' };
const SCHEDULE = `/api/v1/products/${PRODUCT.id}/schedule`;

interface ScheduleState {
  productId: string;
  schedule: { capacity: number; options: { units: { name: string; minAge: number; maxAge: number }[] }[] } | null;
}

let browser: Browser;
let page: Page;
let original: ScheduleState['schedule'];

const stored = async () => (await pageApi<ScheduleState>(page, 'GET', `${SCHEDULE}?teamId=${KH_ID}`)).data.schedule;

beforeAll(async () => {
  browser = await connectBrowser();
  page = await signedInOnKh(browser, baseUrl, 'editor@tourdesk.test');
  original = await stored();
});
afterAll(async () => {
  if (page && original) {
    const { status } = await pageApi(page, 'PUT', SCHEDULE, { teamId: KH_ID, schedule: original });
    expect(status).toBe(200);
  }
  await browser?.close();
});

const editor = () => page.getByTestId('schedule-editor');
const option = () => editor().getByTestId('schedule-option').first();
const save = () => editor().getByRole('button', { name: 'Save schedule' });

async function openSchedule() {
  await page.getByRole('navigation', { name: 'Products' }).getByRole('button', { name: PRODUCT.name }).click();
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await editor()
    .getByRole('heading', { name: `${PRODUCT.name}: schedule` })
    .waitFor();
  await editor().getByLabel('Places per departure').waitFor();
}

describe('product schedule', () => {
  it('shows an invalid age on its field with Save unavailable, then saves a fixed schedule that a reload keeps', async () => {
    expect(original?.options[0].units.map((u) => u.name)).toEqual(['Adult', 'Child']);
    const child = original!.options[0].units[1];
    await page.goto(`${baseUrl}/products`);
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await openSchedule();
    const capacity = editor().getByLabel('Places per departure');
    await expect.poll(() => capacity.inputValue()).toBe(String(original!.capacity));
    await expect(save().isDisabled()).resolves.toBe(true);

    // a child's minimum age above its maximum: the message on the maximum age, Save not offered
    const minAge = option().getByLabel('Child minimum age');
    const maxAge = option().getByLabel('Child maximum age');
    await minAge.fill(String(child.maxAge + 3));
    await expect.poll(() => maxAge.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await maxAge.getAttribute('aria-describedby'))!;
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe('Must be at least the minimum age');
    await expect(save().isDisabled()).resolves.toBe(true);
    await editor().getByText('One field needs a change before the schedule can be saved.').waitFor();
    await expectAccessible(page, 'the schedule editor with a field in error');

    // fixed, more places, saved
    await minAge.fill(String(child.minAge + 1));
    await expect.poll(() => maxAge.getAttribute('aria-invalid')).toBe(null);
    await capacity.fill(String(original!.capacity + 7));
    await expect.poll(() => save().isDisabled()).toBe(false);
    await save().click();
    await page.getByText('Schedule saved').waitFor();
    await expect.poll(() => save().isDisabled()).toBe(true);
    const saved = await stored();
    expect(saved?.capacity).toBe(original!.capacity + 7);
    expect(saved?.options[0].units[1]).toMatchObject({ minAge: child.minAge + 1, maxAge: child.maxAge });

    await page.reload();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await openSchedule();
    await expect
      .poll(() => editor().getByLabel('Places per departure').inputValue())
      .toBe(String(original!.capacity + 7));
    await expect(option().getByLabel('Child minimum age').inputValue()).resolves.toBe(String(child.minAge + 1));
    await expectAccessible(page, 'the schedule editor');
  });
});
