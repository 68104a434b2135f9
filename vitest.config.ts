import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three suites: fast unit tests (domain, machines, api contract, ui in jsdom), the server against
// a real database (npm test runs it on the embedded one, then on a scratch PostgreSQL server) and
// end to end in Chromium against the app started as the README starts it.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{domain,machines,api,ui}/**/*.test.{ts,tsx}'],
          environment: 'node',
          // jsdom UI tests load lazy routes on first use
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          globalSetup: ['tests/server/global-setup.ts'],
          include: ['tests/server/**/*.test.ts'],
          // *.pg.test.ts: what only PostgreSQL has (a pool, several processes on one database);
          // *.pglite.test.ts: the embedded database's own (its folder, lock, backup): each on its own
          exclude: [...configDefaults.exclude, process.env.DATABASE_URL ? '**/*.pglite.test.ts' : '**/*.pg.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          globalSetup: ['tests/e2e/global-setup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
