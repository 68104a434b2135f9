import pg from 'pg';

const MAX_BACKOFF_MS = 10_000;

/**
 * LISTEN on PostgreSQL with a connection of its own (a pooled one would be handed to other
 * queries): after an error or a lost connection it connects again with a growing backoff (0.25 s,
 * doubling, at most 10 s) and calls `onGap`, since notifications sent meanwhile are lost.
 * Resolves once the first LISTEN is in place; the returned function stops and disconnects.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void = () => undefined,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let backoff = 250;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    backoff = 250;
  };

  const reconnect = (c: pg.Client) => {
    if (stopped || client !== c || retry) return;
    client = null;
    c.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      connect().then(onGap, (err: Error) => {
        console.error(`LISTEN ${channel}: ${err.message}; trying again`);
        if (client) reconnect(client);
      });
    }, backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  try {
    await connect();
  } catch (err) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
