import type { Db } from '../db/client';

/** Resolves when the database answers a query. */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.query('SELECT 1');
}

/** The names of the migrations applied (none when the table is not there yet). */
export async function appliedMigrations(db: Db): Promise<Set<string>> {
  const [table] = await db.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  if (!table.exists) return new Set();
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(rows.map((r) => r.name));
}
