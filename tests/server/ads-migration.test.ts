import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { createTestDb } from './helpers';

// Migration 010 on a database from before it: ads' tags become new, active or archived; groups get
// a frequency; of two groups with one placement tag, the older keeps it; the rules hold afterwards.
let db: Awaited<ReturnType<typeof createTestDb>>;

beforeAll(async () => {
  db = await createTestDb();
  // back to the schema before 010
  await db.db.exec!(`DROP INDEX advertisement_groups_placement;
    ALTER TABLE advertisement_groups DROP COLUMN frequency;
    ALTER TABLE advertisements DROP CONSTRAINT advertisements_tag, ALTER COLUMN tag DROP NOT NULL, ALTER COLUMN tag DROP DEFAULT;
    DELETE FROM schema_migrations WHERE name = '010_marketing.sql';`);
});
afterAll(() => db?.drop());

describe('migration 010_marketing', () => {
  it('normalises tags, adds the frequency and keeps one e-mail group per team', async () => {
    const q = db.db.query.bind(db.db);
    await q(`INSERT INTO teams (id, code, name, timezone, continent) VALUES
      ('t1', 'VN', 'T1', 'Asia/Ho_Chi_Minh', 'Asia'), ('t2', 'VN', 'T2', 'Asia/Ho_Chi_Minh', 'Asia')`);
    await q(`INSERT INTO advertisements (id, team_id, tag) VALUES
      ('a1', 't1', 'new'), ('a2', 't1', 'summer'), ('a3', 't1', NULL), ('a4', 't1', 'archived'), ('a5', 't1', 'active')`);
    await q(`INSERT INTO advertisement_groups (id, team_id, tag, created_at) VALUES
      ('g1', 't1', 'email', '2025-01-01'), ('g2', 't1', 'email', '2025-02-01'), ('g3', 't2', 'email', '2025-03-01'),
      ('g4', 't1', 'home', '2025-01-01')`);

    expect(await migrate(db.db)).toEqual(['010_marketing.sql']);

    expect(await q('SELECT id, tag FROM advertisements ORDER BY id')).toEqual([
      { id: 'a1', tag: 'new' },
      { id: 'a2', tag: 'active' },
      { id: 'a3', tag: 'active' },
      { id: 'a4', tag: 'archived' },
      { id: 'a5', tag: 'active' },
    ]);
    expect(await q('SELECT id, tag, frequency FROM advertisement_groups ORDER BY id')).toEqual([
      { id: 'g1', tag: 'email', frequency: 'daily' },
      { id: 'g2', tag: null, frequency: 'daily' },
      { id: 'g3', tag: 'email', frequency: 'daily' },
      { id: 'g4', tag: 'home', frequency: 'daily' },
    ]);
    // the rules hold from now on
    await expect(q(`INSERT INTO advertisements (id, team_id, tag) VALUES ('a6', 't1', 'summer')`)).rejects.toThrow();
    await expect(
      q(`INSERT INTO advertisement_groups (id, team_id, tag) VALUES ('g5', 't1', 'email')`),
    ).rejects.toThrow();
    await expect(
      q(`INSERT INTO advertisement_groups (id, team_id, tag, frequency) VALUES ('g6', 't1', NULL, 'hourly')`),
    ).rejects.toThrow();
    await q(`INSERT INTO advertisements (id, team_id) VALUES ('a7', 't1')`);
    expect(await q(`SELECT tag FROM advertisements WHERE id = 'a7'`)).toEqual([{ tag: 'new' }]);
  });
});
