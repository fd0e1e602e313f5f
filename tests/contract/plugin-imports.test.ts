import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, isTestFile, packageOf, sourcesUnder } from './source-imports.ts';

/**
 * Plugins meet only through packages they declare (issue 21, docs/architecture.md
 * "The shared FMEA UI"): what DFMEA and PFMEA share lives in a library
 * (`@fmea/fmea-ui`) that both depend on, never in one of them. So a package
 * under plugins/ (a plugin or a library) imports no file outside its folder and
 * no plugin; every package it imports is in its package.json (tests may use
 * devDependencies); it exports its entry point only; and the workbench shell
 * reaches those packages only through their entry points.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

interface Manifest {
  name: string;
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** A package's folder, its manifest, and each source file with its text. */
interface PackageSources {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly files: readonly { path: string; text: string }[];
}

const PLUGIN = /^@fmea\/plugin-/;

/**
 * Why a package's imports break the rules, one line each. A .tsx file imports
 * React's JSX runtime without saying so: it counts as importing `react`.
 */
function importProblems({ dir, manifest, files }: PackageSources): string[] {
  const shipped = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const forTests = new Set([...shipped, ...Object.keys(manifest.devDependencies ?? {})]);
  const problems = new Set<string>();
  for (const { path, text } of files) {
    const where = relative(REPO, path);
    const test = isTestFile(path);
    const specifiers = [...importsOf(text).map((i) => i.from), ...(path.endsWith('.tsx') ? ['react'] : [])];
    for (const from of specifiers) {
      const name = packageOf(from);
      if (name === null) {
        const target = resolve(dirname(path), from);
        if (target !== dir && !target.startsWith(dir + sep)) problems.add(`${where}: ${from} reaches out of ${manifest.name}`);
      } else if (PLUGIN.test(name) && name !== manifest.name) problems.add(`${where}: ${from} is another plugin`);
      else if (from.startsWith('node:')) {
        if (!test) problems.add(`${where}: ${from} is not for the browser`);
      } else if (!(test ? forTests : shipped).has(name)) problems.add(`${where}: ${name} is not declared in ${manifest.name}'s package.json`);
    }
  }
  return [...problems];
}

/**
 * Why a package under plugins/ is neither a plugin (`@fmea/plugin-<folder>`)
 * nor a library (`@fmea/<folder>`), or exports what it should not: a plugin
 * its entry point alone; a library its entry point and named files beside it
 * (the FMEA UI's light `./catalogs` for the plugins' bindings), never a
 * pattern or a file inside its folders.
 */
function shapeProblems(folder: string, manifest: Manifest): string[] {
  const plugin = manifest.name === `@fmea/plugin-${folder}`;
  if (!plugin && manifest.name !== `@fmea/${folder}`) return [`plugins/${folder}: ${manifest.name} is neither @fmea/plugin-${folder} nor the library @fmea/${folder}`];
  const exports = Object.entries(manifest.exports ?? {});
  const allowed = ([key, target]: [string, string]) =>
    (key === '.' && target === './index.ts') || (!plugin && /^\.\/[\w-]+$/.test(key) && target === `${key}.ts`);
  const entry = exports.some(([key]) => key === '.');
  return entry && exports.every(allowed) ? [] : [`plugins/${folder}: exports ${JSON.stringify(manifest.exports)}, not its entry point${plugin ? ' alone' : ' and files beside it'}`];
}

const read = (path: string) => readFileSync(path, 'utf8');
const folders = readdirSync(join(REPO, 'plugins')).filter((name) => existsSync(join(REPO, 'plugins', name, 'package.json')));
const packages = new Map(
  folders.map((folder) => {
    const dir = join(REPO, 'plugins', folder);
    const manifest = JSON.parse(read(join(dir, 'package.json'))) as Manifest;
    return [folder, { dir, manifest, files: sourcesUnder(dir).map((path) => ({ path, text: read(path) })) }] as const;
  }),
);
const packageNames = new Set([...packages.values()].map((p) => p.manifest.name));

/** Imports of the shell that reach into a package under plugins/ (one of `names`) past its entry point. */
function shellProblems(files: readonly { path: string; text: string }[], names: ReadonlySet<string>): string[] {
  const plugins = join(REPO, 'plugins');
  const problems: string[] = [];
  for (const { path, text } of files) {
    for (const { from } of importsOf(text)) {
      const name = packageOf(from);
      const reachesIn = name === null ? resolve(dirname(path), from).startsWith(plugins + sep) : names.has(name) && from !== name;
      if (reachesIn) problems.push(`${relative(REPO, path)}: ${from}`);
    }
  }
  return problems;
}

describe('packages under plugins/', () => {
  it('are found: the plugins and the shared FMEA UI', () => {
    expect(packageNames).toContain('@fmea/plugin-dfmea');
    expect(packageNames).toContain('@fmea/plugin-pfmea');
    expect(packageNames).toContain('@fmea/fmea-ui');
    for (const { files } of packages.values()) expect(files.length).toBeGreaterThan(0);
  });

  it('are each a plugin or a library, exporting their entry point (and a library named files beside it) only', () => {
    expect([...packages].flatMap(([folder, p]) => shapeProblems(folder, p.manifest))).toEqual([]);
  });

  it('import no other plugin and no file outside their folder, and declare every package they import', () => {
    expect([...packages.values()].flatMap(importProblems)).toEqual([]);
  });

  it('leave the shared FMEA UI free of any plugin', () => {
    const library = packages.get('fmea-ui')!;
    expect(Object.keys({ ...library.manifest.dependencies, ...library.manifest.peerDependencies }).filter((name) => PLUGIN.test(name))).toEqual([]);
  });
});

