import type { Db } from '../db/client';

/**
 * The order rollup (migration 008): figures per team, local day, date basis, OTA, status and
 * linked-or-not, kept by triggers on orders. A bulk insert of orders (the seed) pauses the insert
 * trigger and rebuilds each team it loaded once at the end: one aggregate over the team's orders
 * instead of one per batch. Both inside one transaction (the trigger is off only until it commits
 * or resumes; other sessions wait for the table meanwhile, as for the seed's dropped indexes).
 */
export async function pauseRollup(tx: Db): Promise<void> {
  await tx.query('ALTER TABLE orders DISABLE TRIGGER orders_rollup_insert');
}

export async function resumeRollup(tx: Db, teamIds: string[]): Promise<void> {
  await tx.query('ALTER TABLE orders ENABLE TRIGGER orders_rollup_insert');
  for (const id of new Set(teamIds)) await tx.query('SELECT order_rollup_rebuild($1)', [id]);
}
