/// <reference lib="dom" />
/**
 * The browser half of `npm run bench:dfmea`, in Debian's Chromium (headless,
 * software rendering: --disable-gpu): sign in as the administrator, open the
 * project's risk tab, and measure
 * - navigation → first grid rows on screen (the grid's first page of 500),
 * - switching the page size to all rows (20,000) → rows rendered,
 * - frame times while the grid's scroll container is scrolled top to bottom
 *   by a requestAnimationFrame loop (one screen per frame, then a 3 s
 *   "scrollbar drag" over the whole height, then 3 s of wheel-like 120 px
 *   steps from the top), recorded in the page.
 */
import type { Page } from 'playwright-core';
import { launchBrowser, openTab } from '../../tests/e2e/support/browser.ts';
import { signIn } from '../../tests/e2e/support/flows.ts';
import { ADMIN_PASSWORD, ADMIN_USER } from '../../tests/e2e/support/server.ts';
import { describeFrames, fmt, frameStats, mb, type FrameStats } from './report.ts';

const PANEL = '[data-testid="dfmea-panel-risk"]';
const SCROLL = `${PANEL} .fmea-grid__scroll`;
const ROWS = `${PANEL} .fmea-grid__body [role="row"][data-row-key]`;
const SLOW = 180_000;

export interface ScrollRun {
  stats: FrameStats;
  /** scrollTop reached / scrollable height. */
  covered: number;
  longTasks: number;
  seconds: number;
  rowsInDom: number;
}

export interface BrowserFigures {
  firstRowsMs: number;
  firstRequestMs: number | undefined;
  allRowsMs: number | undefined;
  allRequestMs: number | undefined;
  allRequestBytes: number | undefined;
  screenPerFrame: ScrollRun | undefined;
  drag: ScrollRun | undefined;
  wheel: ScrollRun | undefined;
}

/** Duration and size of the page's riskGrid request with this limit (resource timing). */
function requestTiming(page: Page, limit: number) {
  return page.evaluate((wanted) => {
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/api/fmea/riskGrid') && new URL(e.name).searchParams.get('limit') === String(wanted))
      .pop();
    return entry ? { ms: entry.duration, bytes: entry.encodedBodySize || entry.transferSize } : undefined;
  }, limit);
}

/**
 * Scrolls the grid from the top to the bottom in a requestAnimationFrame loop,
 * `step` px per frame (0: one screen), at most `maxSeconds`; returns the
 * frame-to-frame times (rAF timestamps) and long tasks seen meanwhile.
 */
