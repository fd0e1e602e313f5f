import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, REPO, sources } from './source-imports.ts';

/**
 * The browser side is three layers (docs/architecture.md, "Plugins"): the SDK
 * (`@fmea/sdk`: what plugins use), the plugins, and the app that lists them
 * (`@fmea/workbench`). The SDK imports neither the app nor a plugin; the app
 * exports nothing, so nothing imports `@fmea/workbench`; plugins reach the SDK
 * through its two entries only; and the import graph between the workspace
 * packages has no cycle.
 */
interface Workspace {
  readonly name: string;
  /** Repository-relative folder, e.g. plugins/dfmea. */
  readonly dir: string;
}

function workspaces(): Workspace[] {
  const patterns = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  const dirs = patterns.flatMap((pattern) => (pattern.endsWith('/*') ? readdirSync(join(REPO, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern]));
  return dirs
    .filter((dir) => existsSync(join(REPO, dir, 'package.json')))
    .map((dir) => ({ dir, name: (JSON.parse(readFileSync(join(REPO, dir, 'package.json'), 'utf8')) as { name: string }).name }));
}

const WORKSPACES = workspaces();
const SDK = WORKSPACES.find((w) => w.name === '@fmea/sdk')!;
const APP = WORKSPACES.find((w) => w.name === '@fmea/workbench')!;
const PLUGINS = WORKSPACES.filter((w) => w.dir.startsWith('plugins/'));
/** What a plugin may import from the SDK: its API and the plugin contract (not the host's entry, not its files). */
const PLUGIN_ENTRIES = new Set(['@fmea/sdk', '@fmea/sdk/plugin']);

/** The workspace a specifier written in `file` points into, if any. */
function workspaceOf(file: string, from: string): Workspace | undefined {
  if (from.startsWith('.')) {
    const target = relative(REPO, resolve(dirname(file), from));
    return WORKSPACES.filter((w) => target === w.dir || target.startsWith(`${w.dir}${sep}`)).sort((a, b) => b.dir.length - a.dir.length)[0];
  }
  return WORKSPACES.find((w) => from === w.name || from.startsWith(`${w.name}/`));
}

/** Every import of every file below a workspace (its tests too when asked), with the workspace it reaches. */
function importsBelow(workspace: Workspace, options: { tests?: boolean } = {}) {
  return sources(join(REPO, workspace.dir), options).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).map(({ from }) => ({ file: relative(REPO, file), from, target: workspaceOf(file, from) })),
  );
}

/** The cycles of a directed graph, each as the path that closes it (depth-first, one per back edge). */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    if (path.includes(node)) return void cycles.push([...path.slice(path.indexOf(node)), node]);
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) visit(node, []);
  return cycles;
}

describe('the SDK package', () => {
  it('imports neither the app nor a plugin (its tests included)', () => {
    const offenders = importsBelow(SDK, { tests: true })
      .filter(({ target }) => target === APP || (target !== undefined && PLUGINS.includes(target)))
      .map(({ file, from }) => `${file}: ${from}`);
    expect(offenders).toEqual([]);
  });
});

describe('the app (@fmea/workbench)', () => {
  it('is imported by nothing: plugins and tools use @fmea/sdk', () => {
    const everywhere = readdirSync(REPO).filter((name) => !name.startsWith('.') && name !== 'node_modules' && existsSync(join(REPO, name)) && !name.includes('.'));
    const offenders = everywhere
      .flatMap((dir) => sources(join(REPO, dir), { tests: true }))
      .flatMap((file) => importsOf(readFileSync(file, 'utf8')).map(({ from }) => ({ file: relative(REPO, file), from })))
      .filter(({ from }) => from === APP.name || from.startsWith(`${APP.name}/`))
      .map(({ file, from }) => `${file}: ${from}`);
    expect(offenders).toEqual([]);
  });

  it('exports nothing', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, APP.dir, 'package.json'), 'utf8')) as { exports?: unknown; main?: unknown };
    expect({ exports: manifest.exports, main: manifest.main }).toEqual({ exports: undefined, main: undefined });
  });
});

describe('every plugin', () => {
  it('reaches the SDK through @fmea/sdk and @fmea/sdk/plugin only', () => {
    const offenders = PLUGINS.flatMap((plugin) => importsBelow(plugin, { tests: true }))
      .filter(({ from, target }) => target === SDK && !PLUGIN_ENTRIES.has(from))
      .map(({ file, from }) => `${file}: ${from}`);
    expect(offenders).toEqual([]);
  });
});

describe('the workspace packages', () => {
  it('import one another without a cycle (tests left out)', () => {
    const graph = new Map<string, Set<string>>(WORKSPACES.map((w) => [w.name, new Set<string>()]));
    for (const workspace of WORKSPACES) {
      for (const { target } of importsBelow(workspace)) if (target && target !== workspace) graph.get(workspace.name)!.add(target.name);
    }
    expect(graph.get(APP.name)).toContain(SDK.name);
    expect(cyclesOf(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('would notice a cycle', () => {
    const graph = new Map([
      ['app', new Set(['plugin', 'sdk'])],
      ['plugin', new Set(['sdk', 'app'])],
      ['sdk', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['app', 'plugin', 'app']]);
    expect(cyclesOf(new Map([['app', new Set(['sdk'])], ['sdk', new Set<string>()]]))).toEqual([]);
  });
});
