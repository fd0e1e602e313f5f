import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, REPO, sourcesUnder } from './source-imports.ts';

/**
 * The browser takes the API's route map as types only (docs/architecture.md,
 * "The typed API client"): a value import of `@fmea/api` (or of core's
 * server-side barrel) would pull zod, hono or the database into the bundle
 * without any type error. Tests may import values; shipped code may not.
 */
const ROOTS = ['workbench/src', 'sdk/src', 'plugins'];
const SERVER_ONLY = /^@fmea\/(api)(\/|$)|^@fmea\/core$|^@fmea\/core\/services/;

describe('browser code', () => {
  it('imports the API and core’s server side as types only', () => {
    const offenders: string[] = [];
    for (const root of ROOTS) {
      for (const file of sourcesUnder(join(REPO, root), { tests: false })) {
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
