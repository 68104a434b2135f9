import { fileURLToPath } from 'node:url';
import { ConfigError } from './config';
import { start } from './start';

/** `npm start`: Tourdesk from process.env (server/start.ts); a bad or unsafe configuration exits 2 with one line. */
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Milliseconds from the environment: SHUTDOWN_TIMEOUT_MS, how long a shutdown may take before the
 *  process exits anyway (default 25 s, under the 30 s an orchestrator usually waits before it kills);
 *  SHUTDOWN_DRAIN_MS, how long readiness answers 503 before the port closes (default 0; a few
 *  seconds behind a load balancer that polls readiness). */
function milliseconds(name: string, fallback: number): number {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a whole number of milliseconds, got "${value}"`);
  return Number(value);
}

async function main() {
  let started;
  let timeoutMs: number;
  let drainMs: number;
  try {
    timeoutMs = milliseconds('SHUTDOWN_TIMEOUT_MS', 25_000);
    drainMs = milliseconds('SHUTDOWN_DRAIN_MS', 0);
    started = await start(process.env, {
      staticDir: process.env.STATIC_DIR ?? DIST,
      logLevel: process.env.LOG_LEVEL,
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }

  // SIGTERM (an orchestrator) or SIGINT (Ctrl-C): stop taking work, finish what is under way and
  // exit 0; past SHUTDOWN_TIMEOUT_MS, exit 1 whatever is left (an e-mail not recorded by then is
  // sent again after its lease, see server/email/worker.ts)
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down (finishing requests and e-mails under way)...`);
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than ${timeoutMs} ms: exiting anyway`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await started.close({ drainMs });
      console.log('Stopped.');
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: Error) => {
  console.error('Tourdesk failed to start:', err);
  process.exit(1);
});
