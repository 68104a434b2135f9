import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db } from './client';
import { savepoint } from './savepoint';

interface Reply {
  id: number;
  rows?: unknown[];
  tx?: number;
  error?: { message: string } & Record<string, unknown>;
}

/** What the thread is asked to do; `tx` names the open transaction a command belongs to. */
type Message = (
  | { op: 'query'; sql: string; params?: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'begin' | 'close' | 'commit' | 'rollback' }
) & { tx?: number };

/**
 * The embedded database (PGlite, Postgres in WebAssembly) under `${dataDir}/pglite`, or in memory,
 * run on a thread of its own (pglite-thread.js) so that its queries and the server's HTTP work run
 * on both cores side by side. Errors come back with their fields (code, severity...) as PGlite's.
 */
export async function openPglite(dataDir: string | null): Promise<Db> {
  let dir: string | null = null;
  if (dataDir !== null) {
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const worker = new Worker(new URL('./pglite-thread.js', import.meta.url), {
    workerData: {
      dir,
      // PGlite runs with fsync off (its -F), so a crash of the machine is not survived whatever the
      // WAL holds; full-page images guard only against that (torn pages) and were most of the WAL of
      // a bulk status move (the first write of each page after a checkpoint). A crash of this
      // process loses no write either way: the operating system still holds every page written.
      // 128 MB of shared buffers (the default) do not hold a month of 100,000 orders with their
      // indexes (about 185 MB): pages that fell out were read back through the file system while
      // paging, at 12% fewer pages served a second.
      startParams: ['-c', 'full_page_writes=off', '-c', 'shared_buffers=256MB'],
    },
  });
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let failure: Error | null = null;
  let started!: () => void;
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    worker.once('error', reject);
  });
  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('message', (reply: Reply & { ready?: true }) => {
    if (reply.ready) return started();
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    // the thread keeps the process alive only while a query is under way
    if (pending.size === 0) worker.unref();
    if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
    else waiting.resolve(reply);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The embedded database stopped (exit code ${code})`)));
  await ready;
  worker.unref();

  const call = (message: Message) =>
    new Promise<Reply>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });

  const inTx = (tx: number): Db => {
    let nested = 0;
    const self: Db = {
      query: async <T>(sql: string, params?: unknown[]) => (await call({ op: 'query', sql, params, tx })).rows as T[],
      tx: (fn) => savepoint(self, `sp_${++nested}`, fn),
      close: () => Promise.reject(new Error('close() inside a transaction')),
      exec: async (sql: string) => void (await call({ op: 'exec', sql, tx })),
    };
    return self;
  };

  let closed = false;
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await call({ op: 'query', sql, params })).rows as T[],
    async tx(fn) {
      const { tx } = await call({ op: 'begin' });
      let result;
      try {
        result = await fn(inTx(tx!));
      } catch (err) {
        await call({ op: 'rollback', tx: tx! }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'commit', tx: tx! });
      return result;
    },
    exec: async (sql: string) => void (await call({ op: 'exec', sql })),
    async close() {
      if (closed) return;
      closed = true;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
