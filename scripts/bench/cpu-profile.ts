import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/**
 * Opt-in profiles of a benchmark phase in Chromium (BENCH_PROFILE=1): the page's JavaScript by self
 * time (CDP Profiler, sampled) and the renderer main thread's time by task kind (a trace), to see
 * whether a slow frame is script, style and layout, or paint.
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const label = ({ functionName, url, lineNumber, columnNumber }: CallFrame) =>
  url ? `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}` : functionName;

/** Self time per function, the heaviest first. */
export function topFunctions(profile: CpuProfile, top: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, label(n.callFrame)]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const name = byNode.get(samples[i]) ?? '?';
    self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${name}`);
}

/** Time of the renderer main thread per trace event name (nested events count in their parents too). */
export function mainThreadTime(trace: { traceEvents: TraceEvent[] }, top: number): string[] {
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const byName = new Map<string, number>();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${name}`);
}

/** Starts both recordings on `page`; the returned function stops them and prints the summaries. */
export async function startProfiles(browser: Browser, page: Page, phase: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  return async () => {
    const raw = String(await browser.stopTracing());
    const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await cdp.detach();
    // both open in Chrome DevTools' Performance panel
    const dir = process.env.BENCH_PROFILE_DIR;
    if (dir) {
      writeFileSync(join(dir, `${phase}.trace.json`), raw);
      writeFileSync(join(dir, `${phase}.cpuprofile`), JSON.stringify(profile));
    }
    console.log(`  profile of ${phase}, renderer main thread by task:`);
    for (const line of mainThreadTime(trace, 12)) console.log(`  ${line}`);
    console.log(`  profile of ${phase}, JavaScript self time:`);
    for (const line of topFunctions(profile, 20)) console.log(`  ${line}`);
  };
}
