/**
 * The risk grid's data over HTTP from the real server (`fmea serve` in its own
 * process group), with the administrator's session: all rows in one request
 * (the grid's 20,000 page size), in the compact form the workbench reads
 * (request → JSON parsed → rows rebuilt by `expandCompactGrid`) and in the
 * rows form integrators get by default (request → JSON parsed), each round
 * followed by the same read in-process; then the first page the browser asks
 * for, in both forms.
 */
import { performance } from 'node:perf_hooks';
import { expandCompactGrid, type CompactGridShape } from '@fmea/core';
import type { ApiSession } from '../../tests/e2e/support/api.ts';
import { fmt, mb, median, ms } from './report.ts';

/** The page size the risk grid opens with (RiskAnalysisStep: pageSize 500). */
export const FIRST_PAGE = 500;

type Format = 'compact' | 'rows';

interface Timing {
  ms: number;
  bytes: number;
  rows: number;
}

async function getGrid(session: ApiSession, projectId: string, limit: number, format: Format): Promise<Timing> {
  const url = `${session.baseURL}/api/fmea/riskGrid?projectId=${encodeURIComponent(projectId)}&page=1&limit=${limit}&format=${format}`;
  const start = performance.now();
  const res = await fetch(url, { headers: { token: session.token ?? '', lang: 'zh-CN' } });
  const text = await res.text();
  const json = JSON.parse(text) as { meta: { success: boolean; message: string }; data: { items: unknown[] } | CompactGridShape };
  // the compact form is what the workbench reads: its figure includes rebuilding the rows (risk-api.ts fetchRiskGrid)
  const rows = 'items' in json.data ? json.data.items : expandCompactGrid(json.data);
  const elapsed = performance.now() - start;
  if (!json.meta.success) throw new Error(`GET /api/fmea/riskGrid answered ${res.status}: ${json.meta.message}`);
  return { ms: elapsed, bytes: Buffer.byteLength(text), rows: rows.length };
}

export interface HttpFigures {
  /** The compact form, all rows: the first request and the median. */
  allColdMs: number;
  allMedianMs: number;
  allBytes: number;
  /** The rows form, all rows (median). */
  rowsAllMedianMs: number;
  rowsAllBytes: number;
  /** The first page in the compact form (what the browser asks for) and in the rows form (medians). */
  pageMedianMs: number;
  rowsPageMedianMs: number;
  /** The same read in-process (readRiskGrid, all rows), timed between the HTTP reads: the HTTP figure's floor. */
  inProcessMedianMs: number;
}

/**
 * One cold request, then `runs` rounds of: all rows compact, all rows as row
 * objects, the in-process read (so all three see the same machine load);
 * then `runs` first pages of each form. Figures are request → rows in hand
 * on the client.
 */
export async function httpHalf(session: ApiSession, projectId: string, chains: number, readInProcess: () => Promise<unknown>, runs = 7): Promise<HttpFigures> {
  console.log(`\nRisk grid over HTTP (GET /api/fmea/riskGrid, loopback, request → JSON parsed → rows), each round beside the same read in-process`);
  const cold = await getGrid(session, projectId, chains, 'compact');
  const compact: Timing[] = [];
  const rows: Timing[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < runs; i++) {
    compact.push(await getGrid(session, projectId, chains, 'compact'));
    rows.push(await getGrid(session, projectId, chains, 'rows'));
    const start = performance.now();
    await readInProcess();
    inProcess.push(performance.now() - start);
  }
  const pages: Record<Format, Timing[]> = { compact: [], rows: [] };
  for (let i = 0; i < runs; i++) for (const format of ['compact', 'rows'] as const) pages[format].push(await getGrid(session, projectId, FIRST_PAGE, format));
  const figures: HttpFigures = {
    allColdMs: cold.ms,
    allMedianMs: median(compact.map((t) => t.ms)),
    allBytes: compact[0]!.bytes,
    rowsAllMedianMs: median(rows.map((t) => t.ms)),
    rowsAllBytes: rows[0]!.bytes,
    pageMedianMs: median(pages.compact.map((t) => t.ms)),
    rowsPageMedianMs: median(pages.rows.map((t) => t.ms)),
    inProcessMedianMs: median(inProcess),
  };
  const row = (label: string, value: number, detail: string) => console.log(`  ${label.padEnd(44)} ${value.toFixed(0).padStart(7)} ms  ${detail}`);
  const ratio = (value: number) => `${(value / figures.inProcessMedianMs).toFixed(2)}× in-process`;
  row(`all ${fmt(chains)} rows, compact, first request`, cold.ms, `${fmt(cold.rows)} rows, ${mb(cold.bytes)} JSON`);
  row(`all ${fmt(chains)} rows, compact, median of ${runs}`, figures.allMedianMs, `${ratio(figures.allMedianMs)}; runs ${compact.map((t) => ms(t.ms)).join(', ')}`);
  row(`all ${fmt(chains)} rows, row objects, median of ${runs}`, figures.rowsAllMedianMs, `${ratio(figures.rowsAllMedianMs)}; ${mb(figures.rowsAllBytes)} JSON; runs ${rows.map((t) => ms(t.ms)).join(', ')}`);
  row(`  the same read in-process, median of ${runs}`, figures.inProcessMedianMs, `runs ${inProcess.map(ms).join(', ')}`);
  row(`first page (limit=${FIRST_PAGE}), compact, median of ${runs}`, figures.pageMedianMs, `${fmt(pages.compact[0]!.rows)} rows, ${(pages.compact[0]!.bytes / 1024).toFixed(0)} KB JSON`);
  row(`first page (limit=${FIRST_PAGE}), row objects, median of ${runs}`, figures.rowsPageMedianMs, `${(pages.rows[0]!.bytes / 1024).toFixed(0)} KB JSON`);
  return figures;
}
