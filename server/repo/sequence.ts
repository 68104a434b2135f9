import type { Db } from '../db/client';

/** Per-team display ids such as T-000123: the next numbers after the highest one in use (or deleted),
 *  in one statement (next_display_number, migration 015). Locks the team row first, so concurrent
 *  creators in one team take turns until their transactions end. */
export async function nextDisplayIds(
  db: Db,
  teamId: string,
  table: 'orders' | 'tours',
  prefix: string,
  count: number,
): Promise<string[]> {
  if (count === 0) return [];
  const [row] = await db.query<{ n: number }>(
    'SELECT next_display_number($1, $2, $3)::int8 AS n',
    [teamId, table, prefix],
    'next_display_number',
  );
  return Array.from({ length: count }, (_, i) => displayId(prefix, Number(row.n) + i));
}

export const displayId = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;
