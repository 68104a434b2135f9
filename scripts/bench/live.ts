import { Agent, request, type IncomingMessage } from 'node:http';
import { seedBenchData } from './bench-data';
import { HttpClient } from './http-client';
import { startServer, type RunningServer } from './start-server';
import { formatSummary, machineNote, percentile, summarize, verdict, type Summary } from './stats';

/**
 * The live event stream under load: STREAMS (default 200) clients hold GET /api/v1/events of one
 * team while WRITERS (default 4) send WRITES (default 1,000) order edits through the API, paced at
 * RATE writes a second (default 100). For every write and every stream: the time from sending the
 * write to its change arriving on that stream (target p95 <= 250 ms), and none lost or duplicated.
 * Memory: the server's JavaScript memory (heap used + external, after a full collection through its
 * inspector) with the streams open minus before, per stream.
 * `--instances 2` (bench:live:pg): two server processes on one PostgreSQL (BENCH_DATABASE_URL),
 * streams and writers split between them, so every change crosses instances by LISTEN/NOTIFY.
 */
const STREAMS = Number(process.env.LIVE_STREAMS ?? 200);
const WRITES = Number(process.env.LIVE_WRITES ?? 1000);
const WRITERS = Number(process.env.LIVE_WRITERS ?? 4);
const RATE = Number(process.env.LIVE_RATE ?? 100);
const arg = process.argv.indexOf('--instances');
const INSTANCES = arg > 0 ? Number(process.argv[arg + 1]) : 1;
process.env.BENCH_ORDERS ??= String(Math.max(2000, WRITES * 2));
interface Order {
  id: string;
  version: number;
}

/** summarize() for 200,000 values (its Math.max(...values) would overflow the stack). */
function summary(values: number[]): Summary {
  let max = -Infinity;
  let sum = 0;
  for (const v of values) {
    if (v > max) max = v;
    sum += v;
  }
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max,
    mean: sum / (values.length || 1),
  };
}

/**
 * Each server's JavaScript memory in use (V8 heap used + external, kB, from its /metrics) right
 * after a full collection, the lowest of 3 (what lives, not the garbage of the moment: between
 * collections the heap moves by megabytes; resident memory also holds the embedded database's).
 */
