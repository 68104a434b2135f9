import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort, waitForHealth } from '../../scripts/lib/server-process';
import { startReceiver } from '../server/smtp-receiver';
import { CHROMIUM } from '../../scripts/lib/chromium';
import { serveMailbox } from './mailbox';

// Starts the product exactly as the README does (`npm start`) on a free port with a fresh data
// folder, sending its e-mail to a real SMTP receiver on loopback, waits until it answers, and
// hands its URL and the receiver's mailbox (tests/e2e/mailbox.ts) to the browser tests, with the
// one Chromium they all connect to (a launch per file cost each file a second or two of CPU).

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  // plain SMTP on loopback: the receiver offers no STARTTLS, so nodemailer sends in the clear
  const receiver = await startReceiver();
  const mailbox = await serveMailbox(receiver.received);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tourdesk-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const log: string[] = [];
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: receiver.url },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => log.push(String(d)));
  child.stderr?.on('data', (d) => log.push(String(d)));
  try {
    await waitForHealth(baseUrl, child, 180_000, 'npm start');
  } catch (err) {
    console.error(log.join(''));
    await Promise.all([mailbox.close(), receiver.close()]);
    throw err;
  }
  const browser = await chromium.launchServer(CHROMIUM);
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    await mailbox.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
