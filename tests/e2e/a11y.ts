import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** axe-core's script, injected into the page under test. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core over the page as it is now (dialogs, menus and pickers open included) and fails
 * on any critical or serious violation, naming the rule and the elements.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // colours are judged as shown at rest, not halfway through a dialog's fade-in
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') allows no inline script
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map((n) => ({ target: n.target, html: (n as unknown as { html: string }).html, summary: (n as unknown as { failureSummary: string }).failureSummary })),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(
    serious.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n)).join(', ')})`),
    `axe-core on ${what}`,
  ).toEqual([]);
}
