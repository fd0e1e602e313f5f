import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The browser takes the API's route map as types only (docs/architecture.md,
 * "The typed API client"): a value import of `@fmea/api` (or of core's
 * server-side barrel) would pull zod, hono or the database into the bundle
 * without any type error. Tests may import values; shipped code may not.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['workbench/src', 'sdk/src', 'plugins'];
const SERVER_ONLY = /^@fmea\/(api)(\/|$)|^@fmea\/core$|^@fmea\/core\/services/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every `import … from '…'` / `export … from '…'` of a file, with whether it is type-only. */
function importsOf(text: string): { from: string; typeOnly: boolean }[] {
  const found: { from: string; typeOnly: boolean }[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/gm)) {
    const clause = match[3] ?? '';
    // `import { type A, type B }` is type-only too
    const allTypes = /^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}]/g, '').split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '));
    found.push({ from: match[4]!, typeOnly: Boolean(match[2]) || allTypes });
  }
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ from: match[1]!, typeOnly: false });
  return found;
}

describe('browser code', () => {
  it('imports the API and core’s server side as types only', () => {
    const offenders: string[] = [];
    for (const root of ROOTS) {
      for (const file of sources(join(REPO, root))) {
        for (const { from, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
          if (SERVER_ONLY.test(from) && !typeOnly) offenders.push(`${relative(REPO, file)}: ${from}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('would notice a value import', () => {
    expect(importsOf("import { ROUTE_MODULES } from '@fmea/api/routes';")).toEqual([{ from: '@fmea/api/routes', typeOnly: false }]);
    expect(importsOf("import type { ApiRoutes } from '@fmea/api/routes';")).toEqual([{ from: '@fmea/api/routes', typeOnly: true }]);
    expect(importsOf("import { type ApiRoutes } from '@fmea/api/routes';")).toEqual([{ from: '@fmea/api/routes', typeOnly: true }]);
  });
});
