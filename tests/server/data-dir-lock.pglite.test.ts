import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { DataDirInUseError, LOCK_FILE } from '../../server/db/data-dir-lock';

/**
 * One process per DATA_DIR: a second one (a real `npm start`, or any process opening the embedded
 * database) is refused with a message naming the holder; a holder that died leaves a lock that the
 * next start takes over.
 */
const ROOT = join(import.meta.dirname, '../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
let db: Db | null = null;

afterEach(async () => {
  await db?.close();
  db = null;
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tourdesk-lock-'));
  dirs.push(dir);
  return dir;
}

function run(args: string[], env: Record<string, string>) {
  const child = spawn('npx', ['tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += String(d)));
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  const printed = async (text: string) => {
    while (!stdout.includes(text)) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, printed };
}

describe('the DATA_DIR lock', () => {
  it('refuses a second server on a DATA_DIR in use, naming the process', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    db = await openDb({ dataDir: dir });
    const server = run(['server/main.ts'], { DATA_DIR: dir, PORT: '0', STATIC_DIR: dir });
    const { code, stderr } = await server.exited;
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      `Configuration error: DATA_DIR ${dir} is in use by process ${process.pid}; stop it or use another DATA_DIR`,
    );
    // the refused server left the holder's database alone
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it(
    'refuses while another process holds it, and takes over once that process died',
    { timeout: 120_000 },
    async () => {
      const dir = dataDir();
      const holder = run(['tests/server/data-dir-holder.ts'], { DATA_DIR: dir });
      await holder.printed('holding');
      const pid = holder.child.pid!;
      // npx and tsx run the script in a child of their own: the lock names whoever opened it
      const err = await openDb({ dataDir: dir }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DataDirInUseError);
      const holderPid = (err as DataDirInUseError).pid;
      expect(holderPid).not.toBe(process.pid);
      expect((err as Error).message).toBe(
        `DATA_DIR ${dir} is in use by process ${holderPid}; stop it or use another DATA_DIR`,
      );

      // a crash: no release, the lock file stays behind
      process.kill(holderPid, 'SIGKILL');
      if (holderPid !== pid) holder.child.kill('SIGKILL');
      await holder.exited;
      await waitUntilGone(holderPid);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(true);

      db = await openDb({ dataDir: dir });
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await db.close();
      db = null;
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    },
  );

  it('refuses a second open in the same process', async () => {
    const dir = dataDir();
    db = await openDb({ dataDir: dir });
    await expect(openDb({ dataDir: dir })).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${process.pid}`);
  });
});

async function waitUntilGone(pid: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} still runs`);
}
