import { seedBenchData } from './bench-data';
import { HttpClient } from './http-client';
import { startServer } from './start-server';
import { formatSummary, machineNote, summarize, verdict, type Summary } from './stats';

/**
 * GET /api/v1/orders/statistics over real HTTP against the server in its own process: 100,000
 * orders in one month of one team, and BENCH_EARLIER_ORDERS (default 10,000) in each of its 11
 * months before, so that a year holds about 210,000. One request at a time, for the month and for
 * the year, by departure and by booking date (targets: p95 <= 50 ms for a month, <= 300 ms for a
 * year). The answers are checked to count every order of the month.
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP = 5;

interface Statistics {
  totalOrders: number;
  days: string[];
}

const data = await seedBenchData({ earlierMonths: Number(process.env.BENCH_EARLIER_ORDERS ?? 10_000) });
const server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, app: false });
const client = new HttpClient(server.url, data.token, 1);
const url = (start: string, basis: string) =>
  `/api/v1/orders/statistics?teamId=${data.teamId}&startDate=${start}&endDate=${data.endDate}&dateBasis=${basis}`;

try {
  const month = await client.ok<Statistics>('GET', url(data.startDate, 'departure'));
  if (month.body.totalOrders !== data.orders) {
    throw new Error(`The month counts ${month.body.totalOrders} orders, the seed put ${data.orders} there`);
  }
  const results: { label: string; target: number; summary: Summary }[] = [];
  for (const [range, start, target] of [
    ['month', data.startDate, 50],
    ['year', data.yearStartDate, 300],
  ] as const) {
    for (const basis of ['departure', 'booking']) {
      for (let i = 0; i < WARMUP; i++) await client.ok('GET', url(start, basis));
      const times: number[] = [];
      let days = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const res = await client.ok<Statistics>('GET', url(start, basis));
        times.push(res.ms);
        days = res.body.days.length;
      }
      results.push({ label: `${range} (${days} days) by ${basis}`, target, summary: summarize(times) });
    }
  }
  console.log(`\nGET /api/v1/orders/statistics, one request at a time (${data.startDate} to ${data.endDate}):`);
  for (const r of results) console.log(`  ${r.label.padEnd(28)} ${formatSummary(r.summary)}`);
  console.log(`\nMachine: ${machineNote()}`);
  console.log('\nTargets:');
  for (const r of results) {
    console.log(
      `  ${r.label} p95 <= ${r.target} ms: ${r.summary.p95.toFixed(1)} ms ${verdict(r.summary.p95 <= r.target)}`,
    );
  }
} finally {
  client.close();
  await server.stop();
  data.remove();
}
