import { cpus } from 'node:os';
import { seedBenchData } from './bench-data';
import { cpuPerRequest, cpuSnapshot, type CpuSnapshot } from './cpu';
import { HttpClient } from './http-client';
import { startServer } from './start-server';
import { formatSummary, machineNote, percentile, summarize, verdict } from './stats';

/**
 * GET /api/v1/orders over real HTTP against the server in its own process, with 100,000 orders in
 * one month of one team:
 *  1. 10 concurrent connections, each paging through the month with the cursor as a scrolling
 *     client does: p50/p95/p99 (target p95 <= 10 ms);
 *  2. the page at depth 100,000 (reached by following nextCursor) against page 1, one request at a
 *     time (target: within 1.2x), with OFFSET paging (`page`) at the same depth for comparison;
 *  3. page 1 of every order view, the navigation counts and the daily counts, one at a time (targets:
 *     every count p95 <= 20 ms, and the list of a rare status, statusV2=grouped, p95 <= 20 ms).
 */
const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 2000;
const SAMPLES = 200;

interface OrdersPage {
  orders: { id: string }[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * The page's nextCursor, read from the end of the body (where the server writes it) instead of
 * parsing 40 KB of JSON a request: the load generator shares the 2 cores with what it measures.
 */
function nextCursor(body: string): string | null {
  const at = body.lastIndexOf('"nextCursor":');
  if (at < 0) throw new Error(`No nextCursor in ${body.slice(0, 200)}`);
  const value: unknown = JSON.parse(body.slice(at + '"nextCursor":'.length, -1));
  if (value !== null && typeof value !== 'string') throw new Error(`Bad nextCursor ${String(value)}`);
  return value;
}

const data = await seedBenchData();
const server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, app: false });
const client = new HttpClient(server.url, data.token, CONNECTIONS);
const month = `teamId=${data.teamId}&startDate=${data.startDate}&endDate=${data.endDate}`;
const list = (extra = '') => `/api/v1/orders?${month}${extra}`;

