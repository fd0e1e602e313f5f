import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['core/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'cli', include: ['cli/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'api', include: ['api/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'fixtures', include: ['fixtures/src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
