import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, Agent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from './lib/server-process';

/**
 * `npm run cluster -- --instances 2`: N server processes (server/main.ts, a port each) on one
 * PostgreSQL (DATABASE_URL), behind a round-robin HTTP proxy on loopback (PORT, default 8080) whose
 * origin is every instance's PUBLIC_ORIGIN, as a load balancer would be. Responses carry
 * `X-Instance: <n>` (1-based) saying which instance answered; streamed responses (Server-Sent
 * Events) pass through as they are written. A request with `X-Tourdesk-Instance: <n>` goes to
 * instance n only (503 while it is down), as a sticky load balancer would send one browser: tests
 * pin each browser to an instance that way. Ctrl-C or SIGTERM stops everything (each instance
 * shuts down cleanly on its SIGTERM).
 *
 * Benchmarks and end-to-end tests call startCluster() for the same thing.
 */
export interface ClusterOptions {
  instances: number;
  /** postgres://...: the database every instance shares. */
  databaseUrl: string;
  /** Port of the proxy (0: a free one). Default 0. */
  port?: number;
  /** More environment for the instances (NODE_ENV, TOKEN_SECRET, SMTP_URL, LOG_LEVEL...), on top of this process's. */
  env?: Record<string, string | undefined>;
  /** Each instance's output, line by line; default: kept quiet (shown when an instance fails to start). */
  log?: (instance: number, line: string) => void;
  /** How long an instance may take to become ready. Default 120 s. */
  readyTimeoutMs?: number;
}

export interface ClusterInstance {
  /** 1-based, as in X-Instance. */
  n: number;
  /** The instance itself, bypassing the proxy. */
  url: string;
  pid: number | undefined;
  /** SIGTERM, then its exit code once it is gone (the proxy sends it nothing meanwhile). */
  stop(): Promise<number | null>;
  /** Stops it if it runs, starts it again on the same port, resolves once it is ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** The proxy, http://127.0.0.1:<port> (API calls work under either loopback name). */
  url: string;
  /** The instances' PUBLIC_ORIGIN: http://localhost:<port>, the proxy under the name browsers use. */
  origin: string;
  instances: ClusterInstance[];
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Request header pinning a request to one instance (1-based); not passed on. */
export const PIN = 'x-tourdesk-instance';
// connection-level headers belong to one hop, not to the request or response passed on
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

function passOn(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== PIN) out[name] = value;
  }
  return out;
}

interface Slot {
  n: number;
  port: number;
  child: ChildProcess | null;
  /** Takes requests: started and ready, not stopping. */
  up: boolean;
  agent: Agent;
  output: string[];
}