try {
  // follow the cursor to the last page of the month, keeping a cursor every tenth of the way
  const starts: (string | null)[] = [null];
  let cursor: string | null = null;
  let depth = 0;
  const target = Math.max(0, data.orders - 50);
  while (depth < target) {
    const limit = Math.min(200, target - depth);
    const res: { body: OrdersPage } = await client.ok<OrdersPage>(
      'GET',
      list(`&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
    );
    depth += res.body.orders.length;
    cursor = res.body.nextCursor;
    if (!cursor) break;
    if (starts.length < CONNECTIONS && depth >= (starts.length * data.orders) / CONNECTIONS) starts.push(cursor);
  }

  // 1. concurrent cursor paging, each connection from its own point of the month
  const times: number[] = [];
  let requests = 0;
  let cpuStart: CpuSnapshot | null = null;
  const started = performance.now();
  const worker = async (n: number) => {
    let next = starts[n % starts.length];
    while (performance.now() - started < WARMUP_MS + DURATION_MS) {
      const res = await client.sendText('GET', list(next ? `&cursor=${next}` : ''));
      if (res.status !== 200) throw new Error(`GET /api/v1/orders answered ${res.status}: ${res.body}`);
      if (performance.now() - started > WARMUP_MS) {
        cpuStart ??= cpuSnapshot(server.group);
        times.push(res.ms);
        requests++;
      }
      next = nextCursor(res.body);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(i)));
  const cpuEnd = cpuSnapshot(server.group);
  const concurrent = summarize(times);
  console.log(
    `\nGET /api/v1/orders, ${CONNECTIONS} connections, cursor paging through the month for ${DURATION_MS / 1000} s:`,
  );
  console.log(`  ${formatSummary(concurrent)}  (${(requests / (DURATION_MS / 1000)).toFixed(0)} requests/s)`);
  if (cpuStart) console.log(`  ${cpuPerRequest(cpuStart, cpuEnd, requests, cpus().length)}`);

  // 2. the page at depth 100,000 against page 1
  const first: number[] = [];
  const deep: number[] = [];
  const offset: number[] = [];
  const offsetPage = Math.floor(depth / 50) + 1;
  for (let i = 0; i < SAMPLES; i++) {
    first.push((await client.ok<OrdersPage>('GET', list())).ms);
    const res = await client.ok<OrdersPage>('GET', list(`&cursor=${cursor}`));
    deep.push(res.ms);
    if (i === 0) console.log(`\nPage at depth ${depth.toLocaleString('en')} holds ${res.body.orders.length} orders`);
    if (i < 20) offset.push((await client.ok<OrdersPage>('GET', list(`&page=${offsetPage}`))).ms);
  }
  const ratio = percentile(deep, 50) / percentile(first, 50);
  console.log(`Page 1, one request at a time:               ${formatSummary(summarize(first))}`);
  console.log(`Page at depth ${depth.toLocaleString('en')} (cursor):         ${formatSummary(summarize(deep))}`);
  console.log(`Same depth by OFFSET (page=${offsetPage}), for comparison: ${formatSummary(summarize(offset))}`);
  console.log(`Depth/page-1 ratio of the medians: ${ratio.toFixed(2)}x`);

  // 3. every view's first page and the counts
  console.log('\nOne request at a time:');
  const probes: [string, string][] = [
    ['list, all', list()],
    ['list, BOOKED_AT_DESC', list('&orderBy=BOOKED_AT_DESC')],
    ...['new-added', 'pending', 'issues', 'cancel-requested', 'canceled'].map((view): [string, string] => [
      `list, view ${view}`,
      list(`&view=${view}`),
    ]),
    ['list, statusV2=grouped', list('&statusV2=grouped')],
    ['list, ota=MPG', list('&ota=MPG')],
    ...[undefined, 'new-added', 'pending', 'issues', 'cancel-requested', 'canceled'].map((view): [string, string] => [
      `count/total ${view ?? 'all'}`,
      `/api/v1/orders/count/total?${month}${view ? `&view=${view}` : ''}`,
    ]),
    ['count/total booking basis', `/api/v1/orders/count/total?${month}&dateBasis=booking`],
    ['count/daily (month)', `/api/v1/orders/count/daily?${month}`],
    ['count/daily booking basis', `/api/v1/orders/count/daily?${month}&dateBasis=booking`],
  ];
  const probed = new Map<string, number>();
  for (const [label, path] of probes) {
    const t: number[] = [];
    for (let i = 0; i < 30; i++) t.push((await client.ok('GET', path)).ms);
    const summary = summarize(t);
    probed.set(label, summary.p95);
    console.log(`  ${label.padEnd(28)} ${formatSummary(summary)}`);
  }
  // the counts every view refreshes after each move, and a rare status (issue 11)
  const counts = [...probed].filter(([label]) => label.startsWith('count/'));
  const worstCount = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  const grouped = probed.get('list, statusV2=grouped')!;

  console.log(`\nMachine: ${machineNote()}`);
  console.log('\nTargets:');
  console.log(
    `  p95 with ${CONNECTIONS} connections <= 10 ms: ${concurrent.p95.toFixed(2)} ms ${verdict(concurrent.p95 <= 10)}`,
  );
  console.log(`  depth 100,000 within 1.2x of page 1: ${ratio.toFixed(2)}x ${verdict(ratio <= 1.2)}`);
  console.log(
    `  count/total and count/daily p95 <= 20 ms (slowest: ${worstCount[0]}): ${worstCount[1].toFixed(1)} ms ${verdict(worstCount[1] <= 20)}`,
  );
  console.log(`  list statusV2=grouped p95 <= 20 ms: ${grouped.toFixed(1)} ms ${verdict(grouped <= 20)}`);
} finally {
  client.close();
  await server.stop();
  data.remove();
}
