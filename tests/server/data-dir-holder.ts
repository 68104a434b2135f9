import { openDb } from '../../server/db/client';

/** Run by data-dir-lock.pglite.test.ts as a process of its own: opens the embedded database in DATA_DIR
 *  and holds it until killed. */
await openDb({ dataDir: process.env.DATA_DIR });
console.log('holding');
setInterval(() => undefined, 1000);
