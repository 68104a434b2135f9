import { fileURLToPath } from 'node:url';
import { ConfigError } from './config';
import { start } from './start';

/** `npm start`: Tourdesk from process.env (server/start.ts); a bad or unsafe configuration exits 2 with one line. */
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

async function main() {
  let started;
  try {
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await started.close();
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
