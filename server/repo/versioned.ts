import type { Db } from '../db/client';

/**
 * Orders and tours share optimistic versions: every write names the version it was based on and
 * increments it. This is the one lookup of the stored versions.
 */
export type VersionedTable = 'orders' | 'tours';

export interface VersionedRow {
  id: string;
  teamId: string;
  version: number;
  status: string;
}

/** The stored team, version and status of rows by id (one primary-key lookup, `id = ANY`). */
export async function versionsByIds(
  db: Db,
  table: VersionedTable,
  ids: string[],
  lock: boolean,
): Promise<VersionedRow[]> {
  return db.query<VersionedRow>(
    `SELECT id, team_id AS "teamId", version, status FROM ${table} WHERE id = ANY($1::text[]) ${lock ? 'FOR UPDATE' : ''}`,
    [ids],
  );
}

/** A field an edit may change: the contract's name of it (in the edit U and the record T), its column and type. */
export interface EditableColumn<U, T = U> {
  field: keyof U & keyof T & string;
  column: string;
  type: 'timestamptz' | 'jsonb' | 'text';
  /** jsonb flags: the given ones are merged into the stored ones (else a given value replaces the stored one). */
  merge?: boolean;
}

/**
 * Applies edits to rows by id in one statement: each given field replaces (or, `merge`, is merged
 * into) the stored value, an absent one keeps it; the version is incremented. The caller has
 * checked the versions on the rows it locked.
 */
export async function updateVersioned<U extends { id: string }, T>(
  db: Db,
  table: VersionedTable,
  columns: EditableColumn<U, T>[],
  items: U[],
): Promise<void> {
  const set = columns.map(({ column, merge }) =>
    merge
      ? `${column} = x.${column} || COALESCE(v.${column}, '{}'::jsonb)`
      : `${column} = COALESCE(v.${column}, x.${column})`,
  );
  const types = columns.map(({ column, type }) => `${column} ${type}`);
  const rows = items.map((i) =>
    Object.fromEntries([['id', i.id], ...columns.map((c) => [c.column, i[c.field] ?? null])]),
  );
  await db.query(
    `UPDATE ${table} x SET ${set.join(', ')}, version = x.version + 1, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS v(id text, ${types.join(', ')})
      WHERE x.id = v.id`,
    [JSON.stringify(rows)],
  );
}
