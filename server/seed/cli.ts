import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { TEAMS } from './catalog';
import { seed } from './index';

/**
 * npm run seed -- [--orders N] [--team CODE] [--reset]
 *   (no options)     seeds demo data into an empty database (does nothing when teams exist)
 *   --orders N       number of orders (default 5000)
 *   --team CODE      adds all N orders to that team, within the current month (for benchmarks)
 *   --reset          deletes all data first
 * Uses DATA_DIR / DATABASE_URL like the server. Stop the server first when using the embedded database.
 */
const USAGE = `Usage: npm run seed -- [--orders N] [--team ${TEAMS.map((t) => t.code).join('|')}] [--reset]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function parse() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        orders: { type: 'string' },
        team: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  let orders: number | undefined;
  if (values.orders !== undefined) {
    if (!/^\d+$/.test(values.orders)) fail(`--orders must be a whole number, got "${values.orders}"`);
    orders = Number(values.orders);
    if (orders > 2_000_000) fail('--orders must be at most 2000000');
  }
  let team: string | undefined;
  if (values.team !== undefined) {
    team = values.team.toUpperCase();
    if (!TEAMS.some((t) => t.code === team))
      fail(`--team must be one of ${TEAMS.map((t) => t.code).join(', ')}, got "${values.team}"`);
  }
  return { orders, team, reset: values.reset ?? false };
}

async function main() {
  const args = parse();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : config.dataDir
      ? `${config.dataDir}/pglite`
      : 'memory';
  console.log(`Seeding ${where}...`);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const result = await seed(db, { ...args, issuer: config.oidcIssuer });
    if (result.skipped) {
      console.log(
        `The database already has ${result.teams} teams: nothing to do (use --reset to start over, or --team CODE to add orders).`,
      );
    } else {
      // PGlite never autovacuums: give the planner statistics for the rows just written
      await db.query('VACUUM ANALYZE');
      console.log(
        `Seeded ${result.orders} orders, ${result.tours} tours and ${result.events} events` +
          `${args.team ? ` into team ${args.team}` : ` across ${result.teams} teams`} in ${(result.ms / 1000).toFixed(1)} s.`,
      );
    }
  } finally {
    await db.close();
  }
}

main().catch((err: Error) => {
  console.error(`Seed failed: ${err.message}`);
  process.exit(1);
});
