import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueAccessToken } from '../../server/auth/tokens';
import { openDb } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { teamId } from '../../server/seed/base';
import { seed } from '../../server/seed/index';
import { sharedTokenSecret } from '../../server/secrets';
import { daysInMonth, localDate } from '../../server/seed/time';

/**
 * A fresh embedded database in a temporary DATA_DIR with the demo teams and BENCH_ORDERS (default
 * 100,000) orders in one month (the current one, in the team's timezone) of one team (BENCH_TEAM,
 * default XX), then VACUUM ANALYZE (PGlite runs no autovacuum: without it the planner has no
 * statistics and no page is marked all-visible). With BENCH_DATABASE_URL=postgres://... the data goes to
 * that PostgreSQL database instead, which is WIPED first (give it a scratch database).
 */
export interface BenchData {
  dataDir: string;
  /** The PostgreSQL database in use, or null for the embedded one in dataDir. */
  databaseUrl: string | null;
  teamId: string;
  timezone: string;
  /** First and last day of the seeded month, YYYY-MM-DD. */
  startDate: string;
  /** First day of the month 11 months before startDate's: with endDate, a year. */
  yearStartDate: string;
  endDate: string;
  orders: number;
  /** A bearer token of admin@tourdesk.test, signed with the secret the server will use. */
  token: string;
  remove(): void;
}

const pad = (n: number) => String(n).padStart(2, '0');

export interface BenchDataOptions {
  /** Orders of another team as well (in its current month), so that indexes over all teams hold more than one. */
  other?: { team: string; orders: number };
  /** This many orders in each of the team's 11 months before the current one as well (a year of data). */
  earlierMonths?: number;
}

export async function seedBenchData(opts: BenchDataOptions = {}): Promise<BenchData> {
  const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
  const code = (process.env.BENCH_TEAM ?? 'XX').toUpperCase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tourdesk-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL || null;
  const db = await openDb({ dataDir, databaseUrl });
  try {
    const started = Date.now();
    await migrate(db);
    const result = await seed(db, { orders, team: code, reset: databaseUrl !== null });
    if (opts.other) await seed(db, { orders: opts.other.orders, team: opts.other.team });
    const now = new Date();
    for (let k = 1; k <= 11 && opts.earlierMonths; k++) {
      // the 15th at noon UTC is the 15th in every timezone
      const then = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 15, 12));
      await seed(db, { orders: opts.earlierMonths, team: code, now: then });
    }
    const seeded = Date.now();
    await db.exec!('VACUUM ANALYZE');
    // PostgreSQL: the seed's writes flushed now, not by a checkpoint in the middle of a measurement
    if (databaseUrl) await db.exec!('CHECKPOINT');
    console.log(
      `Seeded ${result.orders} orders into team ${code}${opts.other ? ` (and ${opts.other.orders} into ${opts.other.team})` : ''}` +
        `${opts.earlierMonths ? ` (and ${opts.earlierMonths} in each of its 11 months before)` : ''} in ${((seeded - started) / 1000).toFixed(1)} s ` +
        `(VACUUM ANALYZE ${((Date.now() - seeded) / 1000).toFixed(1)} s), ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}`,
    );
    const id = teamId(code);
    const [team] = await db.query<{ timezone: string }>('SELECT timezone FROM teams WHERE id = $1', [id]);
    const [admin] = await db.query<{ id: string; email: string; name: string }>(
      "SELECT id, email, name FROM users WHERE email = 'admin@tourdesk.test'",
    );
    const day = localDate(new Date(), team.timezone);
    const month = `${day.year}-${pad(day.month)}`;
    const yearStart = new Date(Date.UTC(day.year, day.month - 12, 1));
    return {
      dataDir,
      databaseUrl,
      teamId: id,
      timezone: team.timezone,
      startDate: `${month}-01`,
      yearStartDate: yearStart.toISOString().slice(0, 10),
      endDate: `${month}-${pad(daysInMonth(day.year, day.month))}`,
      orders: result.orders,
      // signed with the secret the server will read (its environment's TOKEN_SECRET, else the database's)
      token: await issueAccessToken(admin, { tokenSecret: await sharedTokenSecret(db, process.env, dataDir) }),
      remove: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await db.close();
  }
}
