import { cpus, loadavg } from 'node:os';
/** Percentiles and one-line summaries of timings (milliseconds) for the benchmarks. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of values (any order). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(values: number[]): Summary {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : NaN,
    mean: values.reduce((s, v) => s + v, 0) / (values.length || 1),
  };
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;

export function formatSummary(s: Summary): string {
  return `n=${s.n}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;
}

/** "PASS"/"FAIL" against a target, for the closing lines of a benchmark. */
export function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

/** The machine the figures come from: CPUs and load, since other work on it skews every timing. */
export function machineNote(): string {
  const [one, five] = loadavg();
  return `${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), load average ${one.toFixed(1)} / ${five.toFixed(1)} (1 / 5 min)`;
}
