import { statusLabel } from '../../src/domain/statuses';
import type { Db } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { appendEvents, type NewEvent, type Operator } from './events';

/** Bulk status moves of orders or tours: one UPDATE joined to the request rows, one event INSERT. */
export interface StatusMove<S extends string = string> {
  id: string;
  statusV2: S;
  /** The version the move was based on; absent = whatever is stored. */
  version?: number;
}

export interface StatusMoved<S extends string = string> {
  id: string;
  statusV2: S;
  version: number;
}

interface MovedRow {
  id: string;
  team_id: string;
  version: number;
  from_status: string;
}

/**
 * Moves every item or none (call inside a transaction: a 404 or 409 thrown here rolls it back).
 * The request rows are joined on the primary key (a join keeps that plan whatever the statistics
 * say; `id = ANY(...)` of 1,000 ids was planned as a skip scan of another index), and referenced
 * once, so the planner inlines them (a CTE used twice is materialised and was joined by a
 * 1,000 x 1,000 nested loop). The version is
 * checked on the row being updated, so a concurrent write in between is a 409, never overwritten.
 * The status column is in no index (migration 003), so the update is HOT: no index is touched.
 */
export async function moveStatuses<S extends string>(
  tx: Db,
  table: 'orders' | 'tours',
  by: Operator,
  teamIds: string[],
  items: StatusMove<S>[],
): Promise<StatusMoved<S>[]> {
  const rows = await tx.query<MovedRow>(
    `WITH old AS (
       SELECT v.id, v.status, v.version, x.status AS from_status, x.version AS stored_version
         FROM unnest($1::text[], $2::text[], $3::int[]) AS v(id, status, version)
         JOIN ${table} x ON x.id = v.id
        WHERE x.team_id = ANY($4::text[])
     )
     UPDATE ${table} t SET status = old.status, version = t.version + 1, updated_at = now()
       FROM old
      WHERE t.id = old.id AND t.version = COALESCE(old.version, old.stored_version)
      RETURNING t.id, t.team_id, t.version, old.from_status`,
    [items.map((i) => i.id), items.map((i) => i.statusV2), items.map((i) => i.version ?? null), teamIds],
  );
  if (rows.length !== items.length) await refuse(tx, table, teamIds, items);
  const moved = new Map(rows.map((r) => [r.id, r]));
  const events: NewEvent[] = [];
  for (const i of items) {
    const row = moved.get(i.id)!;
    if (row.from_status === i.statusV2) continue;
    events.push({
      teamId: row.team_id,
      ...(table === 'orders' ? { orderId: i.id } : { tourId: i.id }),
      type: 'STATUS',
      comment: `${statusLabel(row.from_status)} → ${statusLabel(i.statusV2)}`,
      data: { from: row.from_status, to: i.statusV2 },
    });
  }
  await appendEvents(tx, by, events);
  return items.map((i) => ({ id: i.id, statusV2: i.statusV2, version: moved.get(i.id)!.version }));
}

/** Why some items were not moved: 404 when an id is unknown or of another team, else 409 (stale). */
async function refuse(tx: Db, table: 'orders' | 'tours', teamIds: string[], items: StatusMove[]): Promise<never> {
  const found = await tx.query<{ id: string; version: number }>(
    `SELECT x.id, x.version FROM unnest($1::text[]) AS v(id) JOIN ${table} x ON x.id = v.id
      WHERE x.team_id = ANY($2::text[])`,
    [items.map((i) => i.id), teamIds],
  );
  if (found.length !== items.length) throw notFound(table === 'orders' ? 'Order' : 'Tour');
  const stored = new Map(found.map((r) => [r.id, r.version]));
  const stale = items.filter((i) => i.version !== undefined && stored.get(i.id) !== i.version).map((i) => i.id);
  throw conflict(
    stale.length
      ? `Stale version for ${stale.join(', ')}: reload and try again`
      : 'Changed by someone else meanwhile: reload and try again',
  );
}
