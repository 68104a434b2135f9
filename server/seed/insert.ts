import type { Db } from '../db/client';

/**
 * Bulk insert: each batch of rows travels as one jsonb parameter and is expanded with
 * jsonb_to_recordset, so thousands of rows cost one statement and no parameter limit applies.
 * `columns` maps column name -> SQL type, e.g. { id: 'text', departure_at: 'timestamptz', prices: 'jsonb' }.
 */
export async function insertRows(
  db: Db,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
  batchSize = 2000,
): Promise<void> {
  const names = Object.keys(columns);
  const list = names.join(', ');
  const types = names.map((n) => `${n} ${columns[n]}`).join(', ');
  const sql = `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_to_recordset($1::jsonb) AS r(${types})`;
  const bulk = rows.length >= BULK_ROWS;
  const indexes = bulk ? await dropSecondaryIndexes(db, table) : [];
  for (let i = 0; i < rows.length; i += batchSize) {
    await db.query(sql, [JSON.stringify(rows.slice(i, i + batchSize))]);
  }
  for (const index of indexes) await db.query(index);
}

/** From this many rows on, building the indexes once afterwards beats updating them row by row. */
const BULK_ROWS = 20_000;

/**
 * Drops the table's indexes that back no constraint and returns their definitions to recreate them.
 * Only inside the seed's transaction: other sessions wait for the table until it commits.
 */
async function dropSecondaryIndexes(db: Db, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const r of rows) await db.query(`DROP INDEX "${r.name.replace(/"/g, '""')}"`);
  return rows.map((r) => r.def);
}