function scrollRun(page: Page, options: { step: number; maxSeconds: number }) {
  return page.evaluate(
    async ({ selector, step, maxSeconds }) => {
      const el = document.querySelector<HTMLElement>(selector);
      if (!el) throw new Error(`no ${selector}`);
      el.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const max = el.scrollHeight - el.clientHeight;
      const perFrame = step > 0 ? step : el.clientHeight;
      let longTasks = 0;
      const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
      try {
        observer.observe({ type: 'longtask', buffered: false });
      } catch {
        // no long task timing in this browser
      }
      const deltas: number[] = [];
      const started = performance.now();
      await new Promise<void>((resolve) => {
        let previous: number | undefined;
        const tick = (ts: number) => {
          if (previous !== undefined) deltas.push(ts - previous);
          previous = ts;
          if (el.scrollTop >= max - 1 || ts - started > maxSeconds * 1000) return resolve();
          el.scrollTop = Math.min(max, el.scrollTop + perFrame);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      // the last frame's work shows in the next timestamp
      await new Promise((r) => requestAnimationFrame(r));
      observer.disconnect();
      return {
        deltas,
        covered: max > 0 ? el.scrollTop / max : 1,
        longTasks,
        seconds: (performance.now() - started) / 1000,
        rowsInDom: el.querySelectorAll('.fmea-grid__body [role="row"]').length,
      };
    },
    { selector: SCROLL, ...options },
  );
}

function printRun(label: string, run: ScrollRun) {
  console.log(`  ${label}`);
  console.log(`    ${describeFrames(run.stats)}`);
  console.log(`    ${(run.covered * 100).toFixed(0)}% of the height in ${run.seconds.toFixed(1)} s, ${run.longTasks} long tasks (> 50 ms), ${run.rowsInDom} rows in the DOM at the end`);
}

export async function browserHalf(baseURL: string, projectId: string, chains: number): Promise<BrowserFigures> {
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openTab(browser, baseURL, { locale: 'zh-CN', width: 1600, height: 1000 });
    // tsx (esbuild keepNames) wraps named functions of page.evaluate callbacks in __name(): give the page a no-op one
    await page.addInitScript('window.__name = (fn) => fn;');
    await signIn(page, ADMIN_USER, ADMIN_PASSWORD);
    console.log(`\nBrowser (Chromium ${browser.version()}, headless, --disable-gpu, 1600×1000)`);

    // 1. navigation → first rows of the risk grid (ms since the navigation started, measured in the page)
    await page.goto(`/main/dfmea/dfmeaProject?projectId=${projectId}&rightType=risk`, { waitUntil: 'commit' });
    const firstRowsMs = await (
      await page.waitForFunction((rows) => (document.querySelector(rows) ? performance.now() : false), ROWS, { polling: 'raf', timeout: SLOW })
    ).jsonValue() as number;
    const first = await requestTiming(page, 500);
    const shown = await page.locator(ROWS).count();
    console.log(
      `  navigation → first grid rows rendered        ${firstRowsMs.toFixed(0).padStart(7)} ms  ${shown} rows in the DOM` +
        (first ? `; its riskGrid request ${first.ms.toFixed(0)} ms, ${(first.bytes / 1024).toFixed(0)} KB` : ''),
    );

    // 2. page size → all rows (the grid offers 20,000)
    const select = page.locator(`${PANEL} select.fmea-grid__page-size`);
    const options = await select.locator('option').evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    let allRowsMs: number | undefined;
    let all: { ms: number; bytes: number } | undefined;
    const size = options.map(Number).filter((n) => n >= chains).sort((a, b) => a - b)[0];
    if (size === undefined) {
      console.log(`  the page size offers ${options.join(', ')}: none holds all ${fmt(chains)} rows, scrolling the first page only`);
    } else {
      await page.evaluate(() => ((window as unknown as { benchStart: number }).benchStart = performance.now()));
      await select.selectOption(String(size));
      allRowsMs = await (
        await page.waitForFunction(
          ({ scroll, rows, count }) => {
            const grid = document.querySelector(scroll);
            const ready = grid && grid.getAttribute('aria-rowcount') === String(count + 1) && !grid.hasAttribute('aria-busy') && document.querySelector(rows);
            return ready ? performance.now() - (window as unknown as { benchStart: number }).benchStart : false;
          },
          { scroll: SCROLL, rows: ROWS, count: chains },
          { polling: 'raf', timeout: SLOW },
        )
      ).jsonValue() as number;
      all = await requestTiming(page, size);
      const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize);
      console.log(
        `  page size ${fmt(size)} → all rows rendered         ${allRowsMs.toFixed(0).padStart(7)} ms  ` +
          (all ? `its riskGrid request ${all.ms.toFixed(0)} ms, ${mb(all.bytes)}; the rest is parsing, the row model and the first render` : '') +
          (heap ? `; JS heap then ${mb(heap)}` : ''),
      );
    }

    // 3. scrolling, frame times recorded in the page
    const screenRun = await scrollRun(page, { step: 0, maxSeconds: 60 });
    const screenPerFrame = { ...screenRun, stats: frameStats(screenRun.deltas) };
    printRun('scroll top → bottom, one screen per frame:', screenPerFrame);
    const height = await page.locator(SCROLL).evaluate((el) => el.scrollHeight - el.clientHeight);
    const dragRun = await scrollRun(page, { step: Math.max(1, height / 180), maxSeconds: 20 });
    const drag = { ...dragRun, stats: frameStats(dragRun.deltas) };
    printRun('scroll top → bottom in ~3 s (scrollbar drag, 1/180 of the height per frame):', drag);
    const wheelRun = await scrollRun(page, { step: 120, maxSeconds: 3 });
    const wheel = { ...wheelRun, stats: frameStats(wheelRun.deltas) };
    printRun('scroll from the top for 3 s, 120 px per frame (wheel-like, informative):', wheel);

    if (errors.length) console.log(`  page errors:\n    ${errors.slice(0, 10).join('\n    ')}`);
    return { firstRowsMs, firstRequestMs: first?.ms, allRowsMs, allRequestMs: all?.ms, allRequestBytes: all?.bytes, screenPerFrame, drag, wheel };
  } finally {
    await browser.close();
  }
}
