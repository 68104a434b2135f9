import type { Db } from '../db/client';
import { seedBase, teamId, type SeededTeam } from './base';
import { TEAMS } from './catalog';
import { pauseRollup, resumeRollup } from '../repo/order-rollup';
import { insertRows } from './insert';
import { generateOrders, type OrderRow } from './orders';
import { seedOf, todayTour } from './tour-day';
import { Random } from './random';
import { demoSchedule, seedSchedules, soldOutOrder } from './schedules';
import { daysInMonth, localDate, type LocalDate } from './time';
import { buildTours, type EventRow, type TourRow } from './tours';

/**
 * Demo data: teams VN, JP, FR, TH, KH and XX (Tech Team) with the demo accounts, products with mail
 * content and schedules (./schedules.ts), orders spread over now-60d..now+60d (and one group order
 * per team that sells out tomorrow's first departure of a product), tours, event logs, flags,
 * guides and ads.
 * Deterministic: the same options give the same rows. Skips when teams exist, unless `team` asks
 * for more orders in one team (all in the current month, for benchmarks) or `reset` wipes first.
 */
export interface SeedOptions {
  orders?: number;
  /** Put every order into this team (by country code) within the current month of its timezone. */
  team?: string;
  now?: Date;
  /** Delete all data first. */
  reset?: boolean;
  /** Issuer recorded for the seeded users (sign-in also matches by e-mail). */
  issuer?: string;
  /** PRNG seed. */
  seed?: number;
}

export interface SeedResult {
  skipped: boolean;
  teams: number;
  orders: number;
  tours: number;
  events: number;
  ms: number;
}

const DATA_TABLES = [
  'advertisement_group_items',
  'advertisement_groups',
  'advertisements',
  'email_messages',
  'email_requests',
  'exports',
  'event_logs',
  'orders',
  'tours',
  'products',
  'orgs',
  'memberships',
  'users',
  'teams',
  'feature_flags',
  'guides',
  'used_nonces',
];

/** Any fixed number (migrations use another): serialises seeds of processes starting at once. */
const SEED_LOCK = 7_261_002;

export async function resetData(db: Db): Promise<void> {
  await db.query(`TRUNCATE ${DATA_TABLES.join(', ')} CASCADE`);
}

async function loadTeam(db: Db, code: string): Promise<SeededTeam> {
  const seedTeam = TEAMS.find((t) => t.code === code);
  if (!seedTeam) throw new Error(`Unknown team code ${code}: use one of ${TEAMS.map((t) => t.code).join(', ')}`);
  const [row] = await db.query<{ id: string; timezone: string }>('SELECT id, timezone FROM teams WHERE id = $1', [
    teamId(code),
  ]);
  if (!row) throw new Error(`Team ${code} is not in the database: run the seed with --reset`);
  const staff = await db.query<{ id: string; name: string }>(
    `SELECT u.id, u.name FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 AND m.role IN ('ADMIN', 'EDITOR') ORDER BY u.id`,
    [row.id],
  );
  return { ...seedTeam, id: row.id, timezone: row.timezone, staff };
}

async function nextNumber(db: Db, table: 'orders' | 'tours', team: string, prefix: string): Promise<number> {
  const [row] = await db.query<{ n: number | null }>(
    `SELECT max(substring(display_id FROM ${prefix.length + 1})::bigint) AS n FROM ${table}
      WHERE team_id = $1 AND display_id ~ $2`,
    [team, `^${prefix}[0-9]{1,15}$`],
  );
  return Number(row?.n ?? 0) + 1;
}

function spreadDays(today: LocalDate, from: number, to: number): LocalDate[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({ ...today, day: today.day + from + i }));
}

function monthDays(today: LocalDate): LocalDate[] {
  return Array.from({ length: daysInMonth(today.year, today.month) }, (_, i) => ({ ...today, day: i + 1 }));
}

