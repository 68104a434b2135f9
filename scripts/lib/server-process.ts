import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** What the e2e setup and the benchmarks share to start a server process on a free port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers its health check; fails when `child` exits or time runs out. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, name: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not answer on ${url} within ${timeoutMs} ms`);
}
