/**
 * One read of a workbook in a fresh process, for `npm run bench:zip`:
 * `node --import tsx bench/zip/read-child.ts stream|whole <file>` prints
 * `{ ms, growthMb, stallMs, rows }` as JSON: the time, the resident memory's
 * peak over the level before, and the longest the event loop was held.
 * `stream`: the imports' reader (readSheet: guard, then the streaming read);
 * `whole`: exceljs loading the workbook whole, as the table imports did
 * before issue 20.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { bomSheetColumns, readSheet, spreadsheetLimits } from '@fmea/core';

const [mode, path] = process.argv.slice(2);
const data = new Uint8Array(readFileSync(path!));
const ExcelJS = (await import('exceljs')).default; // loaded before measuring: its loading is no part of a read
global.gc?.();
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const start = performance.now();
let rows: number;
if (mode === 'whole') {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  rows = workbook.worksheets[0]!.actualRowCount - 1;
} else {
  rows = (await readSheet(data, bomSheetColumns(), spreadsheetLimits('table', 3 * 1024 * 1024), { acceptUnmapped: true })).rows.length;
}
const ms = performance.now() - start;
peak = Math.max(peak, process.memoryUsage.rss());
await new Promise((done) => setTimeout(done, 20)); // a stall up to the very end is recorded too
delay.disable();
clearInterval(sampler);
process.stdout.write(`${JSON.stringify({ ms, growthMb: (peak - before) / (1024 * 1024), stallMs: delay.max / 1e6, rows })}\n`);
