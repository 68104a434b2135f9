// The embedded database on a thread of its own (started by client.ts): PGlite runs Postgres in
// WebAssembly on the thread that calls it, so on the server's thread every query held up the HTTP
// work of all other requests. Here it runs beside them and the server uses both cores.
// Plain JavaScript: a worker thread does not get the TypeScript loader of tests.
// Messages in: { id, op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close', tx?, sql?, params? },
// { id, op: 'listen' | 'unlisten', channel }.
// Messages out: { id, rows } | { id, raw } (a named statement's answer) | { id, tx } | { id } |
// { id, error: { message, ...fields } },
// and { notify: channel, payload } for each notification of a channel listened on.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Blob } from 'node:buffer';
import { fsyncSync } from 'node:fs';
import { setImmediate } from 'node:timers';
import { keepFileSizes } from './pglite-file-sizes.js';
import { preparedStatements } from './pglite-prepared.js';

const lite = await PGlite.create(workerData.dir ?? undefined, {
  // without PGlite's -F (fsync off): see pglite.ts
  startParams: [...PGlite.defaultStartParams.filter((p) => p !== '-F'), ...workerData.startParams],
  // the order search's trigram index (migration 009)
  extensions: { pg_trgm },
  // in memory, from another database's folder (client.ts, `template`)
  loadDataDir: workerData.template ? new Blob([workerData.template]) : undefined,
});
// Emscripten's file system on Node has no fsync (Postgres' fsync() returned without reaching the
// disk) and its fdatasync does nothing: fsync reaches the disk through this, and the WAL is flushed
// with fsync (wal_sync_method=fsync, from pglite.ts).
if (workerData.dir) {
  const { FS, NODEFS } = lite.Module;
  NODEFS.stream_ops.fsync = (stream) => {
    if (stream.nfd === undefined) return 0;
    try {
      fsyncSync(stream.nfd);
      return 0;
    } catch {
      throw new FS.ErrnoError(29); // EIO in Emscripten's numbering: Postgres reports it
    }
  };
}

// a file's size kept here, not asked of the disk at each lseek to its end
if (workerData.dir) keepFileSizes(lite.Module);
const prepared = preparedStatements(lite);

/** Open transactions: their handle and the commands waiting for it. */
const txs = new Map();
let nextTx = 0;

// a named statement's answer as Postgres wrote it (raw) is handed over, not copied
const reply = (message) => parentPort.postMessage(message, message.raw ? [message.raw.buffer] : []);

/**
 * Group commit. On disk, commits do not wait for the disk one by one (synchronous_commit=off, from
 * pglite.ts): the answer of every command that may have committed (a COMMIT, a command outside a
 * transaction) is held until one flush of the WAL covers it, so it is durable when the server hears
 * of it, and the commands that arrived together share that flush (one fsync of a few milliseconds
 * instead of one per commit). The flush is a WAL message written with flush = true: it flushes
 * the WAL written before it. A SELECT outside a transaction is answered at once when it
 * wrote nothing (answerRead). In memory there is no disk: answers go at once.
 */
let held = [];
let flushing = false;
/** The end of the WAL when it was last flushed: nothing to flush while it has not moved. */
let flushedAt = null;

function durable(message) {
  if (!workerData.dir) return reply(message);
  held.push(message);
  if (flushing) return;
  flushing = true;
  // let the commands already on their way queue up first, so they share this flush
  setImmediate(() => void flush());
}

const walEnd = async () =>
  (await prepared.rows('tourdesk_wal_end', 'SELECT pg_current_wal_insert_lsn()::text AS lsn', []))[0].lsn;

async function flush() {
  while (held.length) {
    const batch = held;
    held = [];
    let failed = null;
    try {
      if ((await walEnd()) !== flushedAt) {
        // a WAL record with flush = true: flushes the WAL to its end (a synchronously committed
        // transaction that writes no WAL of its own, its id only, flushed nothing)
        const [{ lsn }] = await prepared.rows(
          'tourdesk_flush',
          "SELECT pg_logical_emit_message(false, 'tourdesk-flush', '', true) AS at, pg_current_wal_insert_lsn()::text AS lsn",
          [],
        );
        flushedAt = lsn;
      }
    } catch (err) {
      failed = plain(err);
    }
    for (const message of batch) reply(failed && !message.error ? { id: message.id, error: failed } : message);
  }
  flushing = false;
}

/**
 * A SELECT outside a transaction may still write (`SELECT ... FROM channel_confirm(...)`): answered at
 * once only when the WAL holds nothing that is not flushed yet, else after the flush like a write (a
 * read of someone's write not yet durable waits for it too).
 */
async function answerRead(message) {
  if (!workerData.dir) return reply(message);
  let end;
  try {
    end = await walEnd();
  } catch (err) {
    return reply({ id: message.id, error: plain(err) });
  }
  if (end === flushedAt && !flushing) return reply(message);
  durable(message);
}

/** An error as plain data: its message and the fields the server maps to answers (code, severity...). */
function plain(err) {
  const fields = {};
  for (const [key, value] of Object.entries(err ?? {})) {
    if (value === undefined || typeof value === 'function' || key === 'query' || key === 'params') continue;
    fields[key] = value;
  }
  return { ...fields, message: err instanceof Error ? err.message : String(err) };
}

async function run(target, message, inTx) {
  if (message.op === 'exec') {
    await target.exec(message.sql);
    return { id: message.id };
  }
  if (prepared.preparable(message.name, message.sql))
    return { id: message.id, raw: await prepared.run(message.name, message.sql, message.params ?? [], inTx) };
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
          reply(await run(handle, message, true));
        } catch (err) {
          reply({ id: message.id, error: plain(err) });
        }
      }
    })
    .then(
      () => durable({ id: state.ending }),
      // BEGIN failed (begin waits), or COMMIT / ROLLBACK did (they wait)
      (err) => reply({ id: state.ending ?? id, error: plain(err) }),
    )
    .finally(() => txs.delete(tx));
}

/** LISTEN / UNLISTEN through PGlite, which reports the notifications of its one connection. */
const unlisteners = new Map();
function listen(message) {
  const { id, channel } = message;
  let done;
  if (message.op === 'unlisten') {
    done = Promise.resolve(unlisteners.get(channel)?.()).then(() => void unlisteners.delete(channel));
  } else if (unlisteners.has(channel)) done = Promise.resolve();
  else {
    const onNotify = (payload) => reply({ notify: channel, payload });
    done = lite.listen(channel, onNotify).then((stop) => void unlisteners.set(channel, stop));
  }
  done.then(
    () => reply({ id }),
    (err) => reply({ id, error: plain(err) }),
  );
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
  if (message.op === 'listen' || message.op === 'unlisten') return listen(message);
  if (message.op === 'close') {
    lite.close().then(
      () => reply({ id: message.id }),
      (err) => reply({ id: message.id, error: plain(err) }),
    );
    return;
  }
  const select = message.op === 'query' && /^\s*select\b/i.test(message.sql);
  run(lite, message).then(select ? answerRead : durable, (err) => reply({ id: message.id, error: plain(err) }));
});

// the types whose arrays PGlite reads (as its _initArrayTypes): the server's thread reads rows too
const arrayTypes = await lite.query(
  "SELECT b.oid, b.typarray FROM pg_catalog.pg_type a JOIN pg_catalog.pg_type b ON b.oid = a.typelem WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray",
);
reply({ ready: true, arrayTypes: arrayTypes.rows.map((r) => [r.oid, r.typarray]) });
