/**
 * `npm run bench:dfmea [-- <chains>] [-- --no-browser]`: a DFMEA with 20,000
 * failure chains (FMEA_BENCH_CHAINS or the first argument for another count),
 * end to end. Prints
 * - engine: generating it (bulk import), exporting it to the AIAG-VDA workbook
 *   (file size), importing that workbook into a new project, the library
 *   floors of both (bench/dfmea/floors.ts: exceljs's streaming read of the
 *   same workbook plus a multi-row insert of the same rows; exceljs's
 *   streaming write of the same cells without merges), in-process grid reads
 *   and recomputing every AP;
 * - HTTP: `GET /api/fmea/riskGrid` of the real server (`fmea serve` on the
 *   same database, admin session) for all rows and for the grid's first page,
 *   in the compact form the workbench reads (rows rebuilt on the client) and
 *   in the rows form (row objects, the API's default);
 * - browser (Chromium): navigation → first grid rows, page size 20,000 → rows
 *   rendered, and frame times while scrolling the grid top to bottom;
 * - a table of the targets, each figure beside its floor from this run
 *   (issue 10): import < 10 s and ≤ 1.5× its floor; export < 10 s and
 *   (issue 20) ≤ 1.5× its floor; grid data over HTTP (median) < 1 s for the first page
 *   and, for all rows, < 1 s and ≤ 1.2× the in-process read; recompute every
 *   AP < 50 ms; page size 20,000 → rows rendered ≤ 2 s (a spreadsheet opens
 *   the sheet in 1–2 s); scrolling without dropped frames (at 60 Hz: no
 *   vsync missed between two requestAnimationFrame callbacks, whether
 *   scrolling one screen per frame, dragging through the whole grid in ~3 s,
 *   or 3 s of 120 px steps).
 * Exits 1 when an import, export, grid data or recompute target is missed or
 * the browser half fails (like bench:web with its budget). The browser's
 * targets (rows rendered, frames) are shown as met/MISSED but do not set the
 * exit code: headless Chromium with software rendering on a shared machine
 * is too noisy to gate on.
 * Asserts nothing else. Temp dirs and the server's process group are cleaned
 * up on exit, also on failure or Ctrl-C. FMEA_BENCH_DIST=<dir> serves an
 * existing workbench build instead of building one into the temp dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiLogin } from '../tests/e2e/support/api.ts';
import { buildWorkbench } from '../tests/e2e/support/build.ts';
import { ADMIN_PASSWORD, ADMIN_USER, startServer, type RunningServer } from '../tests/e2e/support/server.ts';
import { browserHalf, type BrowserFigures } from './dfmea/browser.ts';
import { engineHalf, inProcessGridReader } from './dfmea/engine.ts';
import { httpHalf, type HttpFigures } from './dfmea/http.ts';
import { fmt, mb, printTargets, times, type Target } from './dfmea/report.ts';

const args = process.argv.slice(2);
const CHAINS = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.FMEA_BENCH_CHAINS ?? 20_000);
const BROWSER = !args.includes('--no-browser');
const IMPORT_EXPORT_MS = 10_000;
const GRID_DATA_MS = 1_000;
/** Issue 10: recomputing every AP reads only S, O and D. */
const RECOMPUTE_MS = 50;
/** Issue 10: the whole grid over HTTP costs at most this many times the same read in-process. */
const HTTP_RATIO = 1.2;
/** Issue 10: import at most this many times a streaming exceljs read of the same workbook plus a multi-row insert of the same rows. */
const IMPORT_FLOOR_RATIO = 1.5;
/** Issue 20: export at most this many times exceljs's streaming write of the same cells. */
const EXPORT_FLOOR_RATIO = 1.5;
/** Issue 10: opening the full sheet in the browser takes no longer than in a spreadsheet. */
const BROWSER_ALL_ROWS_MS = 2_000;

const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-dfmea-'));
let server: RunningServer | undefined;
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await server?.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

