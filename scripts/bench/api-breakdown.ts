import { verifyAccessToken, verifyUncached } from '../../server/auth/tokens';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/client';
import { access } from '../../server/auth/access';
import { listOrders } from '../../server/repo/orders';
import { listOrdersJson } from '../../server/repo/orders-json';
import { seedBenchData } from './bench-data';
import { HttpClient } from './http-client';
import { formatSummary, machineNote, summarize } from './stats';

/**
 * Where the time of one GET /api/v1/orders (page 1 of the bench month, 50 orders) goes, on the
 * database the benchmarks use (PGlite, or PostgreSQL with BENCH_DATABASE_URL): each step alone,
 * in this process, one at a time, then the whole request through Fastify without a socket
 * (inject), then over loopback HTTP with one connection. The steps of the former handler
 * (requireTeam, then listOrders mapping rows in JS, then JSON.stringify) are timed next to the
 * current one (listOrdersJson), so the two can be compared on the same data.
 */
const N = Number(process.env.BENCH_SAMPLES ?? 300);

const data = await seedBenchData();
const config = loadConfig({ DATA_DIR: data.dataDir });
const db = await openDb({ dataDir: data.dataDir, databaseUrl: data.databaseUrl });
const app = await buildApp({ db, config, identity: false });
const filters = { teamId: data.teamId, startDate: data.startDate, endDate: data.endDate };
const path = `/api/v1/orders?teamId=${data.teamId}&startDate=${data.startDate}&endDate=${data.endDate}`;

async function time(label: string, fn: () => unknown): Promise<void> {
  for (let i = 0; i < 30; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < N; i++) {
    const started = performance.now();
    await fn();
    t.push(performance.now() - started);
  }
  console.log(`  ${label.padEnd(44)} ${formatSummary(summarize(t))}`);
}

try {
  const user = { ...(await verifyAccessToken(data.token, config)), needs: 'MEMBER' as const };
  const team = await access(db, user, { team: data.teamId });
  const page = await listOrders(db, team, filters, {});
  const body = { orders: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  console.log(`\nGET ${path} (${page.items.length} orders, ${JSON.stringify(body).length} bytes), step by step:`);
  await time('verify the access token (HS256 JWT)', () => verifyUncached(data.token, config));
  await time('SELECT 1 (one database round trip)', () => db.query('SELECT 1'));
  await time('the access token, verified before (cached)', () => verifyAccessToken(data.token, config));
  await time('membership and team (access)', () => access(db, user, { team: data.teamId }));
  await time('the page: query, rows mapped, cursor (listOrders)', () => listOrders(db, team, filters, {}));
  await time('JSON.stringify of the answer', () => JSON.stringify(body));
  await time('the page as one JSON text (listOrdersJson)', () => listOrdersJson(db, user.userId, team, filters, {}));
  await time('whole request, Fastify inject (no socket)', () =>
    app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${data.token}` } }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const client = new HttpClient(`http://127.0.0.1:${address.port}`, data.token, 1);
  await time('whole request over loopback HTTP, in process', () => client.ok('GET', path));
  client.close();
  console.log(`\nMachine: ${machineNote()}`);
} finally {
  await app.close();
  await db.close();
  data.remove();
}
