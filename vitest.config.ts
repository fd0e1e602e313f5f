import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import Sequencer from './tests/sequencer.ts';

/**
 * Timeouts bound tests that should pass, they do not measure speed: a busy machine runs a
 * 1 s test for 6 s, so the node tests get 60 s rather than vitest's 5 s (10 s for hooks).
 * One project runs the node tests of core, api, cli, fixtures and the cross-package tests (contracts, catalogs)
 * (`npx vitest run api/src/routes/fmea` runs a part):
 * each project has its own Vite server and each worker its own module graph, so five projects transformed and
 * loaded core five times over (≈ 35 s more CPU for the suite). Its workers keep one module graph (isolate: false):
 * loading core once instead of once per file took core's tests from 155 s to 45 s of CPU.
 * The setup file hashes test users' passwords at argon2's least cost (core/src/testing/cheap-hashing.ts).
 */
const cheapHashing = fileURLToPath(new URL('./core/src/testing/cheap-hashing.ts', import.meta.url));

export default defineConfig({
  test: {
    // CI reads the JSON report for its closing "N passed, N failed" line (.ci/run)
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    // Much of a test's time is spent waiting on the server or the browser (other processes),
    // so two workers overlap that waiting with work.
    maxWorkers: 2,
    // the order files start in: the type check first, the node tests last, long files first (tests/sequencer.ts)
    sequence: { sequencer: Sequencer },
    projects: [
      // its own project, so the sequencer can start it beside the browser tests (two tsc processes, no module graph)
      { test: { name: 'typecheck', include: ['tests/typecheck/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'node',
          include: ['{core,api,cli,fixtures}/src/**/*.test.ts', 'tests/**/*.test.ts'],
          // the browser tests are the e2e project (tests/vitest.e2e.config.ts), the type check its own
          exclude: ['tests/e2e/**', 'tests/typecheck/**', '**/node_modules/**'],
          isolate: false,
          setupFiles: [cheapHashing],
          // a folder the workers share: the demo dataset is loaded once per run, not once per worker (fixtures/src/testing.ts)
          globalSetup: ['tests/node-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // the service tests a second time, on PostgreSQL (issue 22): the engine is fixed per process
        // (core/src/db/dialect.ts), so they are a project of their own, with one cluster for the run
        test: {
          name: 'postgres',
          // and the demo's loading (fixtures/src/demo.test.ts): every table the demo fills, written through the services.
          // Of api's tests, those where the database shows through HTTP: several servers on one database, concurrent
          // writers, and the two routes that query it themselves (transfer.ts); the other routes call the services
          // tested here, so their tests ran the same SQL a second time (a third of the run's time on PostgreSQL;
          // docs/decisions/test-databases.md, "Issue 26")
          include: [
            'core/src/services/**/*.test.ts',
            'core/src/db/backup.test.ts',
            'fixtures/src/demo.test.ts',
            'api/src/cluster.test.ts',
            'api/src/read-replica.test.ts',
            'api/src/routes/fmea/concurrency.test.ts',
            'api/src/routes/fmea/transfer.test.ts',
            'api/src/routes/control-plan/transfer.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          isolate: false,
          setupFiles: [cheapHashing],
          globalSetup: ['tests/postgres-setup.ts'],
          env: { FMEA_DIALECT: 'postgres' },
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'workbench/vitest.config.ts',
      'tests/vitest.e2e.config.ts',
    ],
  },
});
