import { ConfigError } from '../config';

/**
 * Limits that turn a stalled PostgreSQL into quick errors instead of hung requests (the embedded
 * database has no pool and runs one statement at a time: they do not apply to it). 0 turns one off.
 */
export interface DbTimeouts {
  /** Connections in the pool (DB_POOL_MAX). */
  poolMax: number;
  /** How long a request waits for a free connection, or for a new one to connect (DB_POOL_WAIT_TIMEOUT_MS). */
  poolWaitMs: number;
  /** An idle connection is closed after this (DB_POOL_IDLE_TIMEOUT_MS). */
  poolIdleMs: number;
  /** PostgreSQL cancels a statement running longer (DB_STATEMENT_TIMEOUT_MS; not the migrations). */
  statementMs: number;
  /** PostgreSQL ends a session left idle inside a transaction this long (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS). */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  poolMax: 10,
  poolWaitMs: 5_000,
  poolIdleMs: 30_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
};

const VARIABLES: Record<keyof DbTimeouts, string> = {
  poolMax: 'DB_POOL_MAX',
  poolWaitMs: 'DB_POOL_WAIT_TIMEOUT_MS',
  poolIdleMs: 'DB_POOL_IDLE_TIMEOUT_MS',
  statementMs: 'DB_STATEMENT_TIMEOUT_MS',
  idleInTransactionMs: 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
};

/** The limits from the environment, each a whole number (milliseconds; DB_POOL_MAX at least 1); ConfigError otherwise. */
export function dbTimeoutsFromEnv(env: Record<string, string | undefined> = process.env): DbTimeouts {
  const out = { ...DEFAULT_DB_TIMEOUTS };
  for (const [key, name] of Object.entries(VARIABLES) as [keyof DbTimeouts, string][]) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || (key === 'poolMax' && value < 1)) {
      throw new ConfigError(
        `${name} must be a whole number${key === 'poolMax' ? ' of at least 1' : ' of milliseconds (0: off)'}`,
      );
    }
    out[key] = value;
  }
  return out;
}
