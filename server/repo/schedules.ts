import type { ProductSchedule } from '../../shared/schedule';
import type { Db } from '../db/client';

/** A product's schedule (`products.schedule`, NULL: not sold through the channel), by team and id. */

/** The team's product's schedule; undefined when the team has no such product. */
export async function scheduleOf(
  db: Db,
  teamId: string,
  productId: string,
): Promise<{ schedule: ProductSchedule | null } | undefined> {
  const [row] = await db.query<{ schedule: ProductSchedule | null }>(
    'SELECT schedule FROM products WHERE team_id = $1 AND id = $2',
    [teamId, productId],
  );
  return row && { schedule: row.schedule };
}

/** Replaces the schedule; the one saved, or undefined when the team has no such product. */
export async function saveSchedule(
  db: Db,
  teamId: string,
  productId: string,
  schedule: ProductSchedule | null,
): Promise<{ schedule: ProductSchedule | null } | undefined> {
  const [row] = await db.query<{ schedule: ProductSchedule | null }>(
    'UPDATE products SET schedule = $3::jsonb WHERE team_id = $1 AND id = $2 RETURNING schedule',
    [teamId, productId, schedule === null ? null : JSON.stringify(schedule)],
  );
  return row && { schedule: row.schedule };
}
