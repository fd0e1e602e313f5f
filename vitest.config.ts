import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI reads the JSON report for its closing "N passed, N failed" line (.ci/run)
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
    // node projects share one module graph per worker (isolate: false): loading core once
    // instead of once per file took the core project from 155 s to 45 s of CPU
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    // Much of a test's time is spent waiting on the server or the browser (other processes),
    // so two workers overlap that waiting with work.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', isolate: false, include: ['core/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'cli', isolate: false, include: ['cli/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'api', isolate: false, include: ['api/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'fixtures', isolate: false, include: ['fixtures/src/**/*.test.ts'], environment: 'node' } },
      'workbench/vitest.config.ts',
      'tests/vitest.config.ts',
      'tests/vitest.e2e.config.ts',
    ],
  },
});
