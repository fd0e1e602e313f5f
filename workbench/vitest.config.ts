import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import linguiMacroPlugin from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';

// the same macro transform as the app build, so shell modules that use lingui can be tested
const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export default defineProject({
  // lingui() compiles the .po catalogs, so shell code that loads them (the area host) runs in tests
  plugins: [react(), lingui({ configPath }), babel({ plugins: [[linguiMacroPlugin, { linguiConfig: getConfig({ configPath }) }]] })],
  test: {
    name: 'workbench',
    environment: 'happy-dom',
    // the SDK's and the plugins' own tests run here too, with the same transform and DOM
    include: ['src/**/*.test.{ts,tsx}', '../sdk/src/**/*.test.{ts,tsx}', '../plugins/*/web/**/*.test.{ts,tsx}'],
    setupFiles: [fileURLToPath(new URL('./src/test-setup.ts', import.meta.url))],
    testTimeout: 30_000,
    // one module graph per worker, as in the node projects: React, lingui and the SDK load once per worker instead of
    // once per file (35 s → 17 s alone); test-setup.ts empties storage and unmounts between tests
    isolate: false,
  },
});
