import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { openTab, type Tab } from './browser.ts';
import { workerBrowser } from './suite.ts';
import { run } from './build.ts';
import { REPO } from './paths.ts';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './server.ts';

/** The demo users' password in the demo tests (DEMO_PASSWORD of the seed). */
export const DEMO_PASSWORD = 'Dm7#qW2!xK9$pR';

/**
 * The demo database of the run, seeded once (`fmea db seed --fixtures demo`, ~10 s) by the first test file
 * that needs it while the others wait for it; each file then serves its own copy.
 */
async function seededDemo(): Promise<string> {
  const dir = inject('demoTemplateDir');
  const db = join(dir, 'demo.db');
  const done = join(dir, 'seeded');
  const lock = join(dir, 'seeding');
  for (;;) {
    if (existsSync(done)) return db;
    try {
      mkdirSync(lock);
    } catch {
      // another file seeds it: wait for it (or take over if that file failed and let go of the lock)
      await sleep(250);
      continue;
    }
    try {
      const env = { ...process.env, DATABASE_URL: `file:${db}`, ADMIN_PASSWORD, DEMO_PASSWORD, CI: 'true' };
      await run(process.execPath, ['--import', 'tsx', 'cli/src/main.ts', 'db', 'seed', '--fixtures', 'demo'], { cwd: REPO, env });
      writeFileSync(done, '');
      return db;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * The demo data as a new user meets it: for the test file, a fresh database seeded with
 * `fmea db seed --fixtures demo` and its own server, stopped after the file; its tabs are the worker's browser's
 * (support/suite.ts), each a fresh profile, closed after the file. `open` gives a tab
 * of the given language (1366×768 unless said). `prepare` runs once the server is up (setup over HTTP before
 * the browser opens).
 */
export function useDemoServer(prepare?: (baseURL: string) => Promise<void>) {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;
  const tabs: Tab[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fmea-demo-e2e-'));
    const template = await seededDemo();
    for (const suffix of ['', '-wal']) if (existsSync(template + suffix)) copyFileSync(template + suffix, join(dir, `e2e.db${suffix}`));
    server = await startServer({ dir });
    browser = await workerBrowser();
    await prepare?.(server.baseURL);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(tabs.map((t) => t.context.close().catch(() => undefined)));
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get baseURL() {
      return server.baseURL;
    },
    async open(locale: string, size: { width: number; height: number } = { width: 1366, height: 768 }): Promise<Page> {
      const tab = await openTab(browser, server.baseURL, { ...size, locale });
      tabs.push(tab);
      return tab.page;
    },
  };
}
