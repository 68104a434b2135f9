import type { Db } from './client';

/** A tx() inside a transaction: a savepoint gives it the same all-or-nothing behaviour inside the outer one. */
export async function savepoint<T>(db: Db, name: string, fn: (db: Db) => Promise<T>): Promise<T> {
  await db.query(`SAVEPOINT ${name}`);
  try {
    const result = await fn(db);
    await db.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (err) {
    await db.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw err;
  }
}
