import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI reads the JSON report for its closing "N passed, N failed" line (.ci/run)
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'cli', include: ['cli/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'api', include: ['api/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'fixtures', include: ['fixtures/src/**/*.test.ts'], environment: 'node' } },
      'workbench/vitest.config.ts',
      'tests/vitest.config.ts',
      'tests/vitest.e2e.config.ts',
    ],
  },
});
