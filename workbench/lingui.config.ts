import { readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';

/** The repository root, so plugin catalogs resolve without '..' segments. */
const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
/** Every plugin folder with web code owns a catalog. */
const plugins = readdirSync(`${root}/plugins`).filter((name) => existsSync(`${root}/plugins/${name}/web`));

/**
 * Source strings are written in English in the code; zh-CN is the default
 * language at run time. The SDK (@fmea/sdk: its components' strings), the
 * shell and each plugin own their catalogs.
 */
export default defineConfig({
  rootDir: root,
  sourceLocale: 'en-US',
  locales: ['zh-CN', 'en-US'],
  fallbackLocales: { default: 'en-US' },
  catalogs: [
    { path: '<rootDir>/sdk/src/locales/{locale}', include: ['<rootDir>/sdk/src'] },
    { path: '<rootDir>/workbench/src/locales/{locale}', include: ['<rootDir>/workbench/src'] },
    ...plugins.map((name) => ({ path: `<rootDir>/plugins/${name}/locales/{locale}`, include: [`<rootDir>/plugins/${name}/web`] })),
  ],
  format: 'po',
  orderBy: 'messageId',
});
