import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../lib/server-process';
import { seedBenchData } from './bench-data';
import { startServer } from './start-server';
import { formatSummary, machineNote, summarize, verdict } from './stats';

/**
 * POST /api/v1/orders/email/CONFIRMATION with 1,000 orders per request, over HTTP against the server
 * in its own process (embedded database unless BENCH_DATABASE_URL), whose worker delivers to an
 * SMTP server on loopback in this process. Figures: the answer's round trip (everything is checked,
 * rendered and queued by then; target p95 <= 500 ms), and delivery in messages a second from the
 * first request to the last message received (target >= 200/s). The requests go one after another
 * while the worker delivers the earlier ones, as they would in use. Two requests first, unmeasured,
 * warm the server and its SMTP pool. The receiver counts each Message-ID: none may arrive twice.
 */
const BATCH = 1000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 10);
const WARMUP = 2;
process.env.BENCH_TEAM ??= 'VN'; // e-mail sending is on for Vietnam
process.env.BENCH_ORDERS ??= String(Math.ceil((SAMPLES + WARMUP) * BATCH * 1.5));

interface Order {
  id: string;
  statusV2: string;
}
interface SendResult {
  queued: unknown[];
  refused: unknown[];
}

/** An SMTP server that reads each message's Message-ID and keeps nothing else. */
async function startCounter() {
  const seen = new Map<string, number>();
  let last = 0;
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    maxClients: 100,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(Buffer.concat(chunks).toString('latin1'))?.[1] ?? randomUUID();
        seen.set(id, (seen.get(id) ?? 0) + 1);
        last = performance.now();
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => [...seen.values()].reduce((s, n) => s + n, 0),
    duplicates: () => [...seen.values()].filter((n) => n > 1).length,
    lastAt: () => last,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receiver = await startCounter();
process.env.SMTP_URL = receiver.url;
const data = await seedBenchData();
const server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl, app: false });

async function call<T>(method: string, path: string, body?: unknown): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const res = await fetch(new URL(path, server.url), {
    method,
    headers: {
      authorization: `Bearer ${data.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) as T };
}

async function waitForDelivery(count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (receiver.received() < count) {
    if (Date.now() > deadline) throw new Error(`${receiver.received()} of ${count} messages arrived`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

try {
  // orders a confirmation can go to (sendAgain covers those confirmed before), in list order
  const ids: string[] = [];
  const month = `teamId=${data.teamId}&startDate=${data.startDate}&endDate=${data.endDate}&limit=200`;
  let cursor: string | null = null;
  do {
    const page: { body: { orders: Order[]; nextCursor: string | null } } = await call(
      'GET',
      `/api/v1/orders?${month}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    for (const o of page.body.orders) if (o.statusV2 !== 'canceled') ids.push(o.id);
    cursor = page.body.nextCursor;
  } while (cursor && ids.length < (SAMPLES + WARMUP) * BATCH);
  if (ids.length < (SAMPLES + WARMUP) * BATCH) throw new Error(`only ${ids.length} orders to confirm`);
  const sets = Array.from({ length: SAMPLES + WARMUP }, (_, i) => ids.slice(i * BATCH, (i + 1) * BATCH));

  const send = async (orderIds: string[]) => {
    const res = await call<SendResult>('POST', '/api/v1/orders/email/CONFIRMATION', { orderIds, sendAgain: true });
    if (res.body.queued.length !== BATCH) throw new Error(`queued ${res.body.queued.length} of ${BATCH}`);
    return res.ms;
  };
  for (const set of sets.slice(0, WARMUP)) await send(set);
  await waitForDelivery(WARMUP * BATCH, 300_000);

  const times: number[] = [];
  const started = performance.now();
  for (const set of sets.slice(WARMUP)) times.push(await send(set));
  const enqueued = performance.now();
  const total = (SAMPLES + WARMUP) * BATCH;
  await waitForDelivery(total, 600_000);
  await new Promise((r) => setTimeout(r, 1000)); // anything sent twice would show up by now
  const seconds = (receiver.lastAt() - started) / 1000;
  const rate = (SAMPLES * BATCH) / seconds;

  const all = summarize(times);
  console.log(`\nPOST /api/v1/orders/email/CONFIRMATION, ${BATCH} orders per request, one at a time:`);
  console.log(`  ${formatSummary(all)}`);
  console.log(
    `\nDelivery to SMTP on loopback: ${SAMPLES * BATCH} messages in ${seconds.toFixed(1)} s from the first request`,
  );
  console.log(
    `  (the last request answered after ${((enqueued - started) / 1000).toFixed(1)} s): ${rate.toFixed(0)} messages/s`,
  );
  console.log(`  received ${receiver.received()} of ${total}, Message-IDs received twice: ${receiver.duplicates()}`);
  console.log(`\nMachine: ${machineNote()}`);
  console.log(`\nTarget: enqueue p95 <= 500 ms: ${all.p95.toFixed(1)} ms ${verdict(all.p95 <= 500)}`);
  console.log(`Target: delivery >= 200 messages/s: ${rate.toFixed(0)}/s ${verdict(rate >= 200)}`);
  console.log(`Target: none twice: ${verdict(receiver.duplicates() === 0 && receiver.received() === total)}`);
} finally {
  await server.stop();
  await receiver.close();
  data.remove();
}
