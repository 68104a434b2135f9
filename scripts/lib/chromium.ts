import type { LaunchOptions } from 'playwright-core';

// Debian's Chromium, never a downloaded build (scripts/ensure-chromium installs it), as the
// end-to-end suite and the browser benchmarks launch it.
export const CHROMIUM: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};
