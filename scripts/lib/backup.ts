import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ConfigError, loadDatabaseConfig } from '../../server/config';

/** What `npm run backup` and `npm run restore` share. */

export type Kind = 'postgres' | 'embedded';

/** PostgreSQL: pg_dump's custom format; the embedded database: PGlite's data folder as a gzipped tarball. */
export const EXTENSION: Record<Kind, string> = { postgres: '.dump', embedded: '.tar.gz' };

export const DEFAULT_FOLDER = 'backups';

/** tourdesk-<kind>-YYYYMMDD-HHMMSS<ext> (UTC), so that names sort by time. */
export function backupName(kind: Kind, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `tourdesk-${kind === 'postgres' ? 'pg' : 'pglite'}-${stamp}${EXTENSION[kind]}`;
}

/** Where a backup goes: a given file, a file in a given folder (existing, or named with a trailing
 *  slash), or ./backups/<name>. Folders are created. */
export function backupPath(given: string | undefined, kind: Kind, now = new Date()): string {
  const target = resolve(given ?? `${DEFAULT_FOLDER}/`);
  const isFolder =
    given === undefined || /[/\\]$/.test(given) || (existsSync(target) && statSync(target).isDirectory());
  const file = isFolder ? join(target, backupName(kind, now)) : target;
  mkdirSync(isFolder ? target : resolve(file, '..'), { recursive: true });
  return file;
}

/** The embedded database's folder inside DATA_DIR (as server/db/pglite.ts opens it). */
export const embeddedDir = (dataDir: string) => join(dataDir, 'pglite');

export const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Opens PGlite as the server does (with the extensions its schema uses), outside the server's thread. */
export const openEmbedded = (dir: string, extra: PGliteOptions = {}) =>
  PGlite.create(dir, { extensions: { pg_trgm }, ...extra });

/** Runs a PostgreSQL client tool; rejects with its error output when it fails. */
export function runTool(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.once('error', (err) =>
      reject(
        new Error(
          (err as NodeJS.ErrnoException).code === 'ENOENT'
            ? `${cmd} not found: install PostgreSQL's client tools`
            : err.message,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${cmd} failed: ${stderr.trim()}`)),
    );
  });
}

/** Prints the message and exits 2 (refused: nothing was changed) or 1 (failed). */
export function stop(message: string, code: 1 | 2 = 2): never {
  console.error(message);
  process.exit(code);
}

/** DATA_DIR and DATABASE_URL as the server reads them; a bad setting stops with its message. */
export function databaseConfigOrStop(): ReturnType<typeof loadDatabaseConfig> {
  try {
    return loadDatabaseConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) stop(`Configuration error: ${err.message}`);
    throw err;
  }
}
