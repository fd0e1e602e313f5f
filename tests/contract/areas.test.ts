import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, ROUTE_NAMES, areaIssues, indicatorsOf, menusOf, recentContributors, schema, unknownTaskSources, type AreaDefinition } from '@fmea/core';
import { openTestApp } from '../../api/src/testing.ts';
import { parsePo } from '../i18n/po.ts';

/**
 * The contract between the area definitions (core/src/domain/areas), the
 * seeded menus, the API's access rules and the workbench's plugins: one
 * definition per area, and everything else follows from it
 * (docs/recipes/work-area.md).
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The workbench side, loaded by path: its modules are type-checked with the
 * workbench's own config (DOM, vite), not this one. Only the data is read here;
 * no page loader runs.
 */
interface WorkAreaPlugin {
  area: AreaDefinition;
  pages: Record<string, unknown>;
}
interface Hosted {
  plugins: readonly WorkAreaPlugin[];
  shellAreas: readonly AreaDefinition[];
}
const registry = `${REPO}workbench/src/plugins/registry.ts`;
const { HOSTED, hostedAreas } = (await import(registry)) as { HOSTED: Hosted; hostedAreas: (hosted: Hosted) => AreaDefinition[] };
const LOCALES = ['zh-CN', 'en-US'] as const;
const api = await openTestApp();
afterAll(() => api.dispose());

/**
 * Every plugin folder's exported plugin, by folder name. A folder under plugins/
 * is a plugin when its package is `@fmea/plugin-<folder>`; any other package
 * there is a library the plugins share (`@fmea/fmea-ui`), which hosts no area
 * (tests/contract/plugin-imports.test.ts holds both to their imports).
 */
const folders = readdirSync(`${REPO}plugins`).filter((name) => existsSync(`${REPO}plugins/${name}/index.ts`) && isPluginPackage(name));
function isPluginPackage(folder: string): boolean {
  const { name } = JSON.parse(readFileSync(`${REPO}plugins/${folder}/package.json`, 'utf8')) as { name: string };
  return name === `@fmea/plugin-${folder}`;
}
const exported = new Map<string, WorkAreaPlugin>();
beforeAll(async () => {
  for (const folder of folders) {
    const module = (await import(`${REPO}plugins/${folder}/index.ts`)) as Record<string, unknown>;
    const plugin = Object.values(module).find((value): value is WorkAreaPlugin => typeof value === 'object' && value !== null && 'area' in value && 'pages' in value);
    if (plugin) exported.set(folder, plugin);
  }
});

const offered = new Map(menusOf(AREAS).map((m) => [m.routeName, m.buttons]));

describe('the area definitions', () => {
  it('hold together: unique ids, route names and paths; aliases and redirect types open real pages', () => {
    expect(areaIssues(AREAS)).toEqual([]);
    expect(new Set(ROUTE_NAMES).size).toBe(ROUTE_NAMES.length);
  });

  it('each have a plugin, or are the shell’s own; the workbench hosts nothing else', () => {
    const hosted = hostedAreas(HOSTED);
    expect(hosted.map((a) => a.id).sort()).toEqual(AREAS.map((a) => a.id).sort());
    for (const area of HOSTED.shellAreas) expect(area.shell, `${area.id} is rendered by the shell`).toBe(true);
    for (const plugin of HOSTED.plugins) expect(AREAS as readonly AreaDefinition[], `${plugin.area.id} is a defined area`).toContain(plugin.area);
  });
});

describe('every plugin', () => {
  it('is registered in the workbench, named after its area', () => {
    expect([...exported.keys()].sort()).toEqual(folders.sort());
    for (const [folder, plugin] of exported) {
      expect(plugin.area.id).toBe(folder);
      expect(HOSTED.plugins).toContain(plugin);
    }
  });

  it('has a loader for every page of its area, and none for pages the area does not define', () => {
    for (const plugin of HOSTED.plugins) {
      expect(Object.keys(plugin.pages).sort(), plugin.area.id).toEqual(plugin.area.pages.map((p) => p.microRoute).sort());
      for (const loader of Object.values(plugin.pages)) expect(typeof loader).toBe('function');
    }
  });

  it('has both catalogs, with messages in them', () => {
    for (const plugin of HOSTED.plugins) {
      for (const locale of LOCALES) {
        const file = `${REPO}plugins/${plugin.area.id}/locales/${locale}.po`;
        expect(existsSync(file), file).toBe(true);
        expect(parsePo(readFileSync(file, 'utf8')).length, file).toBeGreaterThan(0);
      }
    }
  });
});

