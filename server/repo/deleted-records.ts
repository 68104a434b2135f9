import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import type { Operator } from './events';

/**
 * Deleted orders and tours (deleted_records): the row as it was, out of `orders` and `tours`, so every
 * list, count, search and rollup reads those tables alone and stays as fast. A row moves out with its
 * snapshot in one statement and back in with another (jsonb_populate_record, version + 1).
 */
export type DeletedRecord = Schemas['DeletedRecord'];
export type RecordKind = DeletedRecord['kind'];

/** How long a deleted record can be restored. */
export const RESTORE_DAYS = 30;
/** How long a record that can no longer be restored is kept (restore says why it cannot, then it goes). */
export const KEEP_DAYS = 90;

const WITHIN = `now() - ${RESTORE_DAYS} * interval '1 day'`;

/** Columns derived from the others by triggers (migrations 004, 009): recomputed when the row comes back. */
const DERIVED = `- 'json_fields' - 'search_text'`;

/** What a deletion moved out: enough to name it in events and toasts. */
export interface MovedOut {
  displayId: string;
  /** The tour an order was on. */
  tourId: string | null;
}

const SNAPSHOT = (kind: RecordKind, name: string) => `
  INSERT INTO deleted_records AS d (kind, id, team_id, display_id, name, departure_at, row_data, unlinked_order_ids,
                                    deleted_by, deleted_by_name)
  SELECT '${kind}', g.id, g.team_id, g.display_id, g.${name}, g.departure_at, to_jsonb(g) ${DERIVED}, $3::text[], $4, $5
    FROM gone g
  ON CONFLICT (kind, id) DO UPDATE SET team_id = EXCLUDED.team_id, display_id = EXCLUDED.display_id,
    name = EXCLUDED.name, departure_at = EXCLUDED.departure_at, row_data = EXCLUDED.row_data,
    unlinked_order_ids = EXCLUDED.unlinked_order_ids, deleted_by = EXCLUDED.deleted_by,
    deleted_by_name = EXCLUDED.deleted_by_name, deleted_at = now()
  RETURNING d.display_id AS "displayId", d.row_data->>'tour_id' AS "tourId"`;

/** Moves an order of the team out of `orders` with its snapshot; undefined when there is none. */
export async function moveOrderOut(db: Db, teamId: string, id: string, by: Operator): Promise<MovedOut | undefined> {
  const [row] = await db.query<MovedOut>(
    `WITH gone AS (DELETE FROM orders WHERE id = $1 AND team_id = $2 RETURNING *) ${SNAPSHOT('order', 'customer_name')}`,
    [id, teamId, [], by.userId, by.name],
  );
  return row;
}

/** Moves a tour of the team out of `tours` with its snapshot and the orders its deletion unlinked. */
export async function moveTourOut(
  db: Db,
  teamId: string,
  id: string,
  unlinkedOrderIds: string[],
  by: Operator,
): Promise<MovedOut | undefined> {
  const [row] = await db.query<MovedOut>(
    `WITH gone AS (DELETE FROM tours WHERE id = $1 AND team_id = $2 RETURNING *) ${SNAPSHOT('tour', 'display_name')}`,
    [id, teamId, unlinkedOrderIds, by.userId, by.name],
  );
  return row;
}

/** A deleted record as restore reads it (locked for the rest of the transaction). */
export interface DeletedRow {
  teamId: string;
  displayId: string;
  restorable: boolean;
  /** The tour an order was on when it was deleted. */
  tourId: string | null;
  /** An order's OTA and OTA order id (null for a tour). */
  ota: string | null;
  otaOrderId: string | null;
  unlinkedOrderIds: string[];
}

export async function lockDeleted(db: Db, kind: RecordKind, id: string): Promise<DeletedRow | undefined> {
  const [row] = await db.query<DeletedRow>(
    `SELECT team_id AS "teamId", display_id AS "displayId", deleted_at > ${WITHIN} AS restorable,
            row_data->>'tour_id' AS "tourId", row_data->>'ota' AS ota, row_data->>'ota_order_id' AS "otaOrderId",
            unlinked_order_ids AS "unlinkedOrderIds"
       FROM deleted_records WHERE kind = $1 AND id = $2 FOR UPDATE`,
    [kind, id],
  );
  return row;
}

/** Whether a tour of the team uses the display id (one created since the deletion). */
export async function tourDisplayIdTaken(db: Db, teamId: string, displayId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM tours WHERE team_id = $1 AND display_id = $2 LIMIT 1', [
    teamId,
    displayId,
  ]);
  return rows.length > 0;
}

/**
 * Puts a deleted order back as it was, version + 1. Its tour comes back with it when that tour still
 * exists; otherwise it comes back unlinked. Answers its tour (null: unlinked).
 */
export async function moveOrderIn(db: Db, teamId: string, id: string): Promise<{ tourId: string | null }> {
  const [row] = await db.query<{ tourId: string | null }>(
    `WITH rec AS (DELETE FROM deleted_records WHERE kind = 'order' AND id = $1 AND team_id = $2 RETURNING row_data)
     INSERT INTO orders
     SELECT r.* FROM rec, jsonb_populate_record(NULL::orders, rec.row_data || jsonb_build_object(
         'version', (rec.row_data->>'version')::int + 1,
         'updated_at', now(),
         'tour_id', (SELECT t.id FROM tours t WHERE t.id = rec.row_data->>'tour_id' AND t.team_id = $2))) r
     RETURNING tour_id AS "tourId"`,
    [id, teamId],
  );
  return row;
}

/** Puts a deleted tour back as it was, version + 1 (its orders are linked again by the caller). */
export async function moveTourIn(db: Db, teamId: string, id: string): Promise<void> {
  await db.query(
    `WITH rec AS (DELETE FROM deleted_records WHERE kind = 'tour' AND id = $1 AND team_id = $2 RETURNING row_data)
     INSERT INTO tours
     SELECT r.* FROM rec, jsonb_populate_record(NULL::tours, rec.row_data || jsonb_build_object(
         'version', (rec.row_data->>'version')::int + 1, 'updated_at', now())) r`,
    [id, teamId],
  );
}

/** Forgets a team's records that could not have been restored for a long while. */
export async function purgeDeleted(db: Db, teamId: string): Promise<void> {
  await db.query(
    `DELETE FROM deleted_records WHERE team_id = $1 AND deleted_at < now() - ${KEEP_DAYS} * interval '1 day'`,
    [teamId],
  );
}

interface ListRow {
  kind: RecordKind;
  id: string;
  display_id: string;
  name: string;
  departure_at: Date | null;
  deleted_by: string;
  deleted_by_name: string;
  deleted_at: Date;
  restorable_until: Date;
}

/** A team's records deleted within the restore window, newest first. */
export async function listDeleted(db: Db, teamId: string): Promise<DeletedRecord[]> {
  const rows = await db.query<ListRow>(
    `SELECT kind, id, display_id, name, departure_at, deleted_by, deleted_by_name, deleted_at,
            deleted_at + ${RESTORE_DAYS} * interval '1 day' AS restorable_until
       FROM deleted_records WHERE team_id = $1 AND deleted_at > ${WITHIN}
      ORDER BY deleted_at DESC, kind, id`,
    [teamId],
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    displayId: r.display_id,
    name: r.name,
    ...(r.departure_at ? { departureAt: r.departure_at.toISOString() } : {}),
    deletedAt: r.deleted_at.toISOString(),
    deletedBy: { id: r.deleted_by, name: r.deleted_by_name },
    restorableUntil: r.restorable_until.toISOString(),
  }));
}
