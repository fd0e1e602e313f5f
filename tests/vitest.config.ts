import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Cross-package tests that need no browser (the e2e project lives in vitest.e2e.config.ts). */
export default defineProject({
  test: {
    name: 'tests',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'artifacts/**'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
