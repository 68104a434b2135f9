import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../server/auth/tokens';
import { pruneLiveEvents } from '../../server/live/rows';
import { addOrders, bearer, makeWorld, type World } from './fixtures';
import { createTestApp, type TestApp } from './helpers';
import { trackedStreams } from './live-client';

/**
 * The live event stream over real HTTP: another member's edit arrives with the row and who made
 * it; a resume by Last-Event-ID gives exactly what was missed; a cursor it cannot resume from gets
 * a reset; 400/401/403; the heartbeat; closing the app ends every stream with `bye`.
 */
let t: TestApp;
let w: World;
let origin: string;
let orders: string[];
const streams = trackedStreams();
const stream = streams.open;

beforeAll(async () => {
  t = await createTestApp({ orders: false });
  w = await makeWorld(t.db, t.config);
  orders = await addOrders(t.db, w.home.id, { count: 30, productId: w.product, start: new Date('2027-03-01T09:00Z') });
  t.app.live.options.heartbeatMs = 200;
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  streams.closeAll();
  await t?.close();
});

const versionOf = async (id: string) =>
  (await t.db.query<{ version: number }>('SELECT version FROM orders WHERE id = $1', [id]))[0].version;

/** Changes an order's language through the API, as `who`. */
async function editOrder(id: string, language: string, who = w.editor) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/orders/batch',
    headers: bearer(who),
    payload: { orders: [{ id, version: await versionOf(id), language }] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the live event stream', () => {
  it('opens with retry and ready, as text/event-stream', async () => {
    const s = await stream(origin, w.home.id, w.member.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const cursor = await s.ready();
    expect(s.messages[0]).toEqual({ retry: 3000 });
    expect(s.messages[1].event).toBe('ready');
    expect(cursor).toMatch(/^\d+-\d+$/);
    s.close();
  });

  it("brings one member's edit to another member's stream, with the row as the list shows it and who made it", async () => {
    const s = await stream(origin, w.home.id, w.member.token);
    await s.ready();
    await editOrder(orders[0], 'fr');
    // (on PostgreSQL the set-up's insert may come first: a change is sent once every transaction
    // older than it has finished, and another test file's may still run on the same server)
    await s.until(() => s.changes().some((c) => c.op === 'update'), 5000, 'the update');
    const change = s.changes().find((c) => c.op === 'update')!;
    expect(change).toMatchObject({
      topic: 'orders',
      op: 'update',
      ids: [orders[0]],
      by: { id: w.editor.id, name: w.editor.name },
    });
    expect(Date.parse(change.at)).toBeGreaterThan(Date.now() - 60_000);
    const listed = await t.app.inject({
      url: `/api/v1/orders?teamId=${w.home.id}&startDate=2027-03-01&endDate=2027-03-01&limit=1`,
      headers: bearer(w.member),
    });
    expect(change.orders).toEqual([listed.json().orders[0]]);
    expect(change.orders![0].language).toBe('fr');
    s.close();
  });

  it("sends nothing of another team's changes", async () => {
    const mine = await stream(origin, w.home.id, w.member.token);
    const theirs = await stream(origin, w.other.id, w.outsider.token);
    await Promise.all([mine.ready(), theirs.ready()]);
    await editOrder(orders[1], 'de');
    await mine.until((m) => m.some((x) => x.event === 'change'), 5000, 'a change');
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.changes()).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('resumes after Last-Event-ID with exactly the changes missed, in order, then live ones', async () => {
    const first = await stream(origin, w.home.id, w.member.token);
    const start = await first.ready();
    first.close();
    // 12 writes while away: 10 edits and 2 status moves
    for (let i = 0; i < 10; i++) await editOrder(orders[2 + i], `l${i}`, i % 2 ? w.editor : w.admin);
    for (const id of [orders[12], orders[13]]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v2/orders/status/batch',
        headers: bearer(w.admin),
        payload: { orders: [{ id, statusV2: 'pending' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const back = await stream(origin, w.home.id, w.member.token, start);
    await back.ready();
    // the backlog up to the feed's position, then live what it had not read yet: 12 in all, each once
    await back.until((m) => m.filter((x) => x.event === 'change').length >= 12, 5000, 'the missed changes');
    await new Promise((r) => setTimeout(r, 200));
    const missed = back.changes();
    expect(missed.map((c) => c.ids)).toEqual(orders.slice(2, 14).map((id) => [id]));
    expect(new Set(missed.map((c) => c.cursor)).size).toBe(12);
    await editOrder(orders[14], 'it');
    await back.until((m) => m.filter((x) => x.event === 'change').length === 13, 5000, 'the live change');
    expect(back.changes()[12].ids).toEqual([orders[14]]);

    // resuming from the middle gives the rest, once each
    const middle = await stream(origin, w.home.id, w.member.token, missed[5].cursor);
    await middle.ready();
    await new Promise((r) => setTimeout(r, 200));
    expect(middle.changes().map((c) => c.cursor)).toEqual(
      [...missed.slice(6), back.changes()[12]].map((c) => c.cursor),
    );
    back.close();
    middle.close();
  });

  it('orders changes by transaction id as a number (99 before 100; the feed reads in the same order)', async () => {
    // rows of transactions long finished, written as the triggers would with ids of our choosing
    const rows = await t.db.query<{ tx: string; id: number }>(
      `INSERT INTO live_events (tx, team_id, topic, op, ids)
       VALUES ('98', $1, 'orders', 'update', ARRAY[$2]), ('100', $1, 'orders', 'update', ARRAY[$3]),
              ('99', $1, 'orders', 'update', ARRAY[$4])
       RETURNING tx::text AS tx, id`,
      [w.home.id, orders[20], orders[22], orders[21]],
    );
    const s = await stream(origin, w.home.id, w.member.token, `98-${rows[0].id}`);
    await s.ready();
    expect(
      s
        .changes()
        .slice(0, 2)
        .map((c) => c.cursor),
    ).toEqual([`99-${rows[2].id}`, `100-${rows[1].id}`]);
    s.close();
  });

  it('keeps 24 hours of changes: an older cursor gets a reset, the newest old row stays a valid cursor', async () => {
    const old = await t.db.query<{ tx: string; id: number }>(
      `INSERT INTO live_events (tx, team_id, topic, op, ids, at)
       VALUES ('90', $1, 'orders', 'update', ARRAY[$2], now() - interval '26 hours'),
              ('91', $1, 'orders', 'update', ARRAY[$2], now() - interval '25 hours')
       RETURNING tx::text AS tx, id`,
      [w.home.id, orders[25]],
    );
    await pruneLiveEvents(t.db, 24);
    const gone = await stream(origin, w.home.id, w.member.token, `90-${old[0].id}`);
    await gone.ready();
    expect(gone.events('reset')).toHaveLength(1);
    const kept = await stream(origin, w.home.id, w.member.token, `91-${old[1].id}`);
    await kept.ready();
    expect(kept.events('reset')).toEqual([]);
    expect(kept.changes().length).toBeGreaterThan(0); // what came after it, still kept
    gone.close();
    kept.close();
  });

  it('answers a reset for a cursor it cannot resume from, then goes live', async () => {
    for (const cursor of ['not-a-cursor', '1-999999999', '']) {
      const s = await stream(origin, w.home.id, w.member.token, cursor);
      await s.ready();
      const [reset] = s.events('reset');
      expect(JSON.parse(reset.data!)).toHaveProperty('reason');
      expect(s.messages.map((m) => m.event ?? m.retry)).toEqual([3000, 'reset', 'ready']);
      s.close();
    }
  });

  it('refuses without a token (401), outside the team (403), without or with a bad teamId (400)', async () => {
    const none = await stream(origin, w.home.id, null);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ error: 'UNAUTHORIZED' });
    const bad = await stream(origin, w.home.id, 'not.a.token');
    expect(bad.status).toBe(401);
    const outsider = await stream(origin, w.home.id, w.outsider.token);
    expect(outsider.status).toBe(403);
    expect(JSON.parse(outsider.body)).toMatchObject({ error: 'FORBIDDEN' });
    const missing = await stream(origin, null, w.member.token);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body)).toMatchObject({ error: 'BAD_REQUEST' });
    const long = await stream(origin, 'x'.repeat(5000), w.member.token);
    expect(long.status).toBe(400);
  });

  it('sends a heartbeat comment', async () => {
    const s = await stream(origin, w.home.id, w.member.token);
    await s.ready();
    await s.until((m) => m.filter((x) => x.comment === 'heartbeat').length >= 2, 3000, 'heartbeats');
    s.close();
  });

  it('ends the stream when the access token expires', async () => {
    const token = await issueAccessToken(w.member, t.config, 1);
    const s = await stream(origin, w.home.id, token);
    await s.ready();
    await Promise.race([s.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 3000))]);
    expect(s.events('bye')).toEqual([]);
    const again = await stream(origin, w.home.id, token);
    expect(again.status).toBe(401);
  });
});

