import type { Db } from '../db/client';

/** A shared secret by name, or null when no instance has created it yet. */
export async function readSecret<T>(db: Db, name: string): Promise<T | null> {
  const [row] = await db.query<{ value: T }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return row ? row.value : null;
}

/** Keeps `value` unless another instance stored one first, and answers the one kept. */
export async function keepFirstSecret<T>(db: Db, name: string, value: T): Promise<T> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING', [
    name,
    JSON.stringify(value),
  ]);
  const kept = await readSecret<T>(db, name);
  if (kept === null) throw new Error(`The shared secret ${name} could not be stored`);
  return kept;
}
