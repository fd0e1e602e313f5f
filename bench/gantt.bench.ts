/**
 * `npm run bench:gantt`: a program with 10,000 tasks (chains of ten finish-to-start tasks, bench/gantt/plan.ts)
 * opened in the workbench's program page in Debian's Chromium (headless, software rendering, 1366×768):
 * navigation → the Gantt chart's first bars drawn (the plan read with its critical path and slack, the
 * chart laid out, the rows in view drawn). Target (issue 24): under 1 s. The floor is the same page on a
 * program of 10 tasks in the same run; beside it the plan's read alone (the API's answer for 10,000 tasks).
 * Five runs after one to warm up; the median is the figure. Exits 1 when the target is missed.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { apiLogin, type ApiSession } from '../tests/e2e/support/api.ts';
import { launchBrowser, openTab } from '../tests/e2e/support/browser.ts';
import { ensureWorkbenchBuilt } from '../tests/e2e/support/build.ts';
import { startSignedIn } from '../tests/e2e/support/flows.ts';
import { ADMIN_PASSWORD, ADMIN_USER, startServer } from '../tests/e2e/support/server.ts';
import { fmt, median, printTargets, times, type Target } from './dfmea/report.ts';
import { writePlan } from './gantt/plan.ts';

const TASKS = Number(process.env.FMEA_BENCH_GANTT_TASKS ?? 10_000);
const FLOOR_TASKS = 10;
const RUNS = 5;
const TARGET_MS = 1000;

async function program(admin: ApiSession, dbUrl: string, tasks: number): Promise<string> {
  const created = await admin.post<{ id: string }>('/api/program/create', { programName: `Bench program ${fmt(tasks)}`, startDate: '2027-01-04', endDate: '2028-03-31' });
  await writePlan(dbUrl, created.id, tasks);
  return created.id;
}

/** Navigation to the program page → its chart's bars drawn (median of RUNS, after a warm-up), the plan's answer within it, and the bars in the DOM. */
async function opened(page: Page, id: string): Promise<{ ms: number; planMs: number; bars: number }> {
  const runs: number[] = [];
  const plans: number[] = [];
  for (let r = 0; r <= RUNS; r++) {
    await page.goto('/main/homeIndex');
    await page.getByTestId('home-page').waitFor();
    const t0 = performance.now();
    await page.goto(`/main/program/programDetail?id=${id}`);
    await page.locator('[data-testid="program-gantt"] .wx-bar').first().waitFor();
    // one frame more: what is in the DOM is on screen
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    if (r > 0) runs.push(performance.now() - t0);
    // the plan's request as the browser saw it: sent → last byte received
    const plan = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/program/plan')).map((e) => (e as PerformanceResourceTiming).responseEnd - e.startTime).pop() ?? NaN);
    if (r > 0) plans.push(plan);
  }
  return { ms: median(runs), planMs: median(plans), bars: await page.locator('[data-testid="program-gantt"] .wx-bar').count() };
}

console.log(`workbench ${await ensureWorkbenchBuilt()}; starting a server`);
const server = await startServer();
const browser = await launchBrowser();
const targets: Target[] = [];
try {
  const dbUrl = `file:${join(server.dir, 'e2e.db')}`;
  const admin = await apiLogin(server.baseURL, ADMIN_USER, ADMIN_PASSWORD);
  const t0 = performance.now();
  const big = await program(admin, dbUrl, TASKS);
  const small = await program(admin, dbUrl, FLOOR_TASKS);
  console.log(`plans written: ${fmt(TASKS)} and ${fmt(FLOOR_TASKS)} tasks in ${(performance.now() - t0).toFixed(0)} ms`);
  const reads: number[] = [];
  for (let r = 0; r <= RUNS; r++) {
    const s = performance.now();
    await admin.get(`/api/program/plan?id=${big}`);
    if (r > 0) reads.push(performance.now() - s);
  }
  await admin.logout();

  const { page } = await openTab(browser, server.baseURL, { locale: 'en-US', width: 1366, height: 768 });
  await startSignedIn(page, ADMIN_USER, ADMIN_PASSWORD);
  console.log(`Browser (Chromium ${browser.version()}, headless, --disable-gpu, 1366×768)`);
  const floor = await opened(page, small);
  const chart = await opened(page, big);
  const read = median(reads);
  console.log(`  program page, ${fmt(FLOOR_TASKS)} tasks → chart drawn: ${floor.ms.toFixed(0)} ms (${floor.bars} bars in the DOM)`);
  console.log(`  program page, ${fmt(TASKS)} tasks → chart drawn: ${chart.ms.toFixed(0)} ms (${chart.bars} bars in the DOM: the rows in view); of it the plan's request ${chart.planMs.toFixed(0)} ms, the page's own work ${(chart.ms - chart.planMs).toFixed(0)} ms`);
  console.log(`  plan read over HTTP, ${fmt(TASKS)} tasks: ${read.toFixed(0)} ms`);
  targets.push({
    name: `Gantt of ${fmt(TASKS)} tasks drawn (median of ${RUNS})`,
    measured: `${chart.ms.toFixed(0)} ms`,
    floor: `${fmt(FLOOR_TASKS)} tasks ${floor.ms.toFixed(0)} ms (${times(chart.ms, floor.ms)}); plan read ${read.toFixed(0)} ms`,
    target: `< ${TARGET_MS} ms`,
    met: chart.ms < TARGET_MS,
  });
} finally {
  await browser.close();
  await server.stop();
}
printTargets(targets);
process.exit(targets.every((t) => t.met) ? 0 : 1);