describe('a logout', () => {
  // an app of its own, closed here: see 'closing the app'
  it('ends the stream of the token it revoked at the next heartbeat; the next try gets 401', async () => {
    const own = await createTestApp({ orders: false });
    const world = await makeWorld(own.db, own.config);
    own.app.live.options.heartbeatMs = 200;
    const at = await own.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const token = await issueAccessToken(world.member, own.config);
      const s = await stream(at, world.home.id, token);
      const other = await stream(at, world.home.id, world.member.token);
      await Promise.all([s.ready(), other.ready()]);
      const out = await own.app.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.statusCode, out.body).toBeLessThan(300);
      await Promise.race([s.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 3000))]);
      expect((await stream(at, world.home.id, token)).status).toBe(401);
      // the same member's other session (another token) keeps its stream
      await other.until((m) => m.filter((x) => x.comment === 'heartbeat').length >= 3, 3000, 'heartbeats');
      expect(other.isEnded).toBe(false);
    } finally {
      streams.closeAll();
      await own.app.close();
      await own.close();
    }
  });
});

describe('closing the app', () => {
  // an app of its own: sockets that fetch opened for the aborted streams above linger until its
  // keep-alive ends, and a closing server waits for them
  it('ends every stream with retry 1000 and bye, and does not hang', async () => {
    const own = await createTestApp({ orders: false });
    const world = await makeWorld(own.db, own.config);
    const at = await own.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const a = await stream(at, world.home.id, world.member.token);
      const b = await stream(at, world.home.id, world.admin.token);
      await Promise.all([a.ready(), b.ready()]);
      expect(own.app.live.streams.size).toBe(2);
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(2000);
      for (const s of [a, b]) {
        await s.ended;
        expect(s.messages.slice(-2)).toEqual([{ retry: 1000 }, { event: 'bye', data: '{}' }]);
      }
      expect(own.app.live.streams.size).toBe(0);
    } finally {
      await own.close();
    }
  }, 30_000);
});
