import pg from 'pg';

/**
 * DATABASE_URL for the `*.pg.test.ts` files: what only PostgreSQL has (a pool, several sessions,
 * several processes on one database). The server suite includes them when it runs on PostgreSQL
 * and the `*.pglite.test.ts` files (the embedded database's own: its folder, its lock, its backup,
 * a server process on it) when it does not (`npm test` runs it on both; see vitest.config.ts).
 */
export function postgresUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('PostgreSQL only: run with DATABASE_URL set (bash scripts/with-postgres.sh <command>)');
  return url;
}

/** Drops a test's schema (and all in it) from the PostgreSQL server at `url`. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
