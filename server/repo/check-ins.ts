import type { Schemas } from '../../shared/contract';
import type { Db } from '../db/client';
import type { Operator } from './events';

/** Check-ins (migration 016): every statement of PUT /api/v1/orders/{id}/check-in. */
export type CheckInState = Schemas['CheckInState'];

/** What a check-in needs of its order, read under the order's lock. */
export interface OrderToCheckIn {
  teamId: string;
  status: string;
  total: number;
  state: CheckInState;
  arrived: number;
  tourId: string | null;
}

export async function lockOrderToCheckIn(tx: Db, id: string): Promise<OrderToCheckIn | undefined> {
  const [row] = await tx.query<OrderToCheckIn>(
    `SELECT team_id AS "teamId", status, quantity_total AS total, check_in_state AS state,
            check_in_arrived AS arrived, tour_id AS "tourId"
       FROM orders WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** Records the check-in (who and when by the database's clock) and increments the version. */
export async function setCheckIn(
  tx: Db,
  id: string,
  c: { state: CheckInState; arrived: number; by: Operator },
): Promise<void> {
  await tx.query(
    `UPDATE orders SET check_in_state = $2, check_in_arrived = $3, check_in_at = clock_timestamp(),
            check_in_by_id = $4, check_in_by_name = $5, version = version + 1, updated_at = now()
      WHERE id = $1`,
    [id, c.state, c.arrived, c.by.userId, c.by.name],
  );
}

/**
 * A tour's check-in figures are read from its orders: writing the tour's row (no version, no
 * field) publishes it as a live change, so the tour lists patch their "12 of 15 checked in".
 */
export async function touchTour(tx: Db, tourId: string): Promise<void> {
  await tx.query('UPDATE tours SET updated_at = now() WHERE id = $1', [tourId]);
}

/** Takes a team's idempotency key for a check-in; false when it was taken before (this waits for
 *  a concurrent holder of the key to finish, as PostgreSQL's unique check does). */
export async function takeCheckInKey(
  tx: Db,
  k: { teamId: string; key: string; orderId: string; userId: string; hash: string },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO check_in_requests (team_id, idempotency_key, order_id, user_id, request_hash)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (team_id, idempotency_key) DO NOTHING RETURNING 1`,
    [k.teamId, k.key, k.orderId, k.userId, k.hash],
  );
  return rows.length > 0;
}

export async function usedCheckInKey<T>(
  tx: Db,
  teamId: string,
  key: string,
): Promise<{ userId: string; hash: string; response: T }> {
  const [row] = await tx.query<{ user_id: string; request_hash: string; response: T }>(
    'SELECT user_id, request_hash, response FROM check_in_requests WHERE team_id = $1 AND idempotency_key = $2',
    [teamId, key],
  );
  return { userId: row.user_id, hash: row.request_hash, response: row.response };
}

export async function storeCheckInAnswer(tx: Db, teamId: string, key: string, response: unknown): Promise<void> {
  await tx.query('UPDATE check_in_requests SET response = $3 WHERE team_id = $1 AND idempotency_key = $2', [
    teamId,
    key,
    JSON.stringify(response),
  ]);
}

/** Forgets the check-in keys taken before `before` (housekeeping.ts). */
export async function purgeCheckInKeys(db: Db, before: Date): Promise<void> {
  await db.query('DELETE FROM check_in_requests WHERE created_at < $1', [before.toISOString()]);
}
