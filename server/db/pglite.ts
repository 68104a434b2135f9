import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db } from './client';
import { lockDataDir } from './data-dir-lock';
import { rowDecoder } from './pglite-rows';
import { savepoint } from './savepoint';

interface Reply {
  id: number;
  rows?: unknown[];
  /** A named statement's answer as Postgres wrote it (pglite-rows.ts reads it). */
  raw?: Uint8Array;
  tx?: number;
  error?: { message: string } & Record<string, unknown>;
}

/** What the thread is asked to do; `tx` names the open transaction a command belongs to. */
type Message = (
  | { op: 'query'; sql: string; params?: unknown[]; name?: string }
  | { op: 'exec'; sql: string }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'begin' | 'close' | 'commit' | 'rollback' }
) & { tx?: number };

/**
 * The embedded database (PGlite, Postgres in WebAssembly) under `${dataDir}/pglite`, or in memory,
 * run on a thread of its own (pglite-thread.js) so that its queries and the server's HTTP work run
 * on both cores side by side. Errors come back with their fields (code, severity...) as PGlite's.
 */
export async function openPglite(dataDir: string | null, template: Uint8Array | null = null): Promise<Db> {
  if (dataDir !== null && template !== null) throw new Error('openPglite: a template is for a database in memory');
  let dir: string | null = null;
  let unlock: (() => void) | null = null;
  if (dataDir !== null) {
    dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // a second process on the folder would destroy it: refused here (DataDirInUseError)
    unlock = lockDataDir(dataDir);
  }
  const worker = new Worker(new URL('./pglite-thread.js', import.meta.url), {
    workerData: {
      dir,
      template,
      // Durable: a commit is on the disk when its answer comes, so a crash of the machine loses nothing
      // acknowledged. fsync on (pglite-thread.js drops PGlite's -F and gives its file system an
      // fsync), the WAL flushed with fsync (fdatasync does nothing there), and full-page images
      // (the default) so a page torn by a crash mid-write is restored from the WAL.
      // 128 MB of shared buffers (the default) do not hold a month of 100,000 orders with their
      // indexes (about 185 MB): pages that fell out were read back through the file system while
      // paging, at 12% fewer pages served a second.
      // Commits share their flushes (group commit, pglite-thread.js): synchronous_commit=off, and
      // the thread holds each answer until a flush of the WAL covers it.
      startParams: [
        '-c',
        'fsync=on',
        '-c',
        'wal_sync_method=fsync',
        '-c',
        'synchronous_commit=off',
        '-c',
        'shared_buffers=256MB',
      ],
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
  // LISTEN: the thread posts each notification of a channel it listens on
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const notify = (channel: string, payload: string) => {
    for (const fn of listeners.get(channel) ?? []) fn(payload);
  };
  let rowsOf: (raw: Uint8Array) => unknown[] = () => [];
  worker.on(
    'message',
    (reply: Reply & { ready?: true; arrayTypes?: [number, number][]; notify?: string; payload?: string }) => {
      if (reply.ready) {
        rowsOf = rowDecoder(reply.arrayTypes ?? [], notify);
        return started();
      }
      if (reply.notify !== undefined) return notify(reply.notify, reply.payload ?? '');
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      // the thread keeps the process alive only while a query is under way
      if (pending.size === 0) worker.unref();
      if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
      else waiting.resolve(reply);
    },
  );
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The embedded database stopped (exit code ${code})`)));
  await ready.catch((err: unknown) => {
    unlock?.();
    throw err;
  });
  worker.unref();

  const call = (message: Message) =>
    new Promise<Reply>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });

  const rowsIn = (reply: Reply) => (reply.raw ? rowsOf(reply.raw) : (reply.rows ?? []));

  const inTx = (tx: number): Db => {
    let nested = 0;
    const self: Db = {
      query: async <T>(sql: string, params?: unknown[], name?: string) =>
        rowsIn(await call({ op: 'query', sql, params, name, tx })) as T[],
      tx: (fn) => savepoint(self, `sp_${++nested}`, fn),
      close: () => Promise.reject(new Error('close() inside a transaction')),
      exec: async (sql: string) => void (await call({ op: 'exec', sql, tx })),
    };
    return self;
  };

  let closed = false;
  return {
    query: async <T>(sql: string, params?: unknown[], name?: string) =>
      rowsIn(await call({ op: 'query', sql, params, name })) as T[],
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
    commandsInFlight: () => pending.size,
    async listen(channel, onNotify) {
      let fns = listeners.get(channel);
      if (!fns) {
        listeners.set(channel, (fns = new Set()));
        await call({ op: 'listen', channel });
      }
      fns.add(onNotify);
      return async () => {
        fns.delete(onNotify);
        if (fns.size > 0 || listeners.get(channel) !== fns) return;
        listeners.delete(channel);
        if (!closed) await call({ op: 'unlisten', channel });
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await call({ op: 'close' });
      await worker.terminate();
      unlock?.();
    },
  };
}
