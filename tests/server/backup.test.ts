import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed/index';

/**
 * npm run backup / npm run restore, as an operator runs them (real processes): a backup, a change,
 * a restore, and the change is gone; the restore refuses to replace a database without --force and
 * while a server holds the DATA_DIR. The embedded database always; PostgreSQL when DATABASE_URL is
 * set (in a scratch database of its own, created and dropped here).
 */
const ROOT = join(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function npm(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const teamName = async (db: Db) =>
  (await db.query<{ name: string }>("SELECT name FROM teams WHERE code = 'VN'"))[0]?.name ?? null;

describe('backup and restore of the embedded database', () => {
  it('round trip: backup, change, restore, the change is gone', { timeout: 240_000 }, async () => {
    const dataDir = folder('tourdesk-backup-data-');
    const out = folder('tourdesk-backups-');
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    let db = await openDb({ dataDir });
    await migrate(db);
    await seed(db, { orders: 0 });
    const original = await teamName(db);
    expect(original).toBeTruthy();

    // while the server (here: this process) holds the DATA_DIR, neither runs
    const busy = await npm('backup', [out], env);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toContain(`DATA_DIR ${dataDir} is in use by process ${process.pid}`);
    await db.close();

    const backup = await npm('backup', [`${out}/`], env);
    expect(backup.code, backup.stderr).toBe(0);
    const files = readdirSync(out);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^tourdesk-pglite-\d{8}-\d{6}\.tar\.gz$/);
    const file = join(out, files[0]);

    db = await openDb({ dataDir });
    await db.query("UPDATE teams SET name = 'Changed after the backup' WHERE code = 'VN'");
    expect(await teamName(db)).toBe('Changed after the backup');
    const held = await npm('restore', [file, '--force'], env);
    expect(held.code).toBe(2);
    expect(held.stderr).toContain(`DATA_DIR ${dataDir} is in use by process ${process.pid}`);
    await db.close();

    const refused = await npm('restore', [file], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('already holds a database: add --force');

    const restored = await npm('restore', [file, '--force'], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('The database it replaced is in');

    db = await openDb({ dataDir });
    try {
      expect(await teamName(db)).toBe(original);
    } finally {
      await db.close();
    }
    // the replaced database was kept aside, the unpacking folder is gone
    const left = readdirSync(dataDir).filter((f) => f.startsWith('pglite'));
    expect(left.sort()).toEqual(['pglite', expect.stringMatching(/^pglite\.replaced-\d{8}-\d{6}$/)]);
  });

  it('refuses what is not a backup, and a backup of the other kind of database', async () => {
    const dataDir = folder('tourdesk-backup-data-');
    const bogus = join(dataDir, 'notes.txt');
    await import('node:fs').then((fs) => fs.writeFileSync(bogus, 'not a backup'));
    const res = await npm('restore', [bogus], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('is not a backup of npm run backup');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('backup and restore on PostgreSQL (DATABASE_URL)', () => {
  it(
    'round trip in a scratch database: backup, change, restore, the change is gone',
    { timeout: 240_000 },
    async () => {
      const name = `tourdesk_backup_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const scratch = new URL(url!);
      scratch.pathname = `/${name}`;
      const env = { DATABASE_URL: scratch.toString() };
      try {
        let db = await openDb({ databaseUrl: scratch.toString() });
        await migrate(db);
        await seed(db, { orders: 0 });
        const original = await teamName(db);
        await db.close();

        const out = folder('tourdesk-backups-');
        const backup = await npm('backup', [out], env);
        expect(backup.code, backup.stderr).toBe(0);
        const [file] = readdirSync(out);
        expect(file).toMatch(/^tourdesk-pg-\d{8}-\d{6}\.dump$/);

        db = await openDb({ databaseUrl: scratch.toString() });
        await db.query("UPDATE teams SET name = 'Changed after the backup' WHERE code = 'VN'");
        // a server is connected: refused
        const busy = await npm('restore', [join(out, file), '--force'], env);
        expect(busy.code).toBe(2);
        expect(busy.stderr).toContain('stop the servers first');
        await db.close();

        const refused = await npm('restore', [join(out, file)], env);
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain('add --force');
        const restored = await npm('restore', [join(out, file), '--force'], env);
        expect(restored.code, restored.stderr).toBe(0);

        db = await openDb({ databaseUrl: scratch.toString() });
        try {
          expect(await teamName(db)).toBe(original);
        } finally {
          await db.close();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