describe('the workbench shell', () => {
  it('reaches plugins and libraries through their entry points only', () => {
    const shell = sourcesUnder(join(REPO, 'workbench', 'src')).map((path) => ({ path, text: read(path) }));
    expect(shell.length).toBeGreaterThan(20);
    expect(shellProblems(shell, packageNames)).toEqual([]);
  });
});

describe('the rules', () => {
  const dir = join(REPO, 'plugins', 'pfmea');
  const manifest: Manifest = { name: '@fmea/plugin-pfmea', dependencies: { '@fmea/fmea-ui': '0.1.0' }, peerDependencies: { react: '19.3.1' }, devDependencies: { vitest: '4.1.12' } };
  const file = (name: string, text: string) => ({ path: join(dir, 'web', name), text });

  it('would notice a relative import out of the folder, another plugin, an undeclared package and node in the browser', () => {
    const problems = importProblems({
      dir,
      manifest,
      files: [
        file('a.ts', "import { ProjectPage } from '../../dfmea/web/project/ProjectPage.tsx';"),
        file('b.ts', "import type { StepProps } from '@fmea/plugin-dfmea/web/types.ts';"),
        file('c.ts', "import { useFmeaKind } from '@fmea/fmea-ui';\nimport ExcelJS from 'exceljs';"),
        file('d.ts', "import { readFileSync } from 'node:fs';"),
        file('e.tsx', "import { useLingui } from '@lingui/react/macro';\nimport './own.css';"),
        file('f.test.ts', "import { it } from 'vitest';\nimport { join } from 'node:path';"),
        file('g.ts', "import { it } from 'vitest';"),
      ],
    });
    expect(problems).toEqual([
      'plugins/pfmea/web/a.ts: ../../dfmea/web/project/ProjectPage.tsx reaches out of @fmea/plugin-pfmea',
      'plugins/pfmea/web/b.ts: @fmea/plugin-dfmea/web/types.ts is another plugin',
      "plugins/pfmea/web/c.ts: exceljs is not declared in @fmea/plugin-pfmea's package.json",
      'plugins/pfmea/web/d.ts: node:fs is not for the browser',
      "plugins/pfmea/web/e.tsx: @lingui/react is not declared in @fmea/plugin-pfmea's package.json",
      "plugins/pfmea/web/g.ts: vitest is not declared in @fmea/plugin-pfmea's package.json",
    ]);
    expect(importProblems({ dir, manifest: { name: '@fmea/plugin-pfmea' }, files: [file('h.tsx', "import { useState } from 'react';")] })).toEqual(["plugins/pfmea/web/h.tsx: react is not declared in @fmea/plugin-pfmea's package.json"]);
  });

  it('would notice an export of internal files and a package that is neither plugin nor library', () => {
    expect(shapeProblems('dfmea', { name: '@fmea/plugin-dfmea', exports: { '.': './index.ts', './web/*': './web/*' } })).toEqual([
      'plugins/dfmea: exports {".":"./index.ts","./web/*":"./web/*"}, not its entry point alone',
    ]);
    expect(shapeProblems('dfmea', { name: '@fmea/plugin-dfmea', exports: { '.': './index.ts', './catalogs': './catalogs.ts' } })).toEqual([
      'plugins/dfmea: exports {".":"./index.ts","./catalogs":"./catalogs.ts"}, not its entry point alone',
    ]);
    expect(shapeProblems('fmea-ui', { name: '@fmea/fmea-ui', exports: { '.': './index.ts', './catalogs': './catalogs.ts' } })).toEqual([]);
    expect(shapeProblems('fmea-ui', { name: '@fmea/fmea-ui', exports: { '.': './index.ts', './web/*': './web/*' } })).toEqual([
      'plugins/fmea-ui: exports {".":"./index.ts","./web/*":"./web/*"}, not its entry point and files beside it',
    ]);
    expect(shapeProblems('dfmea', { name: '@fmea/dfmea-kit', exports: { '.': './index.ts' } })).toEqual(['plugins/dfmea: @fmea/dfmea-kit is neither @fmea/plugin-dfmea nor the library @fmea/dfmea']);
  });

  it('would notice the shell importing a plugin’s internal file', () => {
    const path = join(REPO, 'workbench', 'src', 'shell', 'Home.tsx');
    const names = new Set(['@fmea/plugin-dfmea', '@fmea/fmea-ui']);
    expect(shellProblems([{ path, text: "import { dfmeaPlugin } from '@fmea/plugin-dfmea';\nimport { FmeaProjectList } from '@fmea/fmea-ui';" }], names)).toEqual([]);
    expect(
      shellProblems([{ path, text: "import { ReviewBadge } from '@fmea/fmea-ui/web/review/ReviewPanel.tsx';\nimport { kind } from '../../../plugins/pfmea/web/kind.tsx';\nimport x from '@fmea/plugin-dfmea/web/types.ts';" }], names),
    ).toEqual([
      'workbench/src/shell/Home.tsx: @fmea/fmea-ui/web/review/ReviewPanel.tsx',
      'workbench/src/shell/Home.tsx: ../../../plugins/pfmea/web/kind.tsx',
      'workbench/src/shell/Home.tsx: @fmea/plugin-dfmea/web/types.ts',
    ]);
  });
});
