import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * A throwaway PostgreSQL server for tests that need a real one (several instances of the server on
 * one database): initdb in a temporary folder, started on a free loopback port, one database
 * created; stop() shuts it down and removes the folder. The same steps as
 * scripts/with-postgres.sh. As root the cluster runs as the `postgres` user, since
 * PostgreSQL refuses to run as root. scripts/ensure-postgres installs Debian's binaries.
 */
export interface ScratchPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  stop(): void;
}

/** The folder holding initdb: PG_BIN, or the newest Debian install, or pg_config's. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(debian, versions[0], 'bin');
  }
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

export async function startScratchPostgres(database = 'tourdesk'): Promise<ScratchPostgres> {
  const bin = postgresBinaries();
  if (!bin || !existsSync(join(bin, 'initdb'))) {
    throw new Error('PostgreSQL server binaries not found: run scripts/ensure-postgres or set PG_BIN');
  }
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'tourdesk-pg-'));
  chmodSync(dir, 0o755);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  } catch (err) {
    stop();
    throw err;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, stop };
}
