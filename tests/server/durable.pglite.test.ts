import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

// The embedded database on disk commits in groups (server/db/pglite-thread.js): an answer waits for
// the flush of the WAL that covers it. A SELECT can write too (the channel's reserve and confirm are
// functions called with SELECT; so is taking a display number): its answer must wait like any write,
// while a SELECT that wrote nothing is answered at once.
let db: Db;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tourdesk-durable-'));
  db = await openDb({ dataDir: dir });
  await migrate(db);
  await db.query(
    "INSERT INTO teams (id, code, name, timezone, continent) VALUES ('dur-kh', 'KH', 'Cambodia', 'Asia/Phnom_Penh', 'Asia')",
  );
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const flushed = async () =>
  (
    await db.query<{ flushed: boolean }>('SELECT pg_current_wal_flush_lsn() >= pg_current_wal_insert_lsn() AS flushed')
  )[0].flushed;

describe('the embedded database on disk', () => {
  it('answers a write, and a transaction’s commit, only once they are on the disk', async () => {
    await db.query("UPDATE teams SET name = 'Kampuchea' WHERE id = 'dur-kh'");
    expect(await flushed()).toBe(true);
    await db.tx(async (tx) => {
      await tx.query("UPDATE teams SET name = 'Cambodia' WHERE id = 'dur-kh'");
    });
    expect(await flushed()).toBe(true);
  });

  it('answers a SELECT that writes only once its write is on the disk', async () => {
    for (let i = 0; i < 3; i++) {
      await db.query("SELECT take_display_numbers('dur-kh', 'orders', 'KH-', 1)");
      expect(await flushed()).toBe(true);
    }
  });

  it('answers a SELECT that writes nothing at once, with nothing left to flush', async () => {
    await db.query("SELECT count(*) FROM teams WHERE id = 'dur-kh'");
    expect(await flushed()).toBe(true);
  });
});
