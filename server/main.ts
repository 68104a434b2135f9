import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, isEmbeddedIssuer, loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { DEMO_ACCOUNTS } from './identity/accounts';
import { seed } from './seed/index';

/** Starts Tourdesk: config, database (+ migrations, + demo data when empty), API, identity, web app. */
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

async function main() {
  const started = Date.now();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }

  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  const seeded = await seed(db, { issuer: config.oidcIssuer });
  if (!seeded.skipped)
    console.log(`Seeded demo data: ${seeded.orders} orders, ${seeded.tours} tours (${seeded.ms} ms)`);

  const app = await buildApp({
    db,
    config,
    staticDir: process.env.STATIC_DIR ?? DIST,
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    emailWorker: true,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  console.log(
    `\nTourdesk is running at ${config.publicOrigin}  (listening on ${config.host}:${port}, ready in ${Date.now() - started} ms)`,
  );
  console.log(
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir ? `${config.dataDir}/pglite` : 'in memory'}`,
  );
  if (isEmbeddedIssuer(config)) {
    console.log('Sign in with a demo account (embedded identity provider, no password):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(26)} ${a.description}`);
  } else {
    console.log(`Identity provider: ${config.oidcIssuer} (client ${config.oidcClientId})`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: Error) => {
  console.error('Tourdesk failed to start:', err);
  process.exit(1);
});
