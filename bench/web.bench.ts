/// <reference lib="dom" />
/**
 * `npm run bench:web`: builds the workbench and prints
 * - the gzip size of the initial JavaScript of the login route (the entry
 *   chunk and everything it imports statically; budget ≤ 250 KB),
 * - the size of each plugin's lazily loaded pages and its catalog,
 * - the time until the main shell is interactive after sign-in, measured in
 *   Chromium: from submitting the login form to the home page
 *   (`data-testid="home-page"`) visible with the top menu rendered; median of 5.
 * Exits 1 when a budget is exceeded.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { launchBrowser, openTab } from '../tests/e2e/support/browser.ts';
import { buildWorkbench } from '../tests/e2e/support/build.ts';
import { dragSlider, fillCredentials, submitLogin } from '../tests/e2e/support/flows.ts';
import { REPO, WORKBENCH, WORKBENCH_DIST } from '../tests/e2e/support/paths.ts';
import { ADMIN_PASSWORD, ADMIN_USER, startServer } from '../tests/e2e/support/server.ts';

const LOGIN_JS_BUDGET_KB = 250;
const RUNS = 5;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipOf = (file: string) => gzipSync(readFileSync(join(WORKBENCH_DIST, file)), { level: 9 }).length;

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

function sizeOf(manifest: Manifest, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) if (manifest[key]?.file.endsWith('.js')) total += gzipOf(manifest[key].file);
  return total;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function bundleFigures(): boolean {
  const manifestFile = join(WORKBENCH_DIST, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  const initial = staticClosure(manifest, entryKey);
  const initialSize = sizeOf(manifest, initial);
  const withinBudget = initialSize <= LOGIN_JS_BUDGET_KB * 1024;

  console.log('Workbench bundle (gzip -9 of the built files)');
  console.log(`  login route, initial JavaScript: ${kb(initialSize).padStart(9)}   budget ≤ ${LOGIN_JS_BUDGET_KB} KB   ${withinBudget ? 'ok' : 'OVER BUDGET'}`);
  for (const key of initial) console.log(`    ${manifest[key]!.file.padEnd(34)} ${kb(gzipOf(manifest[key]!.file)).padStart(9)}`);
  // the shell awaits its catalog before the first render: fetched for the login too, outside the budget
  const shellCatalog = Object.keys(manifest).filter((k) => /(^|\/)src\/locales\/zh-CN\.po$/.test(manifest[k]!.src ?? k));
  console.log(`    + shell zh-CN catalog (loaded at start) ${kb(sizeOf(manifest, shellCatalog)).padStart(9)}`);

  // a plugin is its pages: lazy entries under plugins/<id>/web (index.ts, the binding, sits in the shell's bundle)
  const entries = Object.entries(manifest)
    .map(([key, chunk]) => ({ key, chunk, id: /plugins\/([^/]+)\/web\//.exec(chunk.src ?? key)?.[1] }))
    .filter((p): p is { key: string; chunk: ManifestChunk; id: string } => p.id !== undefined && p.chunk.isDynamicEntry === true);
  const ids = [...new Set(entries.map((p) => p.id))].sort();
  const closureOf = (keys: string[]) => new Set(keys.flatMap((k) => [...staticClosure(manifest, k)]).filter((k) => !initial.has(k)));
  const everything = ids.map((id) => closureOf(entries.filter((p) => p.id === id).map((p) => p.key)));
  const shared = new Set([...new Set(everything.flatMap((c) => [...c]))].filter((k) => everything.filter((c) => c.has(k)).length > 1));

  console.log('  plugin chunks, beyond the initial JavaScript (no budget set)');
  for (const [i, id] of ids.entries()) {
    const pages = [...everything[i]!].filter((k) => !shared.has(k) && !/\.po$/.test(manifest[k]!.src ?? k));
    const lazy = entries.filter((p) => p.id === id).length;
    const catalog = Object.keys(manifest).filter((k) => (manifest[k]!.src ?? k).endsWith(`plugins/${id}/locales/zh-CN.po`));
    console.log(`    ${id.padEnd(10)} pages ${kb(sizeOf(manifest, pages)).padStart(8)} in ${lazy} lazy chunks   zh-CN catalog ${kb(sizeOf(manifest, catalog)).padStart(7)}`);
  }
  console.log(`    shared by plugins (loaded with the first plugin opened): ${kb(sizeOf(manifest, shared))}`);
  for (const key of shared) console.log(`      ${manifest[key]!.file.padEnd(34)} ${kb(gzipOf(manifest[key]!.file)).padStart(9)}`);
  return withinBudget;
}

async function shellTiming(): Promise<void> {
  const server = await startServer();
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const { page, context } = await openTab(browser, server.baseURL, { locale: 'zh-CN' });
      await page.goto('/');
      await fillCredentials(page, ADMIN_USER, ADMIN_PASSWORD);
      await dragSlider(page);
      const start = performance.now();
      await submitLogin(page);
      await page.getByTestId('home-page').waitFor({ state: 'visible' });
      await page.locator('nav.top-menu a.top-menu-item').first().waitFor({ state: 'visible' });
      times.push(performance.now() - start);
      // sign out so the next run is not asked to force the sign-in
      await page.evaluate(() => fetch('/api/logout', { method: 'POST', headers: { token: sessionStorage.getItem('token') ?? '' } }));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`Shell interactive after sign-in (Chromium, submit → home page and top menu), median of ${RUNS}: ${median(times).toFixed(0)} ms   no budget set`);
  console.log(`  runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms (the first includes cold server caches)`);
}

const started = performance.now();
// one build into workbench/dist (what `fmea serve` serves), with the manifest to follow the imports
await buildWorkbench({ manifest: true });
console.log(`built ${relative(REPO, WORKBENCH_DIST)} in ${((performance.now() - started) / 1000).toFixed(1)} s (${relative(REPO, WORKBENCH)}: vite build --manifest)\n`);
let ok = false;
try {
  ok = bundleFigures();
} finally {
  // the manifest lists source paths: do not leave it in the served folder
  const viteDir = join(WORKBENCH_DIST, '.vite');
  if (existsSync(viteDir)) rmSync(viteDir, { recursive: true, force: true });
}
console.log('');
await shellTiming();
if (!ok) process.exitCode = 1;
