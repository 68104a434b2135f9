import { STATUSES, statusLabel } from '../../shared/statuses';
import type { Db } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { eventId, type Operator } from './events';

/** Bulk status moves of orders or tours: one statement updates the rows and logs their events. */
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

/** The labels of the known statuses, for the event comments the statement writes. */
const LABELS = JSON.stringify(Object.fromEntries(STATUSES.map((s) => [s, statusLabel(s)])));
/** A status's label in SQL: the known ones from LABELS ($8), else its capitalised words, as statusLabel. */
const label = (col: string) => `COALESCE($8::jsonb ->> ${col}, initcap(replace(${col}, '_', ' ')))`;

/**
 * Moves every item or none (call inside a transaction: a 404 or 409 thrown here rolls it back),
 * and logs a STATUS event for each item whose status changed, in one statement: the request rows
 * go to the database once and the moved rows do not come back to be sent again as events (for
 * 1,000 orders that round trip was a fifth of the move). The request rows are joined on the
 * primary key (a join keeps that plan whatever the statistics say; `id = ANY(...)` of 1,000 ids
 * was planned as a skip scan of another index), and referenced once, so the planner inlines them
 * (a CTE used twice is materialised and was joined by a 1,000 x 1,000 nested loop). The version
 * is checked on the row being updated, so a concurrent write in between is a 409, never
 * overwritten. The status column is in no index (migration 003), so the update is HOT: no index
 * is touched.
 */
export async function moveStatuses<S extends string>(
  tx: Db,
  table: 'orders' | 'tours',
  by: Operator,
  teamIds: string[],
  items: StatusMove<S>[],
  onStale: 'refuse' | 'skip' = 'refuse',
): Promise<StatusMoved<S>[]> {
  const rows = await tx.query<{ id: string; version: number }>(
    `WITH old AS (
       SELECT v.id, v.status, v.version, v.event_id, x.status AS from_status, x.version AS stored_version
         FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS v(id, status, version, event_id)
         JOIN ${table} x ON x.id = v.id
        WHERE x.team_id = ANY($5::text[])
     ), moved AS (
       UPDATE ${table} t SET status = old.status, version = t.version + 1, updated_at = now()
         FROM old
        WHERE t.id = old.id AND t.version = COALESCE(old.version, old.stored_version)
        RETURNING t.id, t.team_id, t.version, old.from_status, old.status AS to_status, old.event_id
     ), logged AS (
       INSERT INTO event_logs
         (id, team_id, ${table === 'orders' ? 'order_id' : 'tour_id'}, type, is_system_event, operated_by_id,
          operated_by_name, comment, data, timestamp)
       SELECT event_id, team_id, id, 'STATUS', false, $6, $7, ${label('from_status')} || ' → ' || ${label('to_status')},
              jsonb_build_object('from', from_status, 'to', to_status), clock_timestamp()
         FROM moved
        WHERE from_status <> to_status
     )
     SELECT id, version FROM moved`,
    [
      items.map((i) => i.id),
      items.map((i) => i.statusV2),
      items.map((i) => i.version ?? null),
      items.map(() => eventId()),
      teamIds,
      by.userId,
      by.name,
      LABELS,
    ],
  );
  if (rows.length !== items.length) await refuse(tx, table, teamIds, items, onStale);
  const versions = new Map(rows.map((r) => [r.id, r.version]));
  // with `skip`, a row changed since its version was read stays as it is and is left out of the answer
  return items
    .filter((i) => versions.has(i.id))
    .map((i) => ({ id: i.id, statusV2: i.statusV2, version: versions.get(i.id)! }));
}

/**
 * Why some items were not moved: 404 when an id is unknown or of another team, else 409 (stale);
 * with `skip`, stale rows are no error (an undo leaves what someone changed since as it is).
 */
async function refuse(
  tx: Db,
  table: 'orders' | 'tours',
  teamIds: string[],
  items: StatusMove[],
  onStale: 'refuse' | 'skip',
): Promise<void> {
  const found = await tx.query<{ id: string; version: number }>(
    `SELECT x.id, x.version FROM unnest($1::text[]) AS v(id) JOIN ${table} x ON x.id = v.id
      WHERE x.team_id = ANY($2::text[])`,
    [items.map((i) => i.id), teamIds],
  );
  if (found.length !== items.length) throw notFound(table === 'orders' ? 'Order' : 'Tour');
  if (onStale === 'skip') return;
  const stored = new Map(found.map((r) => [r.id, r.version]));
  const stale = items.filter((i) => i.version !== undefined && stored.get(i.id) !== i.version).map((i) => i.id);
  throw conflict(
    stale.length
      ? `Stale version for ${stale.join(', ')}: reload and try again`
      : 'Changed by someone else meanwhile: reload and try again',
  );
}
