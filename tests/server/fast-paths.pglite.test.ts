import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '../../server/db/client';

// The embedded database keeps named statements parsed (server/db/pglite-prepared.js) and keeps its
// files' sizes itself (server/db/pglite-file-sizes.js): what a caller gets must not change; one in
// memory may start from another's folder (the server suite's template).
describe('the embedded database’s named statements', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: null });
    await db.query('CREATE TABLE prep_items (id int PRIMARY KEY, at timestamptz, doc jsonb, big int8, tags text[])');
  });
  afterAll(() => db?.close());

  const insert = 'INSERT INTO prep_items (id, at, doc, big, tags) VALUES ($1, $2, $3, $4, $5) RETURNING *';
  const read = 'SELECT * FROM prep_items WHERE id = ANY($1::int[]) ORDER BY id';

  it('hand back the same values as the same statement unnamed, run after run', async () => {
    const at = new Date('2026-11-27T08:00:00Z');
    for (let id = 1; id <= 3; id++) {
      const named = await db.query(
        insert,
        [id, at, JSON.stringify({ id, name: 'Nguyễn' }), 2 ** 40 + id, ['a', `b${id}`]],
        'prep_insert',
      );
      const [unnamed] = await db.query(read, [[id]]);
      expect(named).toEqual([unnamed]);
      expect(unnamed).toEqual({ id, at, doc: { id, name: 'Nguyễn' }, big: 2 ** 40 + id, tags: ['a', `b${id}`] });
    }
    expect(await db.query(read, [[1, 2, 3]], 'prep_read')).toEqual(await db.query(read, [[1, 2, 3]]));
    expect(await db.query(read, [[2]], 'prep_read')).toHaveLength(1);
  });

  it('fail with the database’s error, and run again after it', async () => {
    const err = await db.query(insert, [1, null, null, null, null], 'prep_insert').then(
      () => null,
      (e: unknown) => e as { code?: string; constraint?: string },
    );
    expect(err).toMatchObject({ code: '23505', constraint: 'prep_items_pkey' });
    expect(await db.query(insert, [4, null, null, null, null], 'prep_insert')).toHaveLength(1);
  });

  it('run inside a transaction, and its rollback undoes them', async () => {
    await db
      .tx(async (tx) => {
        await tx.query(insert, [5, null, null, null, null], 'prep_insert');
        expect(await tx.query(read, [[5]], 'prep_read')).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await db.query(read, [[5]], 'prep_read')).toEqual([]);
  });

  it('deliver the notifications they make to the listeners', async () => {
    const got: string[] = [];
    const stop = await db.listen!('prep_channel', (payload) => got.push(payload));
    await db.query("SELECT pg_notify('prep_channel', $1)", ['first'], 'prep_notify');
    await db.tx((tx) => tx.query("SELECT pg_notify('prep_channel', $1)", ['second'], 'prep_notify'));
    await vi.waitFor(() => expect(got).toEqual(['first', 'second']));
    await stop();
  });

  it('answer with the new shape after the table changed, and a name given another text runs that text', async () => {
    const all = 'SELECT * FROM prep_items WHERE id = $1';
    expect(Object.keys((await db.query(all, [1], 'prep_all'))[0])).not.toContain('note');
    await db.query("ALTER TABLE prep_items ADD COLUMN note text DEFAULT 'added'");
    expect((await db.query(all, [1], 'prep_all'))[0]).toMatchObject({ id: 1, note: 'added' });
    expect(await db.query('SELECT count(*)::int AS n FROM prep_items', [], 'prep_all')).toEqual([{ n: 4 }]);
    expect((await db.query(all, [2], 'prep_all'))[0]).toMatchObject({ id: 2 });
  });
});

describe('the embedded database on disk, as its files grow, shrink and reach the disk', () => {
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

describe('an embedded database in memory started from a template', () => {
  let template: Uint8Array;
  beforeAll(async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const lite = await PGlite.create();
    try {
      await lite.exec("CREATE TABLE kept (id int PRIMARY KEY, name text); INSERT INTO kept VALUES (1, 'Trần')");
      template = new Uint8Array(await (await lite.dumpDataDir('none')).arrayBuffer());
    } finally {
      await lite.close();
    }
  });

  it('has what the template had, and two started from it do not see each other’s writes', async () => {
    const [a, b] = await Promise.all([openDb({ dataDir: null, template }), openDb({ dataDir: null, template })]);
    try {
      await a.query("INSERT INTO kept VALUES (2, 'Lê')");
      expect(await a.query('SELECT id, name FROM kept ORDER BY id')).toEqual([
        { id: 1, name: 'Trần' },
        { id: 2, name: 'Lê' },
      ]);
      expect(await b.query('SELECT id, name FROM kept ORDER BY id')).toEqual([{ id: 1, name: 'Trần' }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('is refused for a database on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tourdesk-template-refused-'));
    try {
      await expect(openDb({ dataDir: dir, template })).rejects.toThrow('a template is for a database in memory');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
