import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { liveStreams } from '../live/register';
import { databaseFigures } from '../repo/metrics';
import { checkMetricsAccess } from './access';

/**
 * GET /metrics in Prometheus' text format: requests by operation and status (count and latency),
 * PostgreSQL's pool, the e-mail outbox, live streams, channel holds and bookings, and Node's own
 * process figures. Figures kept in the database are read at scrape time with one statement.
 */
export interface MetricsOptions {
  /** Bearer token that may read /metrics from anywhere; default: METRICS_TOKEN, else loopback only. */
  token?: string | null;
  /** How long a scrape waits for the database's figures before it answers without them. */
  databaseTimeoutMs?: number;
}

/** Node's process figures (CPU, memory, event loop, handles): once per process, whatever the apps. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The operation a request ran (the contract's operationId, else the route's pattern), never its raw URL. */
function operationOf(req: FastifyRequest): string {
  const operationId = (req.routeOptions.config as { operationId?: string } | undefined)?.operationId;
  return operationId ?? req.routeOptions.url ?? 'unmatched';
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(app: FastifyInstance, db: Db, opts: MetricsOptions = {}): void {
  const token = opts.token !== undefined ? opts.token : process.env.METRICS_TOKEN?.trim() || null;
  const databaseTimeoutMs = opts.databaseTimeoutMs ?? 2_000;
  const registry = new Registry();
  const labelNames = ['operation', 'method', 'status'] as const;

  const requests = new Counter({
    name: 'tourdesk_http_requests_total',
    help: 'HTTP requests answered, by operation, method and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tourdesk_http_request_duration_seconds',
    help: 'Time from request to answer, by operation, method and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const labels = { operation: operationOf(req), method: req.method, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'tourdesk_live_streams',
    help: 'Live event streams (GET /api/v1/events) connected to this process',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });

  // the pool as the scrape found it, before the scrape's own queries joined its waiting line
  let poolAtScrape = db.poolStats?.();
  if (poolAtScrape) registerPoolMetrics(registry, () => poolAtScrape!);
  // the embedded database answers one command at a time: its queue is what a pool's waits are
  const inFlight = db.commandsInFlight?.bind(db);
  const inFlightGauge = inFlight
    ? new Gauge({
        name: 'tourdesk_db_commands_in_flight',
        help: 'Commands sent to the embedded database and not answered yet (queued or running)',
        registers: [registry],
      })
    : null;

  const databaseUp = new Gauge({
    name: 'tourdesk_database_up',
    help: '1 when the last scrape read the figures below from the database, 0 when it failed or timed out',
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'tourdesk_outbox_messages',
    help: 'E-mails in the outbox by state: queued (waiting or retrying), sending (claimed), failed (given up)',
    labelNames: ['state'],
    registers: [registry],
  });
  const retrying = new Gauge({
    name: 'tourdesk_outbox_retrying_messages',
    help: 'Queued e-mails whose delivery failed at least once and will be tried again',
    registers: [registry],
  });
  const bookings = new Gauge({
    name: 'tourdesk_channel_bookings',
    help: 'Channel bookings by status',
    labelNames: ['status'],
    registers: [registry],
  });
  const holds = new Gauge({
    name: 'tourdesk_channel_active_holds',
    help: 'Channel bookings ON_HOLD and not expired: places held for a reseller',
    registers: [registry],
  });

  async function readDatabase(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const figures = await Promise.race([
        databaseFigures(db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), databaseTimeoutMs);
        }),
      ]);
      for (const [state, n] of Object.entries(figures.outbox)) outbox.set({ state }, n);
      retrying.set(figures.outboxRetrying);
      for (const [status, n] of Object.entries(figures.bookings)) bookings.set({ status }, n);
      holds.set(figures.activeHolds);
      databaseUp.set(1);
    } catch (err) {
      // no stale figures: the series are gone until the database answers again
      app.log.warn({ err }, 'metrics: the database figures could not be read');
      for (const gauge of [outbox, retrying, bookings, holds]) gauge.reset();
      databaseUp.set(0);
    } finally {
      clearTimeout(timer);
    }
  }

  app.get('/metrics', async (req, reply) => {
    checkMetricsAccess(req, token);
    // read before this scrape's own queries join the queue
    if (inFlight) inFlightGauge?.set(inFlight());
    poolAtScrape = db.poolStats?.();
    await readDatabase();
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}

/** PostgreSQL's pool: connections now, callers waiting, and the waits so far (counters). */
function registerPoolMetrics(registry: Registry, stats: NonNullable<Db['poolStats']>): void {
  new Gauge({
    name: 'tourdesk_db_pool_connections',
    help: 'Connections of the PostgreSQL pool, idle or busy',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = stats();
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'busy' }, s.total - s.idle);
    },
  });
  new Gauge({
    name: 'tourdesk_db_pool_waiting',
    help: 'Callers waiting now for a connection of the PostgreSQL pool',
    registers: [registry],
    collect() {
      this.set(stats().waiting);
    },
  });
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        // the pool keeps the running totals: the counter shows them as they are
        this.reset();
        this.inc(read());
      },
    });
  counter('tourdesk_db_pool_acquired_total', 'Connections handed out by the PostgreSQL pool', () => stats().acquired);
  counter(
    'tourdesk_db_pool_wait_seconds_total',
    'Seconds callers waited for a connection of the PostgreSQL pool, in all',
    () => stats().waitSeconds,
  );
  counter(
    'tourdesk_db_pool_wait_failures_total',
    'Waits for a connection that ran out (DB_POOL_WAIT_TIMEOUT_MS) or could not connect',
    () => stats().failed,
  );
}
