/**
 * `npm run screens`: opens every screen (sign-in, shell, system pages,
 * personal centre, DFMEA list, each step of the demo project, the dialogs
 * that matter, the PFMEA list and the demo PFMEA's structure, functions, flow
 * chart and control plan, the FMEDA list and the demo FMEDA's worksheet, the FTA list and the demo fault tree with its analysis) at 1366×768 and 1920×1080 in Chinese and English, saves a
 * screenshot of each under tests/artifacts/screens/<size>-<lang>/ and lists
 * what the layout checks found (cut-off text, wrapped buttons, covered
 * controls, text of the other language) in report.txt beside them.
 *
 * Opt-in, not part of `npm test` (about two minutes); tests/e2e/layout.e2e.test.ts
 * checks the fixed defects in the suite. Options (environment):
 *   SCREENS_BASE_URL  use a running server that holds the demo data (else: build, seed a fresh database, start one)
 *   SCREENS_ONLY      a regular expression over screen names
 *   SCREENS_SIZES     e.g. "1366x768" (default "1366x768,1920x1080")
 *   SCREENS_LOCALES   e.g. "en-US" (default "zh-CN,en-US")
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { apiLogin } from '../support/api.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openTab } from '../support/browser.ts';
import { ensureWorkbenchBuilt, run } from '../support/build.ts';
import { signIn } from '../support/flows.ts';
import { ARTIFACTS, REPO } from '../support/paths.ts';
import { ADMIN_PASSWORD, ADMIN_USER, startServer, type RunningServer } from '../support/server.ts';
import { SCREENS, type ScreenContext } from './catalog.ts';
import { findLayoutProblems, type LayoutFinding } from './layout-checks.ts';

type Locale = 'zh-CN' | 'en-US';
const sizes = (process.env.SCREENS_SIZES ?? '1366x768,1920x1080').split(',').map((s) => s.split('x').map(Number) as [number, number]);
const locales = (process.env.SCREENS_LOCALES ?? 'zh-CN,en-US').split(',') as Locale[];
const only = process.env.SCREENS_ONLY ? new RegExp(process.env.SCREENS_ONLY) : null;
const OUT = join(ARTIFACTS, 'screens');

async function demoServer(): Promise<{ baseURL: string; server?: RunningServer; dir?: string }> {
  if (process.env.SCREENS_BASE_URL) return { baseURL: process.env.SCREENS_BASE_URL };
  console.log(`[screens] workbench ${await ensureWorkbenchBuilt()}`);
  const dir = mkdtempSync(join(tmpdir(), 'fmea-screens-'));
  const env = { ...process.env, DATABASE_URL: `file:${join(dir, 'e2e.db')}`, ADMIN_PASSWORD, CI: 'true' };
  await run(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'db', 'seed', '--fixtures', 'demo'], { cwd: REPO, env });
  const server = await startServer({ dir });
  return { baseURL: server.baseURL, server, dir };
}

async function demoProject(baseURL: string): Promise<ScreenContext> {
  // the sweep runs outside vitest (no setup session to inject): it signs in itself
  const admin = await apiLogin(baseURL, ADMIN_USER, ADMIN_PASSWORD);
  const list = await admin.post<{ items: { id: string; name: string }[] }>('/api/project/list', { tab: 'all', page: 1, limit: 50, projectType: 'dfmea' });
  // the window-lifter DFMEA (the demo also holds a smaller gearbox DFMEA under review and a family variant)
  const project = list.items.find((p) => p.name === '前门电动车窗升降器') ?? list.items[0];
  if (!project) throw new Error('the demo data holds no DFMEA project: seed it with `fmea db seed --fixtures demo`');
  // the family variant is in preparation: the rating editor opens there (the window lifter is released)
  const editable = list.items.find((p) => p.name === '天窗驱动电机') ?? project;
  const pfmeas = await admin.post<{ items: { id: string }[] }>('/api/project/list', { tab: 'all', page: 1, limit: 5, projectType: 'pfmea' });
  const trees = await admin.post<{ items: { id: string }[] }>('/api/fta/list', { page: 1, limit: 1 });
  const fmedas = await admin.post<{ items: { id: string }[] }>('/api/project/list', { tab: 'all', page: 1, limit: 5, projectType: 'fmeda' });
  return { projectId: project.id, editableProjectId: editable.id, pfmeaProjectId: pfmeas.items[0]?.id, fmedaProjectId: fmedas.items[0]?.id, ftaTreeId: trees.items[0]?.id };
}

/** A browser in the user's language: its own texts (a file input's "choose file") follow it, as on the user's machine. */
const launchIn = (locale: Locale): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--lang=${locale}`] });

async function shoot(page: Page, folder: string, name: string, locale: Locale, report: string[]): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(folder, `${name}.png`) });
  const findings: LayoutFinding[] = await findLayoutProblems(page, locale);
  for (const f of findings) report.push(`${name}\t${f.kind}\t${f.what}`);
}

async function main() {
  const started = Date.now();
  const { baseURL, server, dir } = await demoServer();
  const browsers = new Map<Locale, Browser>();
  const report: string[] = [];
  let shots = 0;
  try {
    const ctx = await demoProject(baseURL);
    for (const [width, height] of sizes) {
      for (const locale of locales) {
        const folder = join(OUT, `${width}x${height}-${locale === 'zh-CN' ? 'zh' : 'en'}`);
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(folder, { recursive: true });
        // a fresh profile in the browser's language: the workbench starts in it (spec 000 §1)
        if (!browsers.has(locale)) browsers.set(locale, await launchIn(locale));
        const tab = await openTab(browsers.get(locale)!, baseURL, { locale, width, height });
        const { page } = tab;
        const lines: string[] = [];
        try {
          await page.goto('/');
          await page.locator('.login-form').waitFor();
          if (!only || only.test('login')) {
            await shoot(page, folder, 'login', locale, lines);
            shots++;
          }
          await signIn(page, ADMIN_USER, ADMIN_PASSWORD);
          for (const screen of SCREENS) {
            if (only && !only.test(screen.name)) continue;
            try {
              await screen.open(page, ctx);
              await shoot(page, folder, screen.name, locale, lines);
              shots++;
              await screen.close?.(page);
            } catch (error) {
              lines.push(`${screen.name}\tfailed\t${(error as Error).message.split('\n')[0]}`);
            }
          }
        } finally {
          await tab.context.close();
        }
        report.push(...lines.map((l) => `${width}x${height} ${locale}\t${l}`));
        if (tab.errors.length) report.push(...tab.errors.map((e) => `${width}x${height} ${locale}\tpage-error\t${e}`));
        console.log(`[screens] ${width}x${height} ${locale}: ${lines.length} findings`);
      }
    }
  } finally {
    for (const browser of browsers.values()) await browser.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'report.txt'), report.join('\n') + '\n');
  console.log(`[screens] ${shots} screenshots in ${OUT} (${Math.round((Date.now() - started) / 1000)} s); ${report.length} findings in report.txt`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
