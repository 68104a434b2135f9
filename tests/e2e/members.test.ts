import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext, signIn } from './browser';
import { waitForMail } from './mailbox';
import { createTestOrder, type TestOrder } from './page-api';
import { dialog, openSettings } from './settings-steps';

// Members and invitations end to end (issue 21), in team TH (Thailand), which no other browser test
// changes: the ADMIN invites colleague@example.com from the settings dialog, the invitation arrives
// at the real SMTP receiver, the colleague follows its link in a browser of their own, signs in with
// the demo provider and lands in the team as a MEMBER; the ADMIN makes them EDITOR, and after a
// reload the order panel's Delete is there for them. A used link is a page of its own, and somebody
// else signed in is told so and signs in again with the invited address. axe-core checks the
// Members page (invite form with its error, role selects, the removal's confirmation) and the
// invitation screens.
const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const TH = { id: 'team-th', name: 'Thailand' };
const COLLEAGUE = 'colleague@example.com';
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fresh(): Promise<Page> {
  const context = await newContext(browser, { timezoneId: 'Asia/Bangkok' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  onTestFailed(async () => {
    console.log(`PAGE ${page.url()}\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
  });
  return page;
}

/** Signed in as the demo admin with team TH selected. */
async function adminOnTh(): Promise<Page> {
  const page = await fresh();
  await signIn(page, baseUrl, 'admin@tourdesk.test');
  await page.waitForURL('**/orders/new-added');
  await page.evaluate((id) => localStorage.setItem('teamId', id), TH.id);
  await page.reload();
  await page.getByRole('button', { name: 'Switch team' }).waitFor();
  return page;
}

/** The global dialogs may open on a first visit: close them so that they trap no focus. */
async function dismissDialogs(page: Page): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
}

async function membersPage(page: Page) {
  await openSettings(page);
  await dialog(page).getByRole('navigation').getByRole('button', { name: 'Members' }).click();
  await dialog(page).getByTestId('member-row').first().waitFor();
  return dialog(page);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const linkIn = (text: string) => /http:\/\/localhost:\d+(\/invitations\/[A-Za-z0-9_-]+)/.exec(text)?.[1];

async function openOrder(page: Page, order: TestOrder): Promise<void> {
  await page.goto(`${baseUrl}/orders?dates=all&q=${order.otaOrderId}`);
  const row = page.locator(`[role="row"][data-row-id="${order.id}"]`);
  await row.waitFor();
  await dismissDialogs(page);
  await row.click();
  await page.getByTestId('side-panel').getByText(order.otaOrderId).waitFor();
}
const deleteButton = (page: Page) => page.getByTestId('side-panel').getByRole('button', { name: 'Delete order' });

describe('members and invitations', () => {
  it('an invited colleague joins as a MEMBER, is made EDITOR, and Delete appears for them', async () => {
    const admin = await adminOnTh();
    const order = await createTestOrder(admin, 'E2EMEMBERS', 12);
    let box = await membersPage(admin);

    // the invite form: an address that is none says so on its field
    const email = box.getByLabel('E-mail address');
    await email.fill('colleague');
    await box.getByRole('button', { name: 'Send invitation' }).click();
    await box.getByText('Enter a valid e-mail address, like name@example.com.').waitFor();
    await expectAccessible(admin, 'the Members page with the invite form and its error');
    await email.fill(COLLEAGUE);
    await expect(box.getByRole('combobox', { name: 'Role', exact: true }).inputValue()).resolves.toBe('MEMBER');
    await box.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${COLLEAGUE}`);
    await box.getByTestId('invitation-row').filter({ hasText: COLLEAGUE }).waitFor();
    await expect(email.inputValue()).resolves.toBe('');
    await box
      .getByTestId('history-row')
      .filter({ hasText: `invited ${COLLEAGUE} as Member` })
      .waitFor();

    // the e-mail, at the real SMTP receiver
    const [mail] = await waitForMail(mailboxUrl, COLLEAGUE);
    expect(mail.subject).toBe(`Alex Admin invited you to ${TH.name} on Tourdesk`);
    expect(mail.text).toContain('as a Member');
    const link = linkIn(mail.text);
    expect(link).toBeDefined();

    // the colleague, in a browser of their own
    const colleague = await fresh();
    await colleague.goto(`${baseUrl}${link}`);
    const screen = colleague.getByTestId('invitation-signedOut');
    await screen.getByRole('heading', { name: `Join ${TH.name}` }).waitFor();
    const offer = await screen.innerText();
    for (const part of ['Alex Admin', COLLEAGUE, 'Member']) expect(offer).toContain(part);
    await expectAccessible(colleague, 'the invitation screen before sign-in');
    await screen.getByRole('button', { name: 'Sign in to accept' }).click();
    await colleague.getByLabel('Email').fill(COLLEAGUE);
    await colleague.getByRole('button', { name: 'Continue' }).click();
    // back on the invitation, accepted at once, and in the team's orders
    await colleague.waitForURL('**/orders/new-added', { timeout: 30_000 });
    await toast(colleague, `Welcome to ${TH.name}`);
    await dismissDialogs(colleague);
    await expect(colleague.evaluate(() => localStorage.getItem('teamId'))).resolves.toBe(TH.id);
    let mine = await membersPage(colleague);
    const me = mine.getByTestId('member-row').filter({ hasText: COLLEAGUE });
    await expect(me.getByTestId('member-role').innerText()).resolves.toBe('MEMBER');
    await expect(mine.getByRole('combobox').count()).resolves.toBe(0);
    await expect(mine.getByRole('button', { name: 'Send invitation' }).count()).resolves.toBe(0);
    await colleague.keyboard.press('Escape');
    await openOrder(colleague, order);
    await expect(deleteButton(colleague).count()).resolves.toBe(0);

    // the ADMIN makes them EDITOR; the confirmation of a removal names them
    await admin.keyboard.press('Escape');
    box = await membersPage(admin);
    const row = box.getByTestId('member-row').filter({ hasText: COLLEAGUE });
    await row.waitFor();
    const name = (await row.locator('p').first().innerText()).trim();
    await box.getByRole('combobox', { name: `Role of ${name}` }).selectOption('EDITOR');
    await toast(admin, `${name} is now an Editor`);
    await box
      .getByTestId('history-row')
      .filter({ hasText: `changed ${name}’s role from Member to Editor` })
      .waitFor();
    await box.getByTestId('history-row').filter({ hasText: 'joined as Member' }).waitFor();
    await expect(box.getByTestId('invitation-row').filter({ hasText: COLLEAGUE }).count()).resolves.toBe(0);
    await expectAccessible(admin, 'the Members page with role selects, invitations and history');
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Remove ${name}?` });
    await confirm.getByText(COLLEAGUE, { exact: false }).waitFor();
    await expectAccessible(admin, 'the removal confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // the colleague reloads: Delete is there for an EDITOR
    await colleague.reload();
    await openOrder(colleague, order);
    await deleteButton(colleague).waitFor();
    mine = await membersPage(colleague);
    await expect(
      mine.getByTestId('member-row').filter({ hasText: COLLEAGUE }).getByTestId('member-role').innerText(),
    ).resolves.toBe('EDITOR');

    // the link was used: a page of its own
    const later = await fresh();
    await later.goto(`${baseUrl}${link}`);
    await later.getByRole('heading', { name: 'This invitation link is not valid' }).waitFor();
    await expectAccessible(later, 'the invitation screen of a used link');
    for (const p of [admin, colleague, later]) await p.context().close();
  });

  it('somebody else signed in is told so, signs out, and the invited address accepts after signing in', async () => {
    const other = 'second-colleague@example.com';
    const admin = await adminOnTh();
    const box = await membersPage(admin);
    await box.getByLabel('E-mail address').fill(other);
    await box.getByRole('combobox', { name: 'Role', exact: true }).selectOption('EDITOR');
    await box.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin, `Invitation sent to ${other}`);
    const [mail] = await waitForMail(mailboxUrl, other);
    const link = linkIn(mail.text)!;

    // the admin opens the link in their own browser
    await admin.keyboard.press('Escape');
    await admin.goto(`${baseUrl}${link}`);
    const wrong = admin.getByTestId('invitation-wrong-account');
    await wrong.waitFor();
    const said = await wrong.innerText();
    expect(said).toContain('You are signed in as admin@tourdesk.test');
    expect(said).toContain(`The invitation is for ${other}`);
    await expectAccessible(admin, 'the invitation screen for another account');
    await admin.getByRole('button', { name: `Sign out and sign in as ${other}` }).click();
    await admin.waitForURL('**/auth/login');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByLabel('Email').fill(other);
    await admin.getByRole('button', { name: 'Continue' }).click();
    await admin.waitForURL('**/orders/new-added', { timeout: 30_000 });
    await toast(admin, `Welcome to ${TH.name}`);
    await expect(admin.evaluate(() => localStorage.getItem('teamId'))).resolves.toBe(TH.id);
    await admin.context().close();
  });
});
