import { seedBenchData } from './bench-data';
import { HttpClient } from './http-client';
import { startServer } from './start-server';
import { formatSummary, machineNote, summarize, verdict } from './stats';

/**
 * PUT /api/v2/orders/status/batch with 1,000 orders, over HTTP against the server in its own
 * process, with 100,000 orders in one month of one team. Each move takes the next 1,000 orders of
 * the list (departure order, as a person selects them) with the versions the list gave, and moves
 * them to the next status; a second round moves the same orders again (rows updated before). The
 * figure is the round trip on loopback, so the server's own time is at most that (target p95 <= 50 ms).
 * Page 1 of the views is timed again afterwards: the moves must not slow the lists down. Two moves
 * of other orders go first, unmeasured: they warm the server process (its first request compiles
 * the code on the path), as any running server is.
 */
const BATCH = 1000;
const MOVES = Number(process.env.BENCH_MOVES ?? 30);
const WARMUP = 2;
const STATUSES = ['pending', 'arranged', 'cancel_requested', 'new', 'canceled'];

interface Row {
  id: string;
  version: number;
}
interface OrdersPage {
  orders: Row[];
  nextCursor: string | null;
}
interface Moved {
  orders: Row[];
}

const data = await seedBenchData();
const server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, app: false });
const client = new HttpClient(server.url, data.token, 1);
const month = `teamId=${data.teamId}&startDate=${data.startDate}&endDate=${data.endDate}`;

async function viewTimes(): Promise<string[]> {
  const out: string[] = [];
  for (const view of ['', '&view=new-added', '&view=pending', '&view=cancel-requested', '&view=canceled']) {
    const t: number[] = [];
    for (let i = 0; i < 20; i++) t.push((await client.ok('GET', `/api/v1/orders?${month}${view}`)).ms);
    out.push(`  page 1 ${(view.slice(6) || 'all').padEnd(18)} ${formatSummary(summarize(t))}`);
  }
  return out;
}

try {
  // the orders as the list shows them, with their versions
  const rows: Row[] = [];
  let cursor: string | null = null;
  while (rows.length < BATCH * (Math.min(MOVES, 50) + WARMUP)) {
    const page: OrdersPage = (
      await client.ok<OrdersPage>('GET', `/api/v1/orders?${month}&limit=200${cursor ? `&cursor=${cursor}` : ''}`)
    ).body;
    rows.push(...page.orders);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  for (let i = 0; i < WARMUP; i++) {
    const set = rows.splice(rows.length - BATCH, BATCH);
    await client.ok<Moved>('PUT', '/api/v2/orders/status/batch', {
      orders: set.map((r) => ({ id: r.id, statusV2: STATUSES[i], version: r.version })),
    });
  }
  const before = await viewTimes();
  const sets = Math.floor(rows.length / BATCH);
  const times: number[] = [];
  const rounds: number[][] = [[], []];
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < MOVES; i++) {
      const set = rows.slice((i % sets) * BATCH, (i % sets) * BATCH + BATCH);
      const status = STATUSES[(i + round) % STATUSES.length];
      const res = await client.ok<Moved>('PUT', '/api/v2/orders/status/batch', {
        orders: set.map((r) => ({ id: r.id, statusV2: status, version: r.version })),
      });
      if (res.body.orders.length !== BATCH) throw new Error(`moved ${res.body.orders.length} orders`);
      res.body.orders.forEach((o, k) => (set[k].version = o.version));
      times.push(res.ms);
      rounds[round].push(res.ms);
    }
  }
  const all = summarize(times);
  console.log(`\nPUT /api/v2/orders/status/batch, ${BATCH} orders per request (with versions), one at a time:`);
  console.log(`  first moves of each set: ${formatSummary(summarize(rounds[0]))}`);
  console.log(`  the same sets again:     ${formatSummary(summarize(rounds[1]))}`);
  console.log(`  all:                     ${formatSummary(all)}`);
  console.log('\nList pages before the moves:');
  console.log(before.join('\n'));
  console.log(`List pages after ${times.length} moves of ${BATCH}:`);
  console.log((await viewTimes()).join('\n'));
  console.log(`\nMachine: ${machineNote()}`);
  console.log(`\nTarget: p95 <= 50 ms: ${all.p95.toFixed(1)} ms ${verdict(all.p95 <= 50)}`);
} finally {
  client.close();
  await server.stop();
  data.remove();
}
