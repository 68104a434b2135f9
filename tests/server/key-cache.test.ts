import { describe, expect, it } from 'vitest';
import { findKey, forgetKey, KEY_CACHE_MS } from '../../server/channel/key-cache';
import type { Db } from '../../server/db/client';
import type { KeyByHash } from '../../server/repo/channel-keys';

/** A database that answers the key lookup with what `stored` holds now, counting the lookups. */
function keysDb(stored: Map<string, KeyByHash>) {
  const db = {
    lookups: 0,
    async query<T>(_sql: string, params?: unknown[]) {
      db.lookups++;
      const key = stored.get(params![0] as string);
      return (key ? [key] : []) as T[];
    },
  };
  return db;
}

const key = (id: string, revoked = false): KeyByHash => ({ id, name: id, teamId: 't', channel: 'KLOOK', revoked });

describe('channel keys found lately', () => {
  it('are looked up once within the window, and again after it (a revocation elsewhere then counts)', async () => {
    const stored = new Map([['h1', key('k1')]]);
    const db = keysDb(stored);
    const t = 1_000_000;
    expect(await findKey(db as unknown as Db, 'h1', t)).toMatchObject({ id: 'k1' });
    expect(await findKey(db as unknown as Db, 'h1', t + KEY_CACHE_MS - 1)).toMatchObject({ id: 'k1' });
    expect(db.lookups).toBe(1);
    stored.set('h1', key('k1', true));
    expect(await findKey(db as unknown as Db, 'h1', t + KEY_CACHE_MS)).toMatchObject({ revoked: true });
    expect(db.lookups).toBe(2);
  });

  it('forget a key revoked here at once; unknown and revoked keys are looked up every time', async () => {
    const stored = new Map([['h2', key('k2')]]);
    const db = keysDb(stored);
    const t = 2_000_000;
    await findKey(db as unknown as Db, 'h2', t);
    stored.set('h2', key('k2', true));
    forgetKey('k2');
    expect(await findKey(db as unknown as Db, 'h2', t + 1)).toMatchObject({ revoked: true });
    expect(await findKey(db as unknown as Db, 'h2', t + 2)).toMatchObject({ revoked: true });
    expect(await findKey(db as unknown as Db, 'nope', t + 3)).toBeUndefined();
    expect(await findKey(db as unknown as Db, 'nope', t + 4)).toBeUndefined();
    expect(db.lookups).toBe(5);
  });
});
