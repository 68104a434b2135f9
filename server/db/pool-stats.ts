import type pg from 'pg';

/** How PostgreSQL's pool is doing, for /metrics: connections now and the waits for one so far. */
export interface PoolStats {
  /** Connections open, and of those idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection now. */
  waiting: number;
  /** Connections handed out so far, and the seconds their callers waited in all. */
  acquired: number;
  waitSeconds: number;
  /** Waits that ran out (DB_POOL_WAIT_TIMEOUT_MS) or failed to connect. */
  failed: number;
}

type Done = (release?: unknown) => void;
type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;

/**
 * Times every wait for a connection: `pool.query` takes its connection through `pool.connect`
 * too, so wrapping that one method sees them all.
 */
export function watchPool(pool: pg.Pool): () => PoolStats {
  let acquired = 0;
  let waitSeconds = 0;
  let failed = 0;
  const connect = pool.connect.bind(pool) as (cb: Callback) => void;
  const timed = (cb: Callback) => {
    const began = performance.now();
    connect((err, client, done) => {
      if (err) failed++;
      else {
        acquired++;
        waitSeconds += (performance.now() - began) / 1000;
      }
      cb(err, client, done);
    });
  };
  pool.connect = ((cb?: Callback) => {
    if (cb) return timed(cb);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      timed((err, client) => (err ? reject(err) : resolve(client!))),
    );
  }) as typeof pool.connect;
  return () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    acquired,
    waitSeconds,
    failed,
  });
}
