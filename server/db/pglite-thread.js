// The embedded database on a thread of its own (started by client.ts): PGlite runs Postgres in
// WebAssembly on the thread that calls it, so on the server's thread every query held up the HTTP
// work of all other requests. Here it runs beside them and the server uses both cores.
// Plain JavaScript: a worker thread does not get the TypeScript loader of tests.
// Messages in: { id, op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close', tx?, sql?, params? }.
// Messages out: { id, rows } | { id, tx } | { id } | { id, error: { message, ...fields } }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const lite = await PGlite.create(workerData.dir ?? undefined, {
  startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
  // the order search's trigram index (migration 009)
  extensions: { pg_trgm },
});

/** Open transactions: their handle and the commands waiting for it. */
const txs = new Map();
let nextTx = 0;

const reply = (message) => parentPort.postMessage(message);

/** An error as plain data: its message and the fields the server maps to answers (code, severity...). */
function plain(err) {
  const fields = {};
  for (const [key, value] of Object.entries(err ?? {})) {
    if (value === undefined || typeof value === 'function' || key === 'query' || key === 'params') continue;
    fields[key] = value;
  }
  return { ...fields, message: err instanceof Error ? err.message : String(err) };
}

async function run(target, message) {
  if (message.op === 'exec') {
    await target.exec(message.sql);
    return { id: message.id };
  }
  const result = await target.query(message.sql, message.params);
  return { id: message.id, rows: result.rows };
}

/** Runs one transaction: answers `begin` with its handle, then its commands until commit or rollback. */
function begin(id) {
  const tx = ++nextTx;
  const state = { queue: [], wake: null, ending: null };
  txs.set(tx, state);
  const next = () =>
    state.queue.length ? Promise.resolve(state.queue.shift()) : new Promise((resolve) => (state.wake = resolve));
  lite
    .transaction(async (handle) => {
      reply({ id, tx });
      for (;;) {
        const message = await next();
        if (message.op === 'commit' || message.op === 'rollback') {
          state.ending = message.id;
          if (message.op === 'rollback') await handle.rollback();
          return;
        }
        try {
          reply(await run(handle, message));
        } catch (err) {
          reply({ id: message.id, error: plain(err) });
        }
      }
    })
    .then(
      () => reply({ id: state.ending }),
      // BEGIN failed (begin waits), or COMMIT / ROLLBACK did (they wait)
      (err) => reply({ id: state.ending ?? id, error: plain(err) }),
    )
    .finally(() => txs.delete(tx));
}

parentPort.on('message', (message) => {
  if (message.tx !== undefined) {
    const state = txs.get(message.tx);
    if (!state) return reply({ id: message.id, error: { message: 'The transaction has ended' } });
    if (state.wake) {
      const wake = state.wake;
      state.wake = null;
      wake(message);
    } else state.queue.push(message);
    return;
  }
  if (message.op === 'begin') return begin(message.id);
  if (message.op === 'close') {
    lite.close().then(
      () => reply({ id: message.id }),
      (err) => reply({ id: message.id, error: plain(err) }),
    );
    return;
  }
  run(lite, message).then(reply, (err) => reply({ id: message.id, error: plain(err) }));
});

reply({ ready: true });
