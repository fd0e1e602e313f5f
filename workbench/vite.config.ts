import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import linguiMacroPlugin from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';

// resolved from this file, not the cwd: tests and builds run from the repo root too
const configPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    lingui({ configPath }),
    babel({ plugins: [[linguiMacroPlugin, { linguiConfig: getConfig({ configPath }) }]] }),
  ],
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 600 },
});
