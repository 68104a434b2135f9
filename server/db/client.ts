import pg from 'pg';
import { openPglite } from './pglite';
import { listenPostgres } from './listen-pg';
import { watchPool, type PoolStats } from './pool-stats';
import { savepoint } from './savepoint';
import { dbTimeoutsFromEnv, type DbTimeouts } from './timeouts';

/**
 * The one database interface the server uses: PostgreSQL dialect, placeholders $1..$n.
 * jsonb comes back parsed, timestamptz/timestamp/date as Date, int8 as number, numeric as string.
 */
export interface Db {
  /**
   * `name` marks a statement run many times a second: PostgreSQL keeps it parsed on each connection
   * (planned anew each time: plan_cache_mode is force_custom_plan, so no generic plan that ignores
   * the parameters); the embedded database keeps it parsed in its session (pglite-prepared.js) and
   * plans it as PostgreSQL's default does (a generic plan once that costs no more). One name, one text.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs fn in one real transaction: commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Runs a script of several statements without parameters (migrations, seed). */
  exec?(sql: string): Promise<void>;
  /** PostgreSQL: the pool's connections and waits (for /metrics). */
  poolStats?(): PoolStats;
  /** The embedded database only: commands sent to its thread and not answered yet (queued or running). */
  commandsInFlight?(): number;
  /**
   * LISTEN on a channel until the returned function stops it: `onNotify` gets each payload, and
   * `onGap` is called when notifications may have been missed (after a reconnect), so the caller
   * reads what it missed. PostgreSQL: its own connection, not one of the pool's.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
}

export interface OpenDbOptions {
  /** postgres://... : use a PostgreSQL server. */
  databaseUrl?: string | null;
  /** Embedded PGlite under `${dataDir}/pglite`; null or undefined = in memory. */
  dataDir?: string | null;
  /**
   * Embedded in memory only: the data folder to start from, a tarball of another embedded
   * database's folder (PGlite's `dumpDataDir`), instead of a new one. Tests start each database
   * from one migrated schema (tests/server/global-setup.ts): a new folder is about 5 s of initdb here.
   */
  template?: Uint8Array | null;
  /** PostgreSQL only: schema to create (if missing) and use as search_path, e.g. one per test file. */
  schema?: string;
  /** PostgreSQL only: pool size and timeouts; default: from the environment (server/db/timeouts.ts). */
  timeouts?: Partial<DbTimeouts>;
}

export async function openDb(opts: OpenDbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, opts.schema, { ...dbTimeoutsFromEnv(), ...opts.timeouts });
  }
  return openPglite(opts.dataDir ?? null, opts.template ?? null);
}

// ---- PostgreSQL ----

const { Pool, types } = pg;

/** Parse like PGlite does, so both back ends hand the same values to the code. */
function getTypeParser(oid: number, format?: string): (value: string) => unknown {
  switch (oid) {
    case 20: // int8
      return (v) => Number(v);
    case 1082: // date
      return (v) => new Date(`${v}T00:00:00Z`);
    case 1114: // timestamp without time zone: taken as UTC
      return (v) => new Date(`${v.replace(' ', 'T')}Z`);
    default:
      return types.getTypeParser(oid, format as 'text') as (value: string) => unknown;
  }
}

async function openPostgres(url: string, schema: string | undefined, limits: DbTimeouts): Promise<Db> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new Pool({
    connectionString: url,
    max: limits.poolMax,
    // a stalled database answers errors (error-handler.ts: 503) rather than holding requests
    connectionTimeoutMillis: limits.poolWaitMs,
    idleTimeoutMillis: limits.poolIdleMs,
    statement_timeout: limits.statementMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    // what `npm run restore` looks for before it replaces a database under running servers
    application_name: 'tourdesk',
    types: { getTypeParser } as pg.CustomTypesConfig,
    options: `-c plan_cache_mode=force_custom_plan${schema ? ` -c search_path=${schema}` : ''}`,
  });
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const poolStats = watchPool(pool);
  await pool.query('SELECT 1');

  const clientDb = (client: pg.PoolClient): Db => {
    let nested = 0;
    const self: Db = {
      async query<T>(sql: string, params?: unknown[], name?: string) {
        return (await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params }))
          .rows as T[];
      },
      tx: (fn) => savepoint(self, `sp_${++nested}`, fn),
      close: () => Promise.reject(new Error('close() inside a transaction')),
      async exec(sql: string) {
        // scripts in a transaction are migrations: an index on a large table may take long
        await client.query(`SET LOCAL statement_timeout = 0; ${sql}`);
      },
    };
    return self;
  };

  let closed = false;
  return {
    async query<T>(sql: string, params?: unknown[], name?: string) {
      return (await pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows as T[];
    },
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    poolStats,
    listen: (channel, onNotify, onGap) => listenPostgres(url, channel, onNotify, onGap),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
