import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * What answers on the server's port while it starts (migrations, demo data, keys): an orchestrator
 * sees the process live and not ready, with the reason (e.g. which migrations are not applied yet),
 * and any other request gets 503 with Retry-After instead of a refused connection. The app takes
 * the port over once it is built (server/start.ts).
 */
export interface StartingServer {
  /** The port listened on (PORT=0 picks a free one; the app then listens on the same). */
  port: number;
  /** What readiness says now, e.g. "Migrations not applied yet: 014_shared_secrets.sql". */
  setReason(reason: string): void;
  /** Stops listening and ends its connections. */
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...(status === 503 ? { 'Retry-After': '1' } : {}),
  });
  res.end(JSON.stringify(body));
}

export async function listenWhileStarting(host: string, port: number): Promise<StartingServer> {
  let reason = 'Starting';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/api/health/live') return answer(res, 200, { status: 'ok' });
    if (path === '/api/health/ready') return answer(res, 503, { error: 'UNAVAILABLE', message: reason });
    answer(res, 503, { error: 'UNAVAILABLE', message: `The server is starting (${reason}): try again in a moment` });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    setReason(next) {
      reason = next;
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
