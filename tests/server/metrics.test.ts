import { describe, expect, it } from 'vitest';
import { bearer } from './fixtures';
import { createTestApp } from './helpers';
import { booking, departure, newProduct, octoBookingSuite, reserveBody } from './octo-booking-helpers';
import { startTimeSchedule } from './octo-fixtures';
import { parsePrometheusText, sampleValue } from './prometheus-text';

/**
 * GET /metrics: Prometheus text that a strict reader accepts, requests counted by operation and
 * status (never by raw URL), the channel's holds and bookings as the database has them, Node's
 * process figures, and who may read it.
 */
const { s, api } = octoBookingSuite();

async function scrape() {
  const res = await s.t.app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

describe('/metrics', () => {
  it('is Prometheus text with the process figures and every family the server promises', async () => {
    const families = await scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'tourdesk_http_requests_total',
      'tourdesk_http_request_duration_seconds',
      'tourdesk_live_streams',
      'tourdesk_database_up',
      'tourdesk_outbox_messages',
      'tourdesk_channel_bookings',
      'tourdesk_channel_active_holds',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    expect(families.get('tourdesk_http_request_duration_seconds')!.type).toBe('histogram');
    expect(sampleValue(families, 'tourdesk_database_up')).toBe(1);
    expect(sampleValue(families, 'tourdesk_outbox_messages', { state: 'queued' })).toBe(0);
    // the database's waiting line: the pool's on PostgreSQL, the embedded thread's queue on PGlite
    if (process.env.DATABASE_URL) expect(families.has('tourdesk_db_pool_waiting')).toBe(true);
    else expect(sampleValue(families, 'tourdesk_db_commands_in_flight')).toBeGreaterThanOrEqual(0);
  });

  it("counts what waits for the database as a scrape arrives: the embedded queue, the pool's line", async () => {
    const pool = !!process.env.DATABASE_URL;
    // 20 slow commands at once: the embedded database runs one and queues the rest; the pool
    // (DB_POOL_MAX 10) runs ten and the other ten wait for a connection
    // (the pool's ten connections opened first, so none is still connecting when the scrape looks)
    if (pool) await Promise.all(Array.from({ length: 10 }, () => s.t.db.query('SELECT pg_sleep(0.02)')));
    const slow = Array.from({ length: 20 }, () => s.t.db.query(`SELECT pg_sleep(${pool ? 0.3 : 0.05})`));
    // the pool hands its idle connections out on its next tick: let it
    if (pool) await new Promise((r) => setTimeout(r, 20));
    const during = await scrape();
    await Promise.all(slow);
    const after = await scrape();
    if (pool) {
      // ten, or one more if a background worker's query holds a connection too
      expect(sampleValue(during, 'tourdesk_db_pool_waiting')).toBeGreaterThanOrEqual(10);
      expect(sampleValue(during, 'tourdesk_db_pool_waiting')).toBeLessThanOrEqual(11);
      expect(sampleValue(after, 'tourdesk_db_pool_waiting')).toBe(0);
    } else {
      expect(sampleValue(during, 'tourdesk_db_commands_in_flight')).toBe(20);
      expect(sampleValue(after, 'tourdesk_db_commands_in_flight')).toBe(0);
    }
  });

  it('counts a request under its operation and status, with its latency, never its URL', async () => {
    const labels = { operation: 'listOrders', method: 'GET', status: '200' };
    const before = await scrape();
    const count0 = sampleValue(before, 'tourdesk_http_requests_total', labels) ?? 0;
    const url = `/api/v1/orders?teamId=${s.w.home.id}&q=needle-in-url`;
    const ok = await s.t.app.inject({ url, headers: bearer(s.w.admin) });
    expect(ok.statusCode, ok.body).toBe(200);
    const denied = await s.t.app.inject({ url });
    expect(denied.statusCode).toBe(401);

    const after = await scrape();
    expect(sampleValue(after, 'tourdesk_http_requests_total', labels)).toBe(count0 + 1);
    expect(sampleValue(after, 'tourdesk_http_request_duration_seconds_count', labels)).toBe(count0 + 1);
    expect(sampleValue(after, 'tourdesk_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      count0 + 1,
    );
    expect(
      sampleValue(after, 'tourdesk_http_requests_total', { operation: 'listOrders', method: 'GET', status: '401' }),
    ).toBeGreaterThanOrEqual(1);
    const values = [...after.values()].flatMap((f) => f.samples.flatMap((x) => Object.values(x.labels)));
    expect(values.some((v) => v.includes('needle') || v.includes('?') || v.includes(s.w.home.id))).toBe(false);
  });

  it('shows channel holds and bookings as the database has them', async () => {
    const before = await scrape();
    const held0 = sampleValue(before, 'tourdesk_channel_active_holds')!;
    const confirmed0 = sampleValue(before, 'tourdesk_channel_bookings', { status: 'CONFIRMED' })!;
    const id = await newProduct(s.t, s.w.home.id, startTimeSchedule());
    const held = booking(await api.reserve(reserveBody(id, departure(5), 2)));

    const during = await scrape();
    expect(sampleValue(during, 'tourdesk_channel_active_holds')).toBe(held0 + 1);
    expect(
      sampleValue(during, 'tourdesk_http_requests_total', { operation: 'octoReserveBooking', status: '200' }),
    ).toBe(1);

    booking(await api.confirm(held.uuid));
    const after = await scrape();
    expect(sampleValue(after, 'tourdesk_channel_active_holds')).toBe(held0);
    expect(sampleValue(after, 'tourdesk_channel_bookings', { status: 'CONFIRMED' })).toBe(confirmed0 + 1);
  });

  it('answers only on loopback without METRICS_TOKEN, and not to a forwarded request', async () => {
    const far = await s.t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(far.statusCode).toBe(403);
    expect(far.json()).toMatchObject({ error: 'FORBIDDEN' });
    const proxied = await s.t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    expect((await s.t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('answers whoever sends the token as a bearer token, from anywhere, and no one else', async () => {
    process.env.METRICS_TOKEN = 'scrape-secret-7f3a';
    const t = await createTestApp({ orders: false });
    delete process.env.METRICS_TOKEN;
    try {
      const far = { remoteAddress: '203.0.113.9' };
      const ok = await t.app.inject({
        url: '/metrics',
        ...far,
        headers: { authorization: 'Bearer scrape-secret-7f3a' },
      });
      expect(ok.statusCode).toBe(200);
      expect(parsePrometheusText(ok.body).has('tourdesk_http_requests_total')).toBe(true);
      for (const headers of [{}, { authorization: 'Bearer wrong' }]) {
        // loopback alone is not enough once a token is set
        const res = await t.app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
      }
    } finally {
      await t.close();
    }
  });
});