async function settledHeap(servers: RunningServer[]): Promise<number[]> {
  const read = async (url: string) => {
    const text = await (await fetch(`${url}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    return (value('nodejs_heap_size_used_bytes') + value('nodejs_external_memory_bytes')) / 1024;
  };
  const lowest = servers.map(() => Infinity);
  for (let i = 0; i < 3; i++) {
    await Promise.all(servers.map((s) => s.collectGarbage()));
    const kb = await Promise.all(servers.map((s) => read(s.url)));
    kb.forEach((v, k) => (lowest[k] = Math.min(lowest[k], v)));
  }
  return lowest;
}

/** One SSE client: records when each change of an order arrives. */
class Stream {
  /** First arrival of each write, by `<order id>:<language>`. */
  readonly arrivals = new Map<string, number>();
  /** Changes that carried a write already seen (a later change of the same order), and changes of others. */
  repeats = 0;
  others = 0;
  readonly cursors = new Set<string>();
  duplicateCursors = 0;
  ready!: Promise<void>;
  private res: IncomingMessage | null = null;

  constructor(base: string, teamId: string, token: string, agent: Agent) {
    this.ready = new Promise((resolve, reject) => {
      const req = request(
        new URL(`/api/v1/events?teamId=${teamId}`, base),
        { agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          this.res = res;
          if (res.statusCode !== 200) return reject(new Error(`The stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let pending = '';
          res.on('data', (chunk: string) => {
            const now = performance.now();
            pending += chunk;
            let end: number;
            while ((end = pending.indexOf('\n\n')) >= 0) {
              const block = pending.slice(0, end);
              pending = pending.slice(end + 2);
              if (block.includes('event: ready')) resolve();
              if (!block.includes('event: change')) continue;
              const id = /^id: (.*)$/m.exec(block)![1];
              if (this.cursors.has(id)) this.duplicateCursors++;
              this.cursors.add(id);
              const change = JSON.parse(/^data: (.*)$/m.exec(block)![1]) as {
                ids: string[];
                orders?: { id: string; language: string }[];
              };
              // a write is known by its order and the language it set (the row as listed)
              const ours = (change.orders ?? []).filter((o) => o.language.startsWith('bench-'));
              if (ours.length === 0) this.others++;
              for (const o of ours) {
                const key = `${o.id}:${o.language}`;
                if (this.arrivals.has(key)) this.repeats++;
                else this.arrivals.set(key, now);
              }
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.res?.destroy();
  }
}

async function main() {
  if (INSTANCES > 1 && !process.env.BENCH_DATABASE_URL) throw new Error('--instances needs BENCH_DATABASE_URL');
  console.log(
    `Live stream benchmark: ${STREAMS} streams, ${WRITES} writes by ${WRITERS} writers at ${RATE}/s, ${INSTANCES} instance(s)`,
  );
  const data = await seedBenchData();
  const token = data.token;
  const servers: RunningServer[] = [];
  const agents: Agent[] = [];
  const streams: Stream[] = [];
  const writers: HttpClient[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++) {
      servers.push(
        await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, app: false, inspect: true }),
      );
    }
    // the orders to edit, with their versions
    const lister = new HttpClient(servers[0].url, token, 1);
    const orders: Order[] = [];
    let cursor: string | null = null;
    while (orders.length < WRITES) {
      const q: string = `teamId=${data.teamId}&startDate=${data.startDate}&endDate=${data.endDate}&limit=200${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { body: { orders: Order[]; nextCursor: string | null } } = await lister.ok<{
        orders: Order[];
        nextCursor: string | null;
      }>('GET', `/api/v1/orders?${q}`);
      orders.push(...page.body.orders);
      cursor = page.body.nextCursor;
      if (!cursor) break;
    }
    lister.close();
    if (orders.length < WRITES) throw new Error(`Only ${orders.length} orders to edit`);
    orders.length = WRITES;

    // warm up: one stream and a write each way, unmeasured
    await new Promise((r) => setTimeout(r, 1000));
    const heapBefore = await settledHeap(servers);
    for (let i = 0; i < STREAMS; i++) {
      const server = i % INSTANCES;
      agents[i] = new Agent({ keepAlive: false });
      streams.push(new Stream(servers[server].url, data.teamId, token, agents[i]));
      if (i % 20 === 19) await Promise.all(streams.slice(i - 19).map((s) => s.ready));
    }
    await Promise.all(streams.map((s) => s.ready));
    await new Promise((r) => setTimeout(r, 1000));
    const heapAfter = await settledHeap(servers);
    const perStreamKb = (heapAfter.reduce((a, b) => a + b, 0) - heapBefore.reduce((a, b) => a + b, 0)) / STREAMS;
    console.log(
      `${STREAMS} streams ready; server JavaScript memory ${heapBefore.map((k) => (k / 1024).toFixed(1)).join(' + ')} MB -> ${heapAfter.map((k) => (k / 1024).toFixed(1)).join(' + ')} MB`,
    );

    // the writes: each writer edits its share, paced so that all writers together keep RATE a second
    const sentAt = new Map<string, number>();
    for (let i = 0; i < WRITERS; i++) writers.push(new HttpClient(servers[i % INSTANCES].url, token, 1));
    const writeTimes: number[] = [];
    let failed = 0;
    const began = performance.now();
    await Promise.all(
      writers.map(async (writer, w) => {
        for (let k = w; k < WRITES; k += WRITERS) {
          const due = began + (k * 1000) / RATE;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const order = orders[k];
          sentAt.set(order.id, performance.now());
          const res = await writer.send('PUT', '/api/v1/orders/batch', {
            orders: [{ id: order.id, version: order.version, language: `bench-${k}` }],
          });
          writeTimes.push(res.ms);
          if (res.status !== 200) failed++;
        }
      }),
    );
    const writesDone = performance.now();
    // wait for the last deliveries (at most 10 s)
    const expected = WRITES - failed;
    const keyOf = (k: number) => `${orders[k].id}:bench-${k}`;
    const complete = () => streams.every((s) => orders.every((_, k) => s.arrivals.has(keyOf(k))));
    while (!complete() && performance.now() - writesDone < 10_000) await new Promise((r) => setTimeout(r, 100));

    const latencies: number[] = [];
    let lost = 0;
    let duplicated = 0;
    let repeats = 0;
    let others = 0;
    for (const s of streams) {
      orders.forEach((o, k) => {
        const at = s.arrivals.get(keyOf(k));
        if (at === undefined) lost++;
        else latencies.push(at - sentAt.get(o.id)!);
      });
      duplicated += s.duplicateCursors;
      repeats += s.repeats;
      others += s.others;
    }
    const lat = summary(latencies);
    console.log(
      `Writes: ${WRITES} (${failed} failed) in ${((writesDone - began) / 1000).toFixed(1)} s; answer ${formatSummary(summarize(writeTimes))}`,
    );
    console.log(`Write to delivery on every stream: ${formatSummary(lat)}`);
    console.log(
      `Delivered ${latencies.length} of ${expected * STREAMS}; lost ${lost}, duplicated ${duplicated} ` +
        `(a change twice on a stream); other changes seen ${others}, later changes of an edited order ${repeats}`,
    );
    console.log(`Memory per stream: ${perStreamKb.toFixed(1)} kB (server JavaScript memory delta / streams)`);
    console.log(machineNote());
    const ok = lat.p95 <= 250 && lost === 0 && duplicated === 0 && failed === 0;
    console.log(`p95 <= 250 ms, 0 lost, 0 duplicated, 0 failed writes: ${verdict(ok)}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const s of streams) s.close();
    for (const a of agents) a?.destroy();
    for (const w of writers) w.close();
    for (const s of servers) await s.stop();
    data.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
