import type { Db } from '../db/client';

/** The number of a display id (the expression of the index `<table>_team_display_number`). */
const NUMBER = `substring(display_id FROM '^[A-Za-z]+-([0-9]{1,15})$')::bigint`;

/** Per-team display ids such as T-000123: the next numbers after the highest one in use (or deleted).
 *  Locks the team row first, so concurrent creators in one team take turns. */
export async function nextDisplayIds(
  db: Db,
  teamId: string,
  table: 'orders' | 'tours',
  prefix: string,
  count: number,
): Promise<string[]> {
  if (count === 0) return [];
  await db.query('SELECT id FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
  // a deleted record keeps its number: restoring it must not meet a newer record with the same id.
  // The live table is read through its index of display numbers (migration 012), highest first,
  // skipping any other prefix; the deleted ones are few.
  const [row] = await db.query<{ n: number | null }>(
    `SELECT max(n) AS n FROM (
       (SELECT ${NUMBER} AS n FROM ${table} WHERE team_id = $1 AND display_id ~ $2
         ORDER BY ${NUMBER} DESC NULLS LAST LIMIT 1)
       UNION ALL
       SELECT substring(display_id FROM ${prefix.length + 1})::bigint
         FROM deleted_records WHERE team_id = $1 AND kind = $3 AND display_id ~ $2) ids`,
    [teamId, `^${prefix}[0-9]{1,15}$`, table === 'orders' ? 'order' : 'tour'],
  );
  const start = Number(row?.n ?? 0) + 1;
  return Array.from({ length: count }, (_, i) => `${prefix}${String(start + i).padStart(6, '0')}`);
}
