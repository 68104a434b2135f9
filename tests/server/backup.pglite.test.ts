import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed/index';
import { folder, npm, teamName } from './backup-helpers';

/**
 * npm run backup / npm run restore of the embedded database, as an operator runs them: a backup, a
 * change, a restore, and the change is gone; the restore refuses to replace a database without
 * --force and while a server holds the DATA_DIR. PostgreSQL's: backup.pg.test.ts.
 */
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
