import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHealth } from '../lib/server-process';
import { collectGarbage, inspectorAddress } from './collect-garbage';

/**
 * Starts the server in its own process on a free port with the given DATA_DIR (embedded database),
 * as `npm start` does: when the browser needs the app, `vite build` first, into a folder of its own
 * (so a dist/ that another process serves is never rebuilt under it), served through STATIC_DIR;
 * for the API benchmarks the API alone (no app).
 */
export interface RunningServer {
  url: string;
  /** The process group of the server (for its CPU time), or null. */
  group: number | null;
  /** A full collection in the server (started with `inspect`), for memory figures. */
  collectGarbage(): Promise<void>;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export async function startServer(opts: {
  dataDir: string;
  databaseUrl: string | null;
  app: boolean;
  /** Open the server's inspector on loopback, so collectGarbage() can reach it. */
  inspect?: boolean;
  /** The folder to serve, given the one the app was built into (default: that one). */
  staticDir?: (builtDir: string) => string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const appDir = mkdtempSync(join(tmpdir(), 'tourdesk-bench-app-'));
  if (opts.app) {
    const started = Date.now();
    await run('npx', ['vite', 'build', '--outDir', appDir, '--emptyOutDir', '--logLevel', 'warn']);
    console.log(`Built the app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // with the inspector, node itself (not npx, whose own node would take the flag too)
  const [cmd, args] = opts.inspect
    ? [process.execPath, ['--import', 'tsx', '--inspect=127.0.0.1:0', 'server/main.ts']]
    : ['npx', ['tsx', 'server/main.ts']];
  const child = spawn(cmd, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      STATIC_DIR: opts.staticDir?.(appDir) ?? appDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log: string[] = [];
  child.stdout?.on('data', (d) => log.push(String(d)));
  child.stderr?.on('data', (d) => log.push(String(d)));
  const started = Date.now();
  try {
    await waitForHealth(url, child, 300_000, 'the server');
  } catch (err) {
    console.error(log.join(''));
    throw err;
  }
  console.log(
    `Server (${opts.app ? 'app and API' : 'API only'}) ready on ${url} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const inspector = opts.inspect ? inspectorAddress(log.join('')) : null;
  return {
    url,
    group: child.pid ?? null,
    collectGarbage: () =>
      inspector ? collectGarbage(inspector) : Promise.reject(new Error('Started without its inspector')),
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      rmSync(appDir, { recursive: true, force: true });
    },
  };
}
