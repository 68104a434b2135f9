import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/server-process';
import { makePlatformAdmin } from '../../server/auth/platform-admin';
import { start, type Started } from '../../server/start';
import { startReceiver, type SmtpReceiver } from '../server/smtp-receiver';
import { expectAccessible } from './a11y';
import { connectBrowser, newContext } from './browser';

/**
 * The embedded provider of a production server (NODE_ENV=production, started here on a free port,
 * its e-mail going to a real SMTP receiver) in Chromium: the e-mail page, the code page, a wrong
 * code and the way in with the right one, axe-core clean at each step. The app itself is not
 * needed: the sign-in ends at its /auth/callback with an authorization code.
 */
let receiver: SmtpReceiver;
let server: Started;
let origin: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  receiver = await startReceiver();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await start(
    {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      DATA_DIR: ':memory:',
      TOKEN_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: receiver.url,
    },
    { staticDir: null, log: () => undefined },
  );
  await makePlatformAdmin(server.db, { email: 'owner@example.com', name: 'Olga Owner' });
  browser = await connectBrowser();
  page = await (await newContext(browser)).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
});

/** The app's authorization request (code + PKCE), as oidc-client-ts makes it. */
function authorizeUrl(): string {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'tourdesk-app',
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: `${origin}/auth/callback`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
  });
  return `${origin}/oidc/auth?${query}`;
}

describe('sign-in with an e-mailed code, in Chromium', () => {
  it('asks for the address, then for the code, and refuses a wrong one', async () => {
    await page.goto(authorizeUrl());
    await page.getByRole('heading', { name: 'Sign in to Tourdesk' }).waitFor();
    expect(await page.getByText('Demo').count()).toBe(0);
    await expectAccessible(page, 'production sign-in: e-mail page');

    await page.getByLabel('Email').fill('owner@example.com');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByText('If owner@example.com can sign in to Tourdesk, a code is on its way.').waitFor();
    await expectAccessible(page, 'production sign-in: code page');

    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('That code is not valid any more: ask for a new one.');
    await expectAccessible(page, 'production sign-in: a wrong code');
  });

  it('signs in with the code from the e-mail, typed by keyboard only', async () => {
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const mails = await receiver.waitFor(2);
    const code = /\b(\d{6})\b/.exec(mails[mails.length - 1].mail.text ?? '')?.[1] ?? '';
    expect(mails.every((m) => m.to.join() === 'owner@example.com')).toBe(true);

    await page.getByLabel('Code').focus();
    await page.keyboard.type(code);
    const back = page.waitForRequest((req) => req.url().startsWith(`${origin}/auth/callback`));
    await page.keyboard.press('Enter');
    const callback = new URL((await back).url());
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe('state-1');
  });
});
