import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import type { Cursor } from './cursor';

/** The live event log (migration 013): every SQL statement of the live feed and streams. */
export type LiveChange = Schemas['LiveChange'];

export interface LiveRow {
  tx: string;
  id: number;
  team_id: string;
  topic: LiveChange['topic'];
  op: LiveChange['op'];
  ids: string[];
  at: Date;
}

// tx as text (an xid8 may pass 2^53); ORDER BY names live_events.tx, since a bare `tx` there would
// be this text column and sort 1000 before 998
const COLUMNS = 'tx::text AS tx, id, team_id, topic, op, ids, at';
/** The transactions below it have all finished: their rows are final. */
const XMIN = 'pg_snapshot_xmin(pg_current_snapshot())';

/**
 * Rows after `after`, in (tx, id) order, with the xmin of the same snapshot: the caller delivers
 * those of finished transactions (tx < xmin) and waits for the rest, which are committed but may
 * still have rows of an older, unfinished transaction before them.
 */
export async function rowsAfter(db: Db, after: Cursor, limit: number): Promise<{ xmin: string; rows: LiveRow[] }> {
  const found = await db.query<LiveRow & { xmin: string }>(
    `SELECT s.xmin::text AS xmin, e.*
       FROM (SELECT ${XMIN} AS xmin) s
       LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM live_events
                           WHERE (tx, id) > ($1::xid8, $2::bigint) ORDER BY live_events.tx, id LIMIT $3) e ON true`,
    [after.tx, after.id, limit],
    'live_rows_after',
  );
  return { xmin: found[0].xmin, rows: found.filter((r) => r.id !== null) };
}

/** Where a new feed starts: the last row of a finished transaction (the log is never empty), or
 *  just before the oldest transaction that may still write. */
export async function startCursor(db: Db): Promise<Cursor> {
  const [row] = await db.query<{ tx: string; id: number }>(
    `SELECT tx::text AS tx, id FROM live_events WHERE tx < ${XMIN} ORDER BY live_events.tx DESC, id DESC LIMIT 1`,
  );
  if (row) return row;
  const [{ xmin }] = await db.query<{ xmin: string }>(`SELECT ${XMIN}::text AS xmin`);
  return { tx: xmin, id: 0 };
}

/** Whether a cursor names a row still in the log: retention removes rows only before the oldest
 *  one it keeps, so a cursor that is gone was pruned (or never was). */
export async function cursorKnown(db: Db, c: Cursor): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM live_events WHERE tx = $1::xid8 AND id = $2', [c.tx, c.id]);
  return rows.length > 0;
}

/** A team's rows after `after` up to `upTo` (both final), at most `limit`. */
export function teamRowsBetween(
  db: Db,
  teamId: string,
  after: Cursor,
  upTo: Cursor,
  limit: number,
): Promise<LiveRow[]> {
  return db.query<LiveRow>(
    `SELECT ${COLUMNS} FROM live_events
      WHERE team_id = $1 AND (tx, id) > ($2::xid8, $3::bigint) AND (tx, id) <= ($4::xid8, $5::bigint)
      ORDER BY live_events.tx, id LIMIT $6`,
    [teamId, after.tx, after.id, upTo.tx, upTo.id, limit],
  );
}

/**
 * Retention: removes the rows before the newest row older than `hours` (that one stays, so the log
 * is never empty and what is gone is always a prefix). One idempotent statement: any number of
 * instances may run it.
 */
export async function pruneLiveEvents(db: Db, hours: number): Promise<void> {
  await db.query(
    `DELETE FROM live_events
      WHERE (tx, id) < (SELECT tx, id FROM live_events WHERE at < now() - make_interval(hours => $1::int)
                         ORDER BY tx DESC, id DESC LIMIT 1)`,
    [hours],
  );
}

export interface OperatorRow {
  id: number;
  by_id: string;
  by_name: string | null;
  channel: string | null;
}

/**
 * Who made each change, by log row id: the operator of an Activity entry that the same
 * transaction wrote about one of its records (event_logs.xmin is the writing transaction; its
 * timestamp is the clock during it, so never before the transaction's start, which is `at`); for a
 * channel booking or a channel's inbox item, the channel key; for an acknowledged inbox item, who
 * acknowledged it.
 */
export function operatorsOf(db: Db, ids: number[]): Promise<OperatorRow[]> {
  return db.query<OperatorRow>(
    `SELECT l.id, b.by_id, b.by_name, b.channel
       FROM live_events l
       CROSS JOIN LATERAL (
         SELECT e.operated_by_id AS by_id, e.operated_by_name AS by_name, NULL::text AS channel
           FROM event_logs e
          WHERE l.topic IN ('orders', 'tours', 'emails')
            AND (e.order_id = ANY(l.ids[1:20]) OR e.tour_id = ANY(l.ids[1:20]))
            AND e.timestamp >= l.at AND e.xmin = xid(l.tx) AND e.operated_by_id IS NOT NULL
         UNION ALL
         SELECT 'channel:' || c.key_id, NULL, c.channel FROM channel_bookings c
          WHERE l.topic = 'bookings' AND c.uuid = l.ids[1]
         UNION ALL
         SELECT COALESCE(i.acknowledged_by_id, 'channel:' || c.key_id), i.acknowledged_by_name, c.channel
           FROM channel_inbox i LEFT JOIN channel_bookings c ON c.uuid = i.booking_uuid
          WHERE l.topic = 'inbox' AND i.id = l.ids[1]
            AND (CASE WHEN l.op = 'update' THEN i.acknowledged_by_id ELSE c.key_id END) IS NOT NULL
         LIMIT 1) b
      WHERE l.id = ANY($1::bigint[])`,
    [ids],
  );
}
