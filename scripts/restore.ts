import { existsSync, openSync, readFileSync, readSync, closeSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError } from '../server/config';
import { lockDataDir } from '../server/db/data-dir-lock';
import { databaseConfigOrStop, embeddedDir, isEmptyFolder, openEmbedded, runTool, stop } from './lib/backup';

/**
 * npm run restore -- <backup file> [--force]
 * Puts a backup of `npm run backup` back: a pg_dump file into DATABASE_URL's database (pg_restore,
 * in one transaction), a PGlite tarball into DATA_DIR. Refuses (exit 2, nothing changed) to replace
 * a database that holds anything without --force, while Tourdesk servers are connected to the
 * PostgreSQL database, and while a server holds the DATA_DIR lock. The embedded database is
 * unpacked and opened beside the old one first; the old one is kept as pglite.replaced-<time>.
 */
const USAGE = 'Usage: npm run restore -- <backup file> [--force]';

let values: { force?: boolean };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: { force: { type: 'boolean', default: false } },
  }));
} catch (err) {
  stop(`${(err as Error).message}\n${USAGE}`);
}
if (positionals.length !== 1) stop(USAGE);
const file = resolve(positionals[0]);
if (!existsSync(file)) stop(`No backup at ${file}`);

const config = databaseConfigOrStop();

/** pg_dump's custom format starts with PGDMP; a gzipped tarball with 1f 8b. */
function kindOf(path: string): 'postgres' | 'embedded' | null {
  const head = Buffer.alloc(5);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  return null;
}

const kind = kindOf(file);
if (!kind) stop(`${file} is not a backup of npm run backup (neither a pg_dump custom file nor a gzipped tarball)`);
if (kind === 'postgres' && !config.databaseUrl) stop(`${file} is a PostgreSQL backup: set DATABASE_URL to restore it`);
if (kind === 'embedded' && config.databaseUrl) {
  stop(`${file} is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it`);
}

const began = Date.now();
if (config.databaseUrl) {
  const client = new pg.Client({ connectionString: config.databaseUrl, application_name: 'tourdesk-restore' });
  await client.connect();
  try {
    const [{ servers }] = (
      await client.query<{ servers: number }>(
        `SELECT count(*)::int AS servers FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'tourdesk' AND pid <> pg_backend_pid()`,
      )
    ).rows;
    if (servers > 0) stop(`${servers} connection(s) of Tourdesk servers use this database: stop the servers first`);
    const [{ tables }] = (
      await client.query<{ tables: number }>(
        `SELECT count(*)::int AS tables FROM information_schema.tables
          WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
      )
    ).rows;
    if (tables > 0 && !values.force) {
      stop(`The database of DATABASE_URL holds ${tables} tables: add --force to replace them with the backup`);
    }
  } finally {
    await client.end();
  }
  try {
    await runTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
  } catch (err) {
    stop(`${(err as Error).message}\nNothing was changed (the restore runs in one transaction).`, 1);
  }
  console.log(`Restored ${file} into PostgreSQL (DATABASE_URL) in ${Date.now() - began} ms`);
} else {
  if (!config.dataDir) stop('DATA_DIR is :memory:, there is nothing to restore into');
  const dir = embeddedDir(config.dataDir);
  if (!isEmptyFolder(dir) && !values.force) {
    stop(`DATA_DIR ${config.dataDir} already holds a database: add --force to replace it with the backup`);
  }
  let unlock;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof ConfigError) stop(`${err.message} (restore while no server runs on it)`);
    throw err;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const unpacked = `${dir}.restoring-${stamp}`;
  try {
    const blob = new Blob([new Uint8Array(readFileSync(file))], { type: 'application/gzip' });
    const lite = await openEmbedded(unpacked, { loadDataDir: blob });
    // the backup opens and is Tourdesk's: its migrations table answers
    await lite.query('SELECT count(*) FROM schema_migrations');
    await lite.close();
    let kept = null;
    if (!isEmptyFolder(dir)) {
      kept = `${dir}.replaced-${stamp}`;
      renameSync(dir, kept);
    } else rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
    console.log(`Restored ${file} into ${dir} in ${Date.now() - began} ms`);
    if (kept) console.log(`The database it replaced is in ${kept}: remove it once you no longer need it.`);
  } catch (err) {
    rmSync(unpacked, { recursive: true, force: true });
    stop(`Restore failed, nothing was changed: ${(err as Error).message}`, 1);
  } finally {
    unlock();
  }
}
