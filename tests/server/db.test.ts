import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/client';
import { seed } from '../../server/seed/index';
import { localDate } from '../../server/seed/time';
import { OTAS, STATUSES } from '../../src/domain/statuses';
import { createTestDb } from './helpers';

let db: Db;
let drop: () => Promise<void>;
const NOW = new Date('2025-03-15T10:00:00Z');

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(async () => {
  await drop?.();
});

describe('database', () => {
  it('applies each migration once', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toContain('001_init.sql');
  });

  it('returns jsonb parsed, timestamps as Date and counts as numbers', async () => {
    const [row] = await db.query<{ j: unknown; t: unknown; n: unknown; d: unknown }>(
      `SELECT $1::jsonb AS j, $2::timestamptz AS t, count(*) AS n, DATE '2025-01-02' AS d FROM (SELECT 1) x`,
      [JSON.stringify({ a: [1] }), '2025-01-01T00:00:00Z'],
    );
    expect(row.j).toEqual({ a: [1] });
    expect(row.t).toBeInstanceOf(Date);
    expect((row.t as Date).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(row.n).toBe(1);
    expect((row.d as Date).toISOString()).toBe('2025-01-02T00:00:00.000Z');
  });

  it('commits a transaction, rolls back a failed one, and nests with savepoints', async () => {
    await db.query('CREATE TABLE tx_probe (v int)');
    await db.tx(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES (1)');
    });
    await expect(
      db.tx(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await db.tx(async (tx) => {
      await tx.query('INSERT INTO tx_probe VALUES (3)');
      await tx.tx(async (inner) => inner.query('INSERT INTO tx_probe VALUES (4)'));
      await tx
        .tx(async (inner) => {
          await inner.query('INSERT INTO tx_probe VALUES (5)');
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    const rows = await db.query<{ v: number }>('SELECT v FROM tx_probe ORDER BY v');
    expect(rows.map((r) => r.v)).toEqual([1, 3, 4]);
  });

  it('hands errors over with their code and severity, and keeps serving after a failed transaction', async () => {
    await db.query('CREATE TABLE tx_unique (v int PRIMARY KEY)');
    const failed = db.tx(async (tx) => {
      await tx.query('INSERT INTO tx_unique VALUES (1)');
      await tx.query('INSERT INTO tx_unique VALUES (1)');
    });
    await expect(failed).rejects.toMatchObject({ code: '23505', severity: 'ERROR' });
    await expect(db.query('SELECT 1 / $1::int AS x', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await db.query('SELECT count(*) AS n FROM tx_unique')).toEqual([{ n: 0 }]);
  });

  it('never shows a query from outside an open transaction a part of it', async () => {
    await db.query('CREATE TABLE tx_order (v int)');
    let outside: Promise<{ n: number }[]> | undefined;
    await db.tx(async (tx) => {
      await tx.query('INSERT INTO tx_order VALUES (1)');
      outside = db.query<{ n: number }>('SELECT count(*) AS n FROM tx_order');
      await new Promise((r) => setTimeout(r, 20));
      await tx.query('INSERT INTO tx_order VALUES (2)');
    });
    // the embedded database runs it after the commit (2), PostgreSQL beside the transaction (0)
    const [{ n }] = (await outside)!;
    expect([0, 2]).toContain(n);
  });
});

describe('seed', () => {
  it('creates the demo data: >= 5000 orders with every status and OTA', async () => {
    const result = await seed(db, { orders: 5000, now: NOW });
    expect(result.skipped).toBe(false);
    const count = async (sql: string) => (await db.query<{ n: number }>(sql))[0].n;
    expect(await count('SELECT count(*)::int AS n FROM orders')).toBeGreaterThanOrEqual(5000);
    const statuses = await db.query<{ status: string }>('SELECT DISTINCT status FROM orders');
    expect(statuses.map((r) => r.status).sort()).toEqual([...STATUSES].sort());
    const otas = await db.query<{ ota: string }>('SELECT DISTINCT ota FROM orders');
    expect(otas.map((r) => r.ota).sort()).toEqual([...OTAS].sort());
    const teams = await db.query<{ code: string; timezone: string }>('SELECT code, timezone FROM teams ORDER BY code');
    expect(teams.map((t) => t.code)).toEqual(expect.arrayContaining(['VN', 'JP', 'FR', 'XX']));
    expect(teams.find((t) => t.code === 'VN')?.timezone).toBe('Asia/Ho_Chi_Minh');
    expect(teams.find((t) => t.code === 'XX')?.timezone).toBe('UTC');
    expect(await count("SELECT count(*)::int AS n FROM orders WHERE display_id !~ '^[A-Z]{2}-[0-9]{6}$'")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM orders WHERE ota_order_id !~ '^(KL|KK|VI|MP)[0-9]{8}$'")).toBe(
      0,
    );
    expect(
      await count(`SELECT count(*)::int AS n FROM orders WHERE departure_at < $$${NOW.toISOString()}$$::timestamptz - interval '61 days'
                     OR departure_at > $$${NOW.toISOString()}$$::timestamptz + interval '61 days'`),
    ).toBe(0);
  });

  it('links orders to tours and logs events', async () => {
    const tours = await db.query<{ status: string }>('SELECT DISTINCT status FROM tours');
    expect(tours.map((r) => r.status).sort()).toEqual(['arranged', 'completed', 'grouped']);
    const linked = await db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM orders WHERE tour_id IS NOT NULL GROUP BY status',
    );
    const total = linked.reduce((s, r) => s + r.n, 0);
    const regular = linked
      .filter((r) => r.status === 'grouped' || r.status === 'arranged')
      .reduce((s, r) => s + r.n, 0);
    expect(total).toBeGreaterThan(100);
    expect(regular / total).toBeGreaterThan(0.9);
    const types = await db.query<{ type: string }>('SELECT DISTINCT type FROM event_logs');
    expect(types.map((r) => r.type)).toEqual(expect.arrayContaining(['CREATE', 'STATUS', 'COMMENT', 'LINK']));
  });

  it('adds people, roles, products with mail content, flags, guides, ads and OTA accounts', async () => {
    const roles = await db.query<{ email: string; role: string; n: number }>(
      `SELECT u.email, m.role, count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE u.email LIKE '%@tourdesk.test' AND u.email IN ('admin@tourdesk.test', 'editor@tourdesk.test', 'member@tourdesk.test')
        GROUP BY 1, 2 ORDER BY 1`,
    );
    const teamCount = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM teams'))[0].n;
    expect(roles).toEqual([
      { email: 'admin@tourdesk.test', role: 'ADMIN', n: teamCount },
      { email: 'editor@tourdesk.test', role: 'EDITOR', n: teamCount },
      { email: 'member@tourdesk.test', role: 'MEMBER', n: teamCount },
    ]);
    expect(await db.query("SELECT 1 FROM users WHERE email = 'newcomer@tourdesk.test'")).toHaveLength(0);
    const [product] = await db.query<{ mail_content: Record<string, { subject: string; body: string }> }>(
      "SELECT mail_content FROM products WHERE team_id = 'team-vn' LIMIT 1",
    );
    expect(Object.keys(product.mail_content).sort()).toEqual([...OTAS].sort());
    expect(product.mail_content.KLOOK.body).toContain('{{ customerName }}');
    expect(product.mail_content.KLOOK.body).toContain('{{ departureDate }} at {{ departureTime }}');
    const flags = await db.query<{ id: string }>('SELECT id FROM feature_flags');
    expect(flags.map((f) => f.id).sort()).toEqual(['EMAIL_SENDING_V1', 'INFO_SENDING_V1']);
    expect((await db.query('SELECT 1 FROM guides')).length).toBeGreaterThanOrEqual(24);
    expect((await db.query('SELECT 1 FROM advertisements')).length).toBeGreaterThan(0);
    expect((await db.query('SELECT 1 FROM advertisement_group_items')).length).toBeGreaterThan(0);
    const [team] = await db.query<{ ota_accounts: { ota: string; email: string; selected: boolean }[] }>(
      "SELECT ota_accounts FROM teams WHERE code = 'JP'",
    );
    expect(team.ota_accounts.length).toBe(4);
    expect(team.ota_accounts[0]).toEqual({
      ota: expect.any(String),
      email: expect.stringContaining('@'),
      selected: expect.any(Boolean),
    });
    expect(team.ota_accounts.some((a) => a.selected)).toBe(true);
  });

  it('does nothing a second time', async () => {
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0].n;
    expect((await seed(db, { now: NOW })).skipped).toBe(true);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0].n).toBe(before);
  });

  it('puts --team orders into that team within the current month, numbered after the existing ones', async () => {
    const [{ max }] = await db.query<{ max: string }>(
      "SELECT max(display_id) AS max FROM orders WHERE team_id = 'team-xx'",
    );
    const result = await seed(db, { orders: 500, team: 'XX', now: NOW });
    expect(result.orders).toBe(500);
    const rows = await db.query<{ departure_at: Date; display_id: string }>(
      "SELECT departure_at, display_id FROM orders WHERE team_id = 'team-xx' AND display_id > $1",
      [max],
    );
    expect(rows).toHaveLength(500);
    for (const r of rows) {
      const d = localDate(r.departure_at, 'UTC');
      expect([d.year, d.month]).toEqual([2025, 3]);
    }
    await expect(seed(db, { orders: 1, team: 'ZZ' })).rejects.toThrow(/Unknown team code/);
  });
});
