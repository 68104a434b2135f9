import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDb, type Db } from '../../server/db/client';
import type { FastifyInstance } from 'fastify';
import { addOrders, bearer, makeWorld, type World } from './fixtures';
import { createTestApp, type TestApp } from './helpers';
import { trackedStreams, type SseClient } from './live-client';
import { postgresUrl } from './postgres-only';

/**
 * Live events on PostgreSQL:
 * transactions that commit in the opposite order of their log ids are delivered with no gap and
 * in one order for every reader; a write through one instance reaches a stream of another.
 */
const url = postgresUrl();
let t: TestApp;
let w: World;
let origin: string;
let orders: string[];
const streams = trackedStreams();
const stream = streams.open;

describe('live events on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp({ orders: false });
    w = await makeWorld(t.db, t.config);
    orders = await addOrders(t.db, w.home.id, {
      count: 10,
      productId: w.product,
      start: new Date('2027-04-01T09:00Z'),
    });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    streams.closeAll();
    await t?.close();
  });

  it('holds a committed change back until an older transaction finishes, then sends both in order', async () => {
    const s = await stream(origin, w.home.id, w.member.token);
    const before = await s.ready();
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
    const edit = (db: Db, id: string, language: string) =>
      db.query('UPDATE orders SET language = $2, version = version + 1 WHERE id = $1', [id, language]);

    // the first transaction writes first (the lower log id and transaction id) and commits last
    const first = t.db.tx(async (tx) => {
      await edit(tx, orders[0], 'first');
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    let meanwhile: SseClient;
    try {
      await t.db.tx((tx) => edit(tx, orders[1], 'second'));
      const [ids] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM live_events WHERE team_id = $1 AND op = 'update' AND ids && $2::text[]`,
        [w.home.id, [orders[1]]],
      );
      expect(ids.n).toBe(1); // the second is committed and visible...
      await new Promise((r) => setTimeout(r, 400));
      expect(s.changes()).toEqual([]); // ...and not sent while the first may still commit before it

      // a stream that opens now resumes from the same point and must not skip the first either
      meanwhile = await stream(origin, w.home.id, w.member.token, before);
      await meanwhile.ready();
      expect(meanwhile.changes()).toEqual([]);
    } finally {
      releaseFirst();
      await first;
    }
    for (const c of [s, meanwhile!]) {
      await c.until((m) => m.filter((x) => x.event === 'change').length >= 2, 5000, 'both changes');
      expect(c.changes().map((x) => x.ids)).toEqual([[orders[0]], [orders[1]]]);
    }
    const [a, b] = s.changes();
    expect(a.orders?.[0].language).toBe('first');
    expect(b.orders?.[0].language).toBe('second');

    // and a resume from before gives the same two, once each
    const later = await stream(origin, w.home.id, w.member.token, before);
    await later.ready();
    expect(later.changes().map((x) => x.cursor)).toEqual([a.cursor, b.cursor]);
  });

  it('listens again after its connection is lost, and misses nothing meanwhile', async () => {
    const s = await stream(origin, w.home.id, w.member.token);
    await s.ready();
    const listeners = async () =>
      (
        await t.db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN tourdesk_live'`,
        )
      ).map((r) => r.pid);
    const before = await listeners();
    expect(before.length).toBeGreaterThan(0);
    await t.db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    // a write while no connection listens: read after the reconnect (or by the safety poll)
    await t.db.query(`UPDATE orders SET language = 'gap', version = version + 1 WHERE id = $1`, [orders[7]]);
    const deadline = Date.now() + 5000;
    let after: number[] = [];
    while (Date.now() < deadline) {
      after = (await listeners()).filter((pid) => !before.includes(pid));
      if (after.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(after.length).toBeGreaterThan(0);
    await s.until((m) => m.some((x) => x.event === 'change'), 5000, 'the change written meanwhile');
    expect(s.changes()[0].ids).toEqual([orders[7]]);
  });

  it('brings a write through one instance to a stream of another on the same database', async () => {
    const [{ schema }] = await t.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const db: Db = await openDb({ databaseUrl: url, schema });
    let other: FastifyInstance | null = null;
    try {
      other = await buildApp({ db, config: t.config, identityKeys: t.keys });
      const otherOrigin = await other.listen({ port: 0, host: '127.0.0.1' });
      const s = await stream(otherOrigin, w.home.id, w.member.token);
      await s.ready();
      const [{ version }] = await t.db.query<{ version: number }>('SELECT version FROM orders WHERE id = $1', [
        orders[5],
      ]);
      const started = Date.now();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/orders/batch',
        headers: bearer(w.admin),
        payload: { orders: [{ id: orders[5], version, language: 'ja' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      await s.until((m) => m.some((x) => x.event === 'change'), 3000, 'the change from the other instance');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(s.changes()[0]).toMatchObject({
        topic: 'orders',
        op: 'update',
        ids: [orders[5]],
        by: { id: w.admin.id, name: w.admin.name },
      });
    } finally {
      await other?.close();
      await db.close();
    }
  });
});
