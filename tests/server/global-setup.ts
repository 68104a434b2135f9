import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

// The server suite's embedded databases start from one migrated schema, made here once (the
// server's own migrations on a data folder, then PGlite's tarball of it), instead of each running
// initdb and the migrations: about 5 s a database on two cores. Against PostgreSQL
// (DATABASE_URL) each test database is a schema of its own, and nothing is made here.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball of a migrated embedded database (tests/server/helpers.ts), or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tourdesk-template-'));
  const db = await openDb({ dataDir: dir });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  const lite = await PGlite.create(join(dir, 'pglite'), { extensions: { pg_trgm } });
  const file = join(dir, 'template.tar');
  try {
    writeFileSync(file, Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await lite.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
