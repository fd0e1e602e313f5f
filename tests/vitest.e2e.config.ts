import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * Browser end-to-end tests: playwright-core driving Debian's chromium
 * against the real server (`fmea serve`) on a fresh database. One server for
 * the run; files run in parallel like the other projects' (every test makes its
 * own users and projects with unique names; a file that changes a global setting keeps the change to what no
 * other file reads and puts it back in afterAll, or runs its own server: sso, default-language).
 * Run alone: `npx vitest run --config tests/vitest.e2e.config.ts`.
 */
export default defineProject({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    // one module graph per worker, as in the node projects: playwright-core and the support modules load once
    // per worker instead of once per file (≈ 1 s each), and the worker's browser serves its files one after
    // another (support/suite.ts); every test still opens its own tabs with fresh profiles
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // expect.poll waits for a state, it does not measure speed: vitest's 1 s default fails on a busy machine
    expect: { poll: { timeout: 30_000, interval: 100 } },
  },
});
