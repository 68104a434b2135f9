import type { Ota } from '../../shared/otas';
import type { Db } from '../db/client';
import type { NewOrder } from './orders';

/**
 * The statements of the batch import (server/records/order-import.ts): a team's orders by OTA
 * order id, display ids in use, and an insert that leaves an OTA order another import created
 * meanwhile to the unique index orders_team_ota_order.
 */

/** A team's code (display ids are prefixed with it), or undefined. */
export async function teamOfImport(db: Db, teamId: string): Promise<{ code: string } | undefined> {
  const [row] = await db.query<{ code: string }>('SELECT code FROM teams WHERE id = $1', [teamId]);
  return row;
}

/**
 * The ids of a team's orders of an OTA by their upper-cased OTA order id; `lock` locks them for
 * the rest of the transaction (the import changes them).
 */
export async function ordersByOtaIds(
  db: Db,
  teamId: string,
  ota: Ota,
  upperIds: string[],
  lock: boolean,
): Promise<Map<string, string>> {
  if (upperIds.length === 0) return new Map();
  const rows = await db.query<{ id: string; key: string }>(
    `SELECT id, upper(ota_order_id) AS key FROM orders
      WHERE team_id = $1 AND ota = $2 AND upper(ota_order_id) = ANY($3::text[])
      ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [teamId, ota, upperIds],
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Takes the team's turn for new orders (imports of one team one at a time), until the transaction ends. */
export async function lockTeamForNewOrders(db: Db, teamId: string): Promise<void> {
  await db.query('SELECT id FROM teams WHERE id = $1 FOR NO KEY UPDATE', [teamId]);
}

/** Of these display ids, those a team's order has already. */
export async function takenDisplayIds(db: Db, teamId: string, displayIds: string[]): Promise<Set<string>> {
  if (displayIds.length === 0) return new Set();
  const rows = await db.query<{ display_id: string }>(
    'SELECT display_id FROM orders WHERE team_id = $1 AND display_id = ANY($2::text[])',
    [teamId, displayIds],
  );
  return new Set(rows.map((r) => r.display_id));
}

/**
 * Inserts orders of one team and OTA with one statement, skipping any whose OTA order id the team
 * has already (another import committed it meanwhile): answers the ids inserted.
 */
export async function insertNewOrders(db: Db, teamId: string, ota: Ota, orders: NewOrder[]): Promise<Set<string>> {
  if (orders.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(
    `INSERT INTO orders (id, team_id, ota, display_id, ota_order_id, departure_at, booked_at, language, product_id,
       customer_name, customer_email, customer_phone, pickup, notes, quantity_total, quantity_adult, quantity_child,
       prices, status)
     SELECT v.id, $1, $2, v.display_id, v.ota_order_id, v.departure_at, v.booked_at, v.language, v.product_id,
       v.customer_name, v.customer_email, v.customer_phone, v.pickup, v.notes, v.quantity_total, v.quantity_adult,
       v.quantity_child, v.prices, v.status
       FROM jsonb_to_recordset($3::jsonb) AS v(id text, display_id text, ota_order_id text, departure_at timestamptz,
         booked_at timestamptz, language text, product_id text, customer_name text, customer_email text,
         customer_phone text, pickup text, notes text, quantity_total int, quantity_adult int, quantity_child int,
         prices jsonb, status text)
     ON CONFLICT (team_id, ota, upper(ota_order_id)) DO NOTHING
     RETURNING id`,
    [teamId, ota, JSON.stringify(orders)],
  );
  return new Set(rows.map((r) => r.id));
}
