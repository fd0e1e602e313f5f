import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Timeouts bound tests that should pass, they do not measure speed: a busy machine runs a
 * 1 s test for 6 s, so the node projects get 60 s rather than vitest's 5 s (10 s for hooks).
 * Node projects share one module graph per worker (isolate: false): loading core once
 * instead of once per file took the core project from 155 s to 45 s of CPU.
 * Their setup file hashes test users' passwords at argon2's least cost (core/src/testing/cheap-hashing.ts).
 */
const cheapHashing = fileURLToPath(new URL('./core/src/testing/cheap-hashing.ts', import.meta.url));
const node = (name: string) => ({
  test: { name, isolate: false, include: [`${name}/src/**/*.test.ts`], setupFiles: [cheapHashing], environment: 'node' as const, testTimeout: 60_000, hookTimeout: 60_000 },
});

export default defineConfig({
  test: {
    // CI reads the JSON report for its closing "N passed, N failed" line (.ci/run)
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
    // vitest's default is one worker per core minus one: a single worker on a 2-core machine.
    // Much of a test's time is spent waiting on the server or the browser (other processes),
    // so two workers overlap that waiting with work.
    maxWorkers: 2,
    projects: [node('core'), node('cli'), node('api'), node('fixtures'), 'workbench/vitest.config.ts', 'tests/vitest.config.ts', 'tests/vitest.e2e.config.ts'],
  },
});
