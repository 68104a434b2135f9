/**
 * Where a page load's main-thread time went, per script of the app's origin: compile time from a
 * Chromium trace (Browser.startTracing; the complete events whose arguments name the script) and
 * run time (module evaluation and everything called from it) from a sampled CPU profile (CDP
 * Profiler): the self time of the functions each script defines.
 */
export const TRACE_CATEGORIES = ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  args?: { data?: { url?: string }; fileName?: string };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { url: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}

const COMPILE = new Set(['v8.compile', 'v8.compileModule', 'v8.parseOnBackground', 'CompileScript']);

export interface ChunkCost {
  url: string;
  compile: number;
  run: number;
}

export function chunkCosts(trace: Buffer, profile: CpuProfile, origin: string): ChunkCost[] {
  const costs = new Map<string, ChunkCost>();
  const add = (url: string | undefined, kind: 'compile' | 'run', ms: number) => {
    if (!url?.startsWith(origin)) return;
    const path = url.slice(origin.length);
    const cost = costs.get(path) ?? { url: path, compile: 0, run: 0 };
    cost[kind] += ms;
    costs.set(path, cost);
  };
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  for (const e of events) {
    if (e.ph === 'X' && e.dur !== undefined && COMPILE.has(e.name))
      add(e.args?.data?.url ?? e.args?.fileName, 'compile', e.dur / 1000);
  }
  const urlOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // a sample's delta is the time since the one before: it belongs to that one
  for (let i = 0; i + 1 < samples.length; i++) add(urlOf.get(samples[i]), 'run', (deltas[i + 1] ?? 0) / 1000);
  return [...costs.values()].sort((a, b) => b.compile + b.run - (a.compile + a.run));
}
