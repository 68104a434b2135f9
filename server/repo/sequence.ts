import type { Db } from '../db/client';

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
  // a deleted record keeps its number: restoring it must not meet a newer record with the same id
  const [row] = await db.query<{ n: number | null }>(
    `SELECT max(substring(display_id FROM ${prefix.length + 1})::bigint) AS n
       FROM (SELECT display_id FROM ${table} WHERE team_id = $1 AND display_id ~ $2
             UNION ALL
             SELECT display_id FROM deleted_records WHERE team_id = $1 AND kind = $3 AND display_id ~ $2) ids`,
    [teamId, `^${prefix}[0-9]{1,15}$`, table === 'orders' ? 'order' : 'tour'],
  );
  const start = Number(row?.n ?? 0) + 1;
  return Array.from({ length: count }, (_, i) => `${prefix}${String(start + i).padStart(6, '0')}`);
}
