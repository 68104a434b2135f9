import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/client';

// The embedded database keeps its files' sizes itself (server/db/pglite-file-sizes.js): what a caller
// gets must not change.
const postgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(postgres)('the embedded database on disk, as its files grow, shrink and reach the disk', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tourdesk-sizes-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every row through growth, truncation and a restart', async () => {
    let db = await openDb({ dataDir: dir });
    await db.query('CREATE TABLE size_rows (id int PRIMARY KEY, body text)');
    const fill = (from: number, to: number) =>
      db.query(`INSERT INTO size_rows SELECT g, repeat('x', 500) FROM generate_series($1::int, $2::int) g`, [from, to]);
    await fill(1, 20_000);
    await db.query('DELETE FROM size_rows WHERE id > 1000');
    await db.query('VACUUM size_rows'); // gives the emptied end of the file back
    await fill(1001, 3000);
    await db.query('TRUNCATE size_rows');
    await fill(1, 2500);
    await db.query('CHECKPOINT'); // the data files written and flushed: their sizes as kept
    expect(await db.query('SELECT count(*)::int AS n, max(id) AS top FROM size_rows')).toEqual([
      { n: 2500, top: 2500 },
    ]);
    await db.close();
    db = await openDb({ dataDir: dir });
    try {
      expect(await db.query('SELECT count(*)::int AS n, sum(length(body))::int AS len FROM size_rows')).toEqual([
        { n: 2500, len: 2500 * 500 },
      ]);
    } finally {
      await db.close();
    }
  });
});