console.log(`DFMEA benchmark: ${fmt(CHAINS)} failure chains (Node ${process.version}, temp dir ${dir})\n`);
let ok = false;
try {
  const engine = await engineHalf(dir, CHAINS);

  let dist = process.env.FMEA_BENCH_DIST;
  if (BROWSER && !dist) {
    const started = performance.now();
    dist = join(dir, 'dist');
    await buildWorkbench({ outDir: dist });
    console.log(`\nbuilt the workbench into the temp dir in ${((performance.now() - started) / 1000).toFixed(1)} s (vite build)`);
  }
  // `fmea serve` reads WORKBENCH_DIST at start (the server inherits this environment)
  if (dist) process.env.WORKBENCH_DIST = dist;
  server = await startServer({ dir });
  console.log(`server ${server.baseURL} (pid ${server.pid}, own process group) on the bench database${dist ? `, serving ${dist}` : ''}`);

  const session = await apiLogin(server.baseURL, ADMIN_USER, ADMIN_PASSWORD);
  const reader = await inProcessGridReader(dir, engine.projectId, engine.chains);
  let http: HttpFigures;
  try {
    http = await httpHalf(session, engine.projectId, engine.chains, reader.read);
  } finally {
    reader.close();
    // the browser's sign-in then finds no other session to force out
    await session.logout();
  }

  let browser: BrowserFigures | undefined;
  let browserFailed = false;
  if (BROWSER) {
    try {
      browser = await browserHalf(server.baseURL, engine.projectId, engine.chains);
    } catch (error) {
      browserFailed = true;
      console.log(`\nBrowser half failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n--- server output (tail) ---\n${server.output().slice(-3000)}`);
    }
  }

  const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
  const frames = browser?.screenPerFrame?.stats;
  const drag = browser?.drag?.stats;
  const wheel = browser?.wheel?.stats;
  const importFloorMs = engine.floors.readMs + engine.floors.insertMs;
  const httpRatio = http.allMedianMs / http.inProcessMedianMs;
  const importRatio = engine.importMs / importFloorMs;
  const targets: Target[] = [
    {
      name: `import ${fmt(CHAINS)} chains from xlsx`,
      measured: `${seconds(engine.importMs)} (${times(engine.importMs, importFloorMs)})`,
      floor: `${seconds(importFloorMs)} = read ${seconds(engine.floors.readMs)} + insert ${seconds(engine.floors.insertMs)}`,
      target: `< 10 s, ≤ ${IMPORT_FLOOR_RATIO}× floor`,
      met: engine.importMs < IMPORT_EXPORT_MS && importRatio <= IMPORT_FLOOR_RATIO,
    },
    {
      name: `export ${fmt(CHAINS)} chains to xlsx`,
      measured: `${seconds(engine.exportMs)} (${times(engine.exportMs, engine.floors.writeMs)})`,
      floor: `${seconds(engine.floors.writeMs)} streaming write, no merges`,
      target: `< 10 s, ≤ ${EXPORT_FLOOR_RATIO}× floor`,
      met: engine.exportMs < IMPORT_EXPORT_MS && engine.exportMs / engine.floors.writeMs <= EXPORT_FLOOR_RATIO,
    },
    {
      name: `grid data over HTTP, all rows (median)`,
      measured: `${seconds(http.allMedianMs)} (${times(http.allMedianMs, http.inProcessMedianMs)})`,
      floor: `${seconds(http.inProcessMedianMs)} in-process read (median)`,
      target: `< 1 s, ≤ ${HTTP_RATIO}× floor`,
      met: http.allMedianMs < GRID_DATA_MS && httpRatio <= HTTP_RATIO,
    },
    {
      name: `  the same as row objects (format=rows)`,
      measured: `${seconds(http.rowsAllMedianMs)} (${times(http.rowsAllMedianMs, http.inProcessMedianMs)})`,
      floor: `${mb(http.rowsAllBytes)} against ${mb(http.allBytes)} compact`,
      target: '–',
      met: true,
    },
    { name: `grid data over HTTP, first page (median)`, measured: seconds(http.pageMedianMs), floor: `row objects: ${seconds(http.rowsPageMedianMs)}`, target: '< 1 s', met: http.pageMedianMs < GRID_DATA_MS },
    { name: 'recompute every AP (median)', measured: `${engine.recomputeMs.toFixed(0)} ms`, target: `< ${RECOMPUTE_MS} ms`, met: engine.recomputeMs < RECOMPUTE_MS },
    { name: 'browser: navigation → first grid rows', measured: browser ? seconds(browser.firstRowsMs) : '–', target: '–', met: browser ? true : undefined },
    {
      name: `browser: page size ${fmt(CHAINS)} → rows rendered`,
      measured: browser?.allRowsMs !== undefined ? seconds(browser.allRowsMs) : '–',
      floor: 'a spreadsheet opening the sheet: 1–2 s',
      target: `≤ ${seconds(BROWSER_ALL_ROWS_MS)}`,
      met: browser?.allRowsMs !== undefined ? browser.allRowsMs <= BROWSER_ALL_ROWS_MS : undefined,
      informative: true,
    },
    {
      name: 'scrolling, one screen per frame: frames dropped',
      measured: frames ? `${frames.dropped} (${frames.over16} of ${fmt(frames.frames)} late)` : '–',
      target: '0',
      met: frames ? frames.dropped === 0 : undefined,
      informative: true,
    },
    {
      name: 'scrolling, ~3 s drag: frames dropped',
      measured: drag ? `${drag.dropped} (${drag.over16} of ${fmt(drag.frames)} late)` : '–',
      target: '0',
      met: drag ? drag.dropped === 0 : undefined,
      informative: true,
    },
    {
      name: 'scrolling, 3 s at 120 px/frame: frames dropped',
      measured: wheel ? `${wheel.dropped} (${wheel.over16} of ${fmt(wheel.frames)} late)` : '–',
      target: '0',
      met: wheel ? wheel.dropped === 0 : undefined,
      informative: true,
    },
  ];
  printTargets(targets);
  ok = !browserFailed && targets.every((t) => t.informative || t.met !== false);
  if (!BROWSER) console.log('  (browser half skipped: --no-browser)');
} finally {
  await cleanup();
}
if (!ok) process.exitCode = 1;
