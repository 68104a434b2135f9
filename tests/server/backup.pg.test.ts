import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed/index';
import { folder, npm, teamName } from './backup-helpers';
import { postgresUrl } from './postgres-only';

/** npm run backup / npm run restore on PostgreSQL, in a scratch database of its own (created and dropped here). */
const url = postgresUrl();
describe('backup and restore on PostgreSQL', () => {
  it(
    'round trip in a scratch database: backup, change, restore, the change is gone',
    { timeout: 240_000 },
    async () => {
      const name = `tourdesk_backup_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const scratch = new URL(url);
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
