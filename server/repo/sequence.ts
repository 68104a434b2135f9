import type { Db } from '../db/client';

/** Per-team display ids such as T-000123: `count` new numbers from the team's counter for the table
 *  and prefix (take_display_numbers, migration 017), past every number in use or deleted. The
 *  counter stays locked until the caller's transaction ends: a transaction that rolls back gives its
 *  numbers back; one that commits without using them leaves a gap. */
export async function nextDisplayIds(
  db: Db,
  teamId: string,
  table: 'orders' | 'tours',
  prefix: string,
  count: number,
): Promise<string[]> {
  if (count === 0) return [];
  const [row] = await db.query<{ n: number }>(
    'SELECT take_display_numbers($1, $2, $3, $4)::int8 AS n',
    [teamId, table, prefix, count],
    'take_display_numbers',
  );
  return Array.from({ length: count }, (_, i) => displayId(prefix, Number(row.n) + i));
}

export const displayId = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;
