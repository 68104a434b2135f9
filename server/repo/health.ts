import type { Db } from '../db/client';

/** Resolves when the database answers a query. */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.query('SELECT 1');
}