/** Splits n orders over the teams by weight (largest remainder), so the total is exact. */
function shares(n: number, teams: SeededTeam[]): number[] {
  const total = teams.reduce((s, t) => s + t.weight, 0);
  const raw = teams.map((t) => (n * t.weight) / total);
  const out = raw.map(Math.floor);
  let left = n - out.reduce((s, x) => s + x, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i]).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) out[i] += 1;
  return out;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const started = Date.now();
  const count = opts.orders ?? 5000;
  const now = opts.now ?? new Date();
  const code = opts.team?.toUpperCase();
  if (!Number.isInteger(count) || count < 0) throw new Error(`orders must be a whole number >= 0, got ${opts.orders}`);
  if (code && !TEAMS.some((t) => t.code === code)) {
    throw new Error(`Unknown team code ${opts.team}: use one of ${TEAMS.map((t) => t.code).join(', ')}`);
  }
  return db.tx(async (tx) => {
    // two instances starting at once on an empty database: the second waits here, then finds teams and skips
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (opts.reset) await resetData(tx);
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM teams');
    // More orders on top of existing ones need fresh ids: the generator's seed moves with the data.
    const [{ existing }] = await tx.query<{ existing: number }>('SELECT count(*)::int AS existing FROM orders');
    const rnd = new Random((opts.seed ?? 20240601) + existing);
    if (n > 0 && !code) return { skipped: true, teams: n, orders: 0, tours: 0, events: 0, ms: Date.now() - started };
    const teams = n === 0 ? await seedBase(tx, rnd, opts.issuer ?? 'http://localhost:3000/oidc') : [];
    await seedSchedules(tx, teams, now);

    const plan: { team: SeededTeam; count: number; days: LocalDate[] }[] = [];
    if (code) {
      const team = await loadTeam(tx, code);
      plan.push({ team, count, days: monthDays(localDate(now, team.timezone)) });
    } else {
      const split = shares(count, teams);
      teams.forEach((team, i) =>
        plan.push({ team, count: split[i], days: spreadDays(localDate(now, team.timezone), -60, 60) }),
      );
    }

    const usedOtaIds = new Set<string>();
    const all = { orders: [] as OrderRow[], tours: [] as TourRow[], events: [] as EventRow[] };
    for (const { team, count: teamCount, days } of plan) {
      const firstNumber = await nextNumber(tx, 'orders', team.id, `${team.code}-`);
      const orders = generateOrders(rnd, { team, count: teamCount, days, now, firstNumber, usedOtaIds });
      const withHistory = teamCount <= 20_000;
      const firstTour = await nextNumber(tx, 'tours', team.id, 'T-');
      const { tours, events } = buildTours(rnd, team, orders, now, firstTour, withHistory);
      all.orders.push(...orders);
      all.tours.push(...tours);
      all.events.push(...events);
      // the demo's sold-out departure (not with --team: those orders are for benchmarks)
      const soldOut =
        !code && teamCount > 0 && soldOutOrder(rnd, team, orders, now, firstNumber + orders.length, usedOtaIds);
      if (soldOut) {
        all.orders.push(soldOut.order);
        all.events.push(soldOut.event);
      }
      // today's departure with its manifest (not with --team either)
      const today =
        !code &&
        teamCount > 0 &&
        todayTour(
          // a generator of its own, so the rest of the demo data stays what it was
          new Random(seedOf(`${team.id}/today`)),
          team,
          now,
          { order: firstNumber + orders.length + (soldOut ? 1 : 0), tour: firstTour + tours.length },
          usedOtaIds,
          {
            orders: soldOut ? [...orders, soldOut.order] : orders,
            capacity: team.products[0] ? (demoSchedule(team, team.products[0], now)?.capacity ?? null) : null,
          },
        );
      if (today) {
        all.tours.push(today.tour);
        all.orders.push(...today.orders);
        all.events.push(...today.events);
      }
    }

    await insertRows(
      tx,
      'tours',
      {
        id: 'text',
        team_id: 'text',
        display_id: 'text',
        display_name: 'text',
        departure_at: 'timestamptz',
        product_id: 'text',
        prices: 'jsonb',
        status: 'text',
        version: 'int',
      },
      all.tours as unknown as Record<string, unknown>[],
    );
    const seededTeams = plan.map((p) => p.team.id);
    await pauseRollup(tx);
    await insertRows(
      tx,
      'orders',
      {
        id: 'text',
        team_id: 'text',
        display_id: 'text',
        ota: 'text',
        ota_order_id: 'text',
        departure_at: 'timestamptz',
        booked_at: 'timestamptz',
        language: 'text',
        product_id: 'text',
        customer_name: 'text',
        customer_email: 'text',
        customer_phone: 'text',
        pickup: 'text',
        notes: 'text',
        quantity_total: 'int',
        quantity_adult: 'int',
        quantity_child: 'int',
        prices: 'jsonb',
        tour_id: 'text',
        status: 'text',
        email_checkpoints: 'jsonb',
        review_checkpoints: 'jsonb',
        version: 'int',
        created_at: 'timestamptz',
      },
      all.orders.map((o) => ({ ...o, created_at: o.booked_at })) as unknown as Record<string, unknown>[],
    );
    await resumeRollup(tx, seededTeams);
    await insertRows(
      tx,
      'event_logs',
      {
        id: 'text',
        team_id: 'text',
        order_id: 'text',
        tour_id: 'text',
        type: 'text',
        is_system_event: 'boolean',
        operated_by_id: 'text',
        operated_by_name: 'text',
        comment: 'text',
        data: 'jsonb',
        timestamp: 'timestamptz',
      },
      all.events as unknown as Record<string, unknown>[],
      5000,
    );

    return {
      skipped: false,
      teams: n === 0 ? teams.length : n,
      orders: all.orders.length,
      tours: all.tours.length,
      events: all.events.length,
      ms: Date.now() - started,
    };
  });
}
