import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError } from '../server/config';
import { lockDataDir } from '../server/db/data-dir-lock';
import {
  backupPath,
  databaseConfigOrStop,
  embeddedDir,
  isEmptyFolder,
  openEmbedded,
  runTool,
  stop,
} from './lib/backup';

/**
 * npm run backup [-- <file or folder>]
 * PostgreSQL (DATABASE_URL): pg_dump in its custom format, consistent while servers run. The embedded
 * database (DATA_DIR): PGlite's own dump of its data folder, a gzipped tarball; it takes the
 * DATA_DIR lock for that, so the server must be stopped (a copy under a running server would be
 * torn). Written to ./backups/tourdesk-<pg|pglite>-<UTC time>.<dump|tar.gz> unless a path is given.
 */
const USAGE = 'Usage: npm run backup [-- <file or folder>]';

let positionals: string[];
try {
  ({ positionals } = parseArgs({ allowPositionals: true, strict: true, options: {} }));
} catch (err) {
  stop(`${(err as Error).message}\n${USAGE}`);
}
if (positionals.length > 1) stop(USAGE);

const config = databaseConfigOrStop();

const began = Date.now();
if (config.databaseUrl) {
  const file = backupPath(positionals[0], 'postgres');
  try {
    await runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${config.databaseUrl}`]);
  } catch (err) {
    stop((err as Error).message, 1);
  }
  console.log(`Backed up PostgreSQL (DATABASE_URL) to ${file} in ${Date.now() - began} ms`);
} else {
  if (!config.dataDir) stop('DATA_DIR is :memory:, there is nothing to back up');
  const dir = embeddedDir(config.dataDir);
  if (isEmptyFolder(dir)) stop(`There is no embedded database in DATA_DIR ${config.dataDir}`);
  let unlock;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof ConfigError)
      stop(`${err.message} (the embedded database is backed up while no server runs on it)`);
    throw err;
  }
  try {
    const lite = await openEmbedded(dir);
    const dump = await lite.dumpDataDir('gzip');
    await lite.close();
    const file = backupPath(positionals[0], 'embedded');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    console.log(`Backed up the embedded database (${dir}) to ${file} in ${Date.now() - began} ms`);
  } finally {
    unlock();
  }
}
