import { buildApp } from './app';
import { isEmbeddedIssuer, loadConfig, type Config } from './config';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { DEMO_ACCOUNTS } from './identity/accounts';
import { seed } from './seed/index';
import type { FastifyInstance } from 'fastify';

/**
 * Starts Tourdesk from an environment: config (ConfigError on a bad or unsafe one), database and
 * migrations, demo data in the demo only, API, identity and web app. server/main.ts runs it for
 * `npm start`; tests run it with an environment of their own.
 */
export interface StartOptions {
  /** The built web app to serve; null = API only. */
  staticDir: string | null;
  /** An open database to use instead of the configured one (tests); start does not close it. */
  db?: Db;
  /** Where the start-up lines go. */
  log?: (line: string) => void;
  logLevel?: string;
}

export interface Started {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The port listened on (PORT=0 picks a free one). */
  port: number;
  /** Demo data written at this start. */
  seeded: boolean;
  close(): Promise<void>;
}

export async function start(env: Record<string, string | undefined>, opts: StartOptions): Promise<Started> {
  const began = Date.now();
  const log = opts.log ?? ((line: string) => console.log(line));
  const config = loadConfig(env);
  const db = opts.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    const applied = await migrate(db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    // Production never writes demo data by itself: `npm run seed` is the explicit way.
    let seeded = false;
    if (config.mode === 'demo') {
      const result = await seed(db, { issuer: config.oidcIssuer });
      seeded = !result.skipped;
      if (seeded) log(`Seeded demo data: ${result.orders} orders, ${result.tours} tours (${result.ms} ms)`);
    }

    const app = await buildApp({
      db,
      config,
      staticDir: opts.staticDir,
      logger: { level: opts.logLevel ?? 'warn' },
      emailWorker: true,
      bookingExpiry: true,
    });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;

    log(
      `\nTourdesk (${config.mode}) is running at ${config.publicOrigin}  (listening on ${config.host}:${port}, ready in ${Date.now() - began} ms)`,
    );
    log(
      `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir ? `${config.dataDir}/pglite` : 'in memory'}`,
    );
    if (!isEmbeddedIssuer(config)) {
      log(`Identity provider: ${config.oidcIssuer} (client ${config.oidcClientId})`);
    } else if (config.mode === 'production') {
      log('Sign-in: embedded identity provider, one-time codes e-mailed through SMTP_URL');
    } else {
      log('Demo: sign in with a demo account (embedded identity provider, no password):');
      for (const a of DEMO_ACCOUNTS) log(`  ${a.email.padEnd(26)} ${a.description}`);
    }
    return {
      app,
      db,
      config,
      port,
      seeded,
      async close() {
        await app.close();
        if (!opts.db) await db.close();
      },
    };
  } catch (err) {
    if (!opts.db) await db.close().catch(() => undefined);
    throw err;
  }
}