describe('the seeded database', () => {
  it('holds exactly the menus the definitions give, titles, paths and buttons included', async () => {
    const rows = await api.t.db.select().from(schema.menu);
    const seeded = rows.map(({ routeName, parentRouteName, path, title, titleEn, icon, hidden, sort, buttons }) => ({ routeName, parentRouteName, path, title, titleEn, icon, hidden, sort, buttons }));
    expect(seeded.sort((a, b) => a.routeName.localeCompare(b.routeName))).toEqual(menusOf(AREAS).sort((a, b) => a.routeName.localeCompare(b.routeName)));
  });
});

describe('the access rules of the OpenAPI document', () => {
  it('name defined routes, and buttons those routes offer', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-access'?: unknown }>> };
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const access = op['x-access'];
        const label = `${method.toUpperCase()} ${path}`;
        if (access === 'public' || access === 'user') continue;
        if (typeof access !== 'object' || access === null) {
          problems.push(`${label}: no x-access`);
          continue;
        }
        checked++;
        const { route, button } = access as { route: string | string[]; button?: string | string[] };
        const routes = [route].flat();
        const buttons = button === undefined ? [] : [button].flat();
        for (const r of routes) if (!offered.has(r)) problems.push(`${label}: route ${r} is not defined`);
        for (const b of buttons) if (!routes.some((r) => offered.get(r)?.includes(b))) problems.push(`${label}: no route of ${routes.join(', ')} offers ${b}`);
        for (const r of routes) if (buttons.length && offered.has(r) && !buttons.some((b) => offered.get(r)!.includes(b))) problems.push(`${label}: ${r} offers none of ${buttons.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});

describe('what the areas contribute to the shell', () => {
  it('names recent lists the API answers with GET, taking a limit, to holders of the area’s route', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-access'?: { route: string | string[] }; parameters?: { name: string; in: string }[] }>> };
    const contributors = recentContributors(AREAS as readonly AreaDefinition[]);
    expect(contributors.length).toBeGreaterThan(0);
    for (const area of contributors) {
      const { path } = area.contributes.recent;
      const op = doc.paths[path]?.get;
      expect(op, `${area.id}: GET ${path}`).toBeDefined();
      expect(op!.parameters?.some((p) => p.name === 'limit' && p.in === 'query'), `${area.id}: ${path} takes ?limit=`).toBe(true);
      expect([op!['x-access']?.route].flat(), `${area.id}: ${path} is open to holders of ${area.routeName}`).toContain(area.routeName);
    }
  });

  it('names indicator routes the API answers with GET, taking a limit, with an IndicatorAnswer, to holders of the area’s route', async () => {
    type Op = { 'x-access'?: 'user' | { route: string | string[] }; parameters?: { name: string; in: string }[]; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, Op>> };
    const indicators = indicatorsOf(AREAS as readonly AreaDefinition[]);
    expect(indicators.length).toBeGreaterThan(4);
    for (const indicator of indicators) {
      const op = doc.paths[indicator.route]?.get;
      expect(op, `${indicator.id}: GET ${indicator.route}`).toBeDefined();
      expect(op!.parameters?.some((p) => p.name === 'limit' && p.in === 'query'), `${indicator.id} takes ?limit=`).toBe(true);
      expect(JSON.stringify(op!.responses['200']), `${indicator.id} answers an IndicatorAnswer`).toContain('#/components/schemas/IndicatorAnswer');
      const access = op!['x-access'];
      // an area every user holds may open its indicator to every signed-in user
      if (indicator.everyone && access === 'user') continue;
      expect([typeof access === 'object' ? access.route : access].flat(), `${indicator.id} is open to holders of ${indicator.areaRoute}`).toContain(indicator.areaRoute);
    }
  });

  it('name task sources My tasks implements', () => {
    expect(unknownTaskSources(AREAS)).toEqual([]);
  });
});
