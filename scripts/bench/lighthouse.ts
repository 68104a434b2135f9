import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

/**
 * One Lighthouse run with its desktop preset (simulated throttling: 40 ms round trips, 10 Mbit/s,
 * no CPU slowdown), performance only, in a Chromium of its own (a fresh profile: cold cache) from
 * the given path: Lighthouse never downloads a browser.
 */
export interface LighthouseRun {
  version: string;
  score: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** The audits that cost points or time: title and what Lighthouse says of it. */
  notes: string[];
}

export async function lighthouseDesktop(url: string, chromePath: string): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const refs = lhr.categories.performance?.auditRefs ?? [];
    const notes = refs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.title}${a.displayValue ? `: ${a.displayValue}` : ''} (score ${a.score?.toFixed(2)})`);
    const lcpElement = lhr.audits['largest-contentful-paint-element'];
    if (lcpElement?.displayValue) notes.push(`LCP element: ${lcpElement.displayValue}`);
    return {
      version: lhr.lighthouseVersion,
      score: lhr.categories.performance?.score ?? NaN,
      metrics: {
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        si: value('speed-index'),
      },
      notes,
    };
  } finally {
    chrome.kill();
  }
}
