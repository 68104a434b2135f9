import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config';

/**
 * One process at a time on a DATA_DIR: two PGlite instances writing one data folder destroy it.
 * The lock is a file created with O_EXCL holding the owner's pid, its start time as the kernel
 * counts it (/proc/<pid>/stat, so a pid reused after a crash or a container restart is not taken
 * for the owner) and a random token. A lock whose process is gone is taken over.
 */
export const LOCK_FILE = 'tourdesk.lock';

/** A ConfigError: `npm start` exits 2 with this one line. */
export class DataDirInUseError extends ConfigError {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by process ${pid}; stop it or use another DATA_DIR`);
    this.name = 'DataDirInUseError';
  }
}

interface Holder {
  pid: number;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot), or null where there is no /proc. */
  started: string | null;
  host: string;
  token: string;
}

/** Lock files this process holds: a second open of the same folder in one process is refused too. */
const held = new Set<string>();

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count from the last ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readHolder(path: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    // half written (its owner died between create and write) or unreadable: nobody's
    return null;
  }
}

function isAlive(holder: Holder): boolean {
  if (holder.pid === process.pid) return held.has(holder.token);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // alive: the same process only if it started when the owner did
  const started = startTimeOf(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

/**
 * Takes the lock on dataDir (which must exist) or throws DataDirInUseError. Returns the release,
 * which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    started: startTimeOf(process.pid),
    host: hostname(),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(path);
      if (holder && isAlive(holder)) throw new DataDirInUseError(dataDir, holder.pid);
      takeOver(path, holder);
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    held.add(me.token);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.delete(me.token);
      process.off('exit', release);
      // only our own lock: never remove one that another process took over meanwhile
      if (readHolder(path)?.token === me.token) unlinkSync(path);
    };
    process.on('exit', release);
    return release;
  }
  throw new Error(`Could not take the lock on DATA_DIR ${dataDir} (${path}): other processes keep taking it`);
}

/**
 * Removes a stale lock. Two processes may find the same stale lock at once: each moves it to a name
 * of its own first (only one move wins) and checks that it moved the lock it judged stale; a live
 * lock moved by mistake is put back.
 */
function takeOver(path: string, stale: Holder | null): void {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it
    throw err;
  }
  const moved = readHolder(aside);
  if (moved && moved.token !== stale?.token) {
    try {
      linkSync(aside, path);
    } catch {
      // a third process created a lock meanwhile: it is the owner now
    }
  }
  unlinkSync(aside);
}
