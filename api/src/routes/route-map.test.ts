import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../testing.ts';
import { ROUTE_MODULES, type DefinedRoute } from './route-map.ts';

/**
 * The typed client's route map (route-map.ts) is read from the route modules'
 * exports: these tests hold it equal to what the app registers, so a route
 * the browser can name is one the server answers, with the same method.
 */
const api = await openTestApp();
afterAll(() => api.dispose());

/** Registered outside the route modules, so not in the client's map: the health probe and the rule tabs the workbench does not call (defined inside a register function). */
const NOT_IN_MAP = [
  'GET /api/health',
  'POST /api/requiredRule/query',
  'POST /api/requiredRule/saveOrUpdate',
  'POST /api/basicRule/query',
  'POST /api/basicRule/saveOrUpdate',
  'POST /api/dataCreatorPermissions/query',
  'POST /api/dataCreatorPermissions/update',
];

const isRoute = (value: unknown): value is DefinedRoute =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

const mapped = Object.values(ROUTE_MODULES).flatMap((module) => Object.values(module).filter(isRoute));
const label = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;

const doc = (await (await api.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => label({ method, path })));

describe('the typed client’s route map', () => {
  it('names each path once (the client calls a route by its path)', () => {
    const paths = mapped.map((route) => route.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });

  it('lists only routes the app registers, with the same method', () => {
    expect(mapped.map(label).filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('lists every route the app registers but the ones named as left out', () => {
    const labels = new Set(mapped.map(label));
    expect(documented.filter((route) => !labels.has(route) && !NOT_IN_MAP.includes(route))).toEqual([]);
    expect(NOT_IN_MAP.filter((route) => !documented.includes(route))).toEqual([]);
    expect(mapped.length).toBeGreaterThan(100);
  });

  it('holds every route module under routes/ in the one list (a module left out would serve nothing)', async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const listed = new Set<object>(Object.values(ROUTE_MODULES));
    const leftOut: string[] = [];
    for (const file of files) {
      const module = (await import(join(here, file))) as Record<string, unknown>;
      const isRouteModule = typeof module.register === 'function' || Object.values(module).some(isRoute);
      if (isRouteModule && !listed.has(module)) leftOut.push(file);
    }
    expect(leftOut).toEqual([]);
    expect(listed.size).toBeGreaterThan(50);
  });
});