async function waitReady(slot: Slot, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const child = slot.child!;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `Instance ${slot.n} exited (${child.exitCode ?? child.signalCode}) while starting:\n${slot.output.join('\n')}`,
      );
    }
    try {
      if ((await fetch(`http://127.0.0.1:${slot.port}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Instance ${slot.n} was not ready within ${timeoutMs} ms:\n${slot.output.join('\n')}`);
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  if (!Number.isInteger(opts.instances) || opts.instances < 1) {
    throw new Error(`instances must be a whole number of 1 or more, got ${opts.instances}`);
  }
  if (!/^postgres(ql)?:\/\//.test(opts.databaseUrl ?? '')) {
    throw new Error('A cluster needs one PostgreSQL database for all its instances: set DATABASE_URL=postgres://...');
  }
  const readyTimeoutMs = opts.readyTimeoutMs ?? 120_000;
  const slots: Slot[] = [];
  for (let n = 1; n <= opts.instances; n++) {
    slots.push({
      n,
      port: await freePort(),
      child: null,
      up: false,
      agent: new Agent({ keepAlive: true }),
      output: [],
    });
  }

  let next = 0;
  const pick = (): Slot | null => {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[(next + i) % slots.length];
      if (slot.up) {
        next = (next + i + 1) % slots.length;
        return slot;
      }
    }
    return null;
  };

  const pinned = (req: IncomingMessage): Slot | null | undefined => {
    const n = req.headers[PIN];
    if (n === undefined) return undefined;
    const slot = slots.find((s) => String(s.n) === n);
    return slot?.up ? slot : null;
  };

  const proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
    const pin = pinned(req);
    const slot = pin === undefined ? pick() : pin;
    if (!slot) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      const which = pin === undefined ? 'No instance is up' : `Instance ${String(req.headers[PIN])} is not up`;
      res.end(JSON.stringify({ error: 'UNAVAILABLE', message: which }));
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: slot.port,
        method: req.method,
        path: req.url,
        agent: slot.agent,
        headers: {
          ...passOn(req.headers),
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...passOn(answer.headers), 'x-instance': String(slot.n) });
        // headers at once: a stream (SSE) may send nothing else for a while
        res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (err) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json', 'x-instance': String(slot.n) });
      res.end(JSON.stringify({ error: 'BAD_GATEWAY', message: `Instance ${slot.n}: ${err.message}` }));
    });
    // a client that resets its connection only ends its own exchange
    req.on('error', () => upstream.destroy());
    res.on('error', () => upstream.destroy());
    // the client went away (a closed stream): the instance must notice too
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const proxyPort = (proxy.address() as { port: number }).port;
  const origin = `http://localhost:${proxyPort}`;

  const launch = async (slot: Slot) => {
    slot.output = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...opts.env,
        DATABASE_URL: opts.databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(slot.port),
        PUBLIC_ORIGIN: origin,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    slot.child = child;
    const onData = (chunk: Buffer) => {
      for (const line of String(chunk).split('\n')) {
        if (!line.trim()) continue;
        slot.output.push(line);
        if (slot.output.length > 200) slot.output.shift();
        opts.log?.(slot.n, line);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => {
      slot.up = false;
    });
    await waitReady(slot, readyTimeoutMs);
    slot.up = true;
  };

  const stopSlot = async (slot: Slot, timeoutMs = 30_000): Promise<number | null> => {
    slot.up = false;
    const child = slot.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(killer);
      slot.agent.destroy();
      slot.agent = new Agent({ keepAlive: true });
    }
  };

  const stopAll = async () => {
    await Promise.all(slots.map((s) => stopSlot(s)));
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => (proxy as Server).close(() => resolve()));
    for (const s of slots) s.agent.destroy();
  };

  try {
    // all at once, as an orchestrator would: the first start of a fresh database races
    await Promise.all(slots.map(launch));
  } catch (err) {
    await stopAll();
    throw err;
  }

  return {
    url: `http://127.0.0.1:${proxyPort}`,
    origin,
    instances: slots.map((slot) => ({
      n: slot.n,
      url: `http://127.0.0.1:${slot.port}`,
      get pid() {
        return slot.child?.pid;
      },
      stop: () => stopSlot(slot),
      async restart() {
        await stopSlot(slot);
        await launch(slot);
      },
    })),
    stop: stopAll,
  };
}

function redacted(url: string): string {
  return url.replace(/:[^:@/]*@/, ':***@');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { instances: { type: 'string', short: 'n', default: '2' } },
    allowPositionals: false,
  });
  const instances = Number(values.instances);
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    console.error(
      'npm run cluster needs DATABASE_URL=postgres://... : every instance shares one PostgreSQL database (the embedded one belongs to a single process)',
    );
    process.exit(2);
  }
  if (!Number.isInteger(instances) || instances < 1) {
    console.error(`--instances must be a whole number of 1 or more, got "${values.instances}"`);
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 8080);
  console.log(`Starting ${instances} instances on ${redacted(databaseUrl)}...`);
  const cluster = await startCluster({
    instances,
    databaseUrl,
    port,
    log: (n, line) => console.log(`[${n}] ${line}`),
  });
  console.log(`\nTourdesk cluster: ${cluster.origin} (round-robin over ${instances} instances, X-Instance says which)`);
  for (const i of cluster.instances) console.log(`  instance ${i.n}: ${i.url} (pid ${i.pid})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the instances...`);
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main().catch((err: Error) => {
    console.error(`Cluster failed: ${err.message}`);
    process.exit(1);
  });
}
