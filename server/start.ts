import { buildApp } from './app';
import { isEmbeddedIssuer, loadConfig, type Config } from './config';
import { openDb, type Db } from './db/client';
import { migrate, pendingMigrations } from './db/migrate';
import { startDraining } from './draining';
import { DEMO_ACCOUNTS } from './identity/accounts';
import { sharedSecrets } from './secrets';
import { seed } from './seed/index';
import { listenWhileStarting } from './starting';
import type { FastifyInstance } from 'fastify';

/**
 * Starts Tourdesk from an environment: config (ConfigError on a bad or unsafe one), the port (live,
 * not ready: server/starting.ts), database and migrations, the secrets shared by every instance
 * (server/secrets.ts), demo data in the demo only, API, identity and web app. server/main.ts runs it for
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
  /** Shuts down cleanly: readiness 503 and no new e-mail claims at once; after `drainMs` (default 0)
   *  no new connections, requests and e-mails under way finish (each outcome recorded), live
   *  streams close, then the database closes (when start opened it). */
  close(opts?: { drainMs?: number }): Promise<void>;
}

export async function start(env: Record<string, string | undefined>, opts: StartOptions): Promise<Started> {
  const began = Date.now();
  const log = opts.log ?? ((line: string) => console.log(line));
  const loaded = loadConfig(env);
  // the port answers from the first moment: live, and not ready until everything below is done
  const starting = await listenWhileStarting(loaded.host, loaded.port);
  let db: Db | null = opts.db ?? null;
  try {
    db ??= await openDb({ databaseUrl: loaded.databaseUrl, dataDir: loaded.dataDir });
    const pending = await pendingMigrations(db);
    if (pending.length) starting.setReason(`Migrations not applied yet: ${pending.join(', ')}`);
    const applied = await migrate(db);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    // every instance on this database signs with the same secrets (configuration, else the database)
    starting.setReason('Reading shared secrets');
    const { config, identityKeys } = await sharedSecrets(db, env, loaded);
    // Production never writes demo data by itself: `npm run seed` is the explicit way.
    let seeded = false;
    if (config.mode === 'demo') {
      starting.setReason('Writing demo data');
      const result = await seed(db, { issuer: config.oidcIssuer });
      seeded = !result.skipped;
      if (seeded) log(`Seeded demo data: ${result.orders} orders, ${result.tours} tours (${result.ms} ms)`);
    }

    const app = await buildApp({
      db,
      config,
      identityKeys,
      staticDir: opts.staticDir,
      logger: { level: opts.logLevel ?? 'warn' },
      emailWorker: true,
      bookingExpiry: true,
    });
    await app.ready();
    await starting.close();
    await app.listen({ port: starting.port, host: config.host });
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
    const opened = db;
    const ownDb = !opts.db;
    let closing: Promise<void> | null = null;
    return {
      app,
      db: opened,
      config,
      port,
      seeded,
      close(how = {}) {
        closing ??= (async () => {
          // readiness answers 503 and the e-mail worker claims nothing more, at once; after the
          // drain time (for a load balancer to notice), no new connection is taken, requests under
          // way finish, the worker finishes its claim and live streams end (the app's onClose)
          startDraining(app);
          void app.emailWorker?.stop();
          if (how.drainMs) await new Promise((resolve) => setTimeout(resolve, how.drainMs));
          await app.close();
          if (!ownDb) return;
          await opened.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await starting.close();
    if (!opts.db) await db?.close().catch(() => undefined);
    throw err;
  }
}
