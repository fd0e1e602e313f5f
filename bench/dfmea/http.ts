/**
 * The risk grid's data over HTTP from the real server (`fmea serve` in its own
 * process group), with the administrator's session: all rows in one request
 * (the grid's 20,000 page size), each followed by the same read in-process,
 * and the first page the browser asks for.
 */
import { performance } from 'node:perf_hooks';
import type { ApiSession } from '../../tests/e2e/support/api.ts';
import { fmt, mb, median, ms } from './report.ts';

/** The page size the risk grid opens with (RiskAnalysisStep: pageSize 500). */
export const FIRST_PAGE = 500;

interface Timing {
  ms: number;
  bytes: number;
  rows: number;
}

async function getGrid(session: ApiSession, projectId: string, limit: number): Promise<Timing> {
  const url = `${session.baseURL}/api/fmea/riskGrid?projectId=${encodeURIComponent(projectId)}&page=1&limit=${limit}`;
  const start = performance.now();
  const res = await fetch(url, { headers: { token: session.token ?? '', lang: 'zh-CN' } });
  const text = await res.text();
  const json = JSON.parse(text) as { meta: { success: boolean; message: string }; data: { items: unknown[] } };
  const elapsed = performance.now() - start;
  if (!json.meta.success) throw new Error(`GET /api/fmea/riskGrid answered ${res.status}: ${json.meta.message}`);
  return { ms: elapsed, bytes: Buffer.byteLength(text), rows: json.data.items.length };
}

export interface HttpFigures {
  allColdMs: number;
  allMedianMs: number;
  pageMedianMs: number;
  /** The same read in-process (readRiskGrid, all rows), timed between the HTTP reads: the HTTP figure's floor. */
  inProcessMedianMs: number;
}

/**
 * One cold request, then `runs` more of each; figures are request → body
 * parsed on the client. `readInProcess` (the same read through the engine in
 * this process) runs after each request for all rows, so both figures see the
 * same machine load.
 */
export async function httpHalf(session: ApiSession, projectId: string, chains: number, readInProcess: () => Promise<unknown>, runs = 5): Promise<HttpFigures> {
  console.log(`\nRisk grid over HTTP (GET /api/fmea/riskGrid, loopback, request → JSON parsed), each beside the same read in-process`);
  const cold = await getGrid(session, projectId, chains);
  const all: Timing[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < runs; i++) {
    all.push(await getGrid(session, projectId, chains));
    const start = performance.now();
    await readInProcess();
    inProcess.push(performance.now() - start);
  }
  const pages: Timing[] = [];
  for (let i = 0; i < runs; i++) pages.push(await getGrid(session, projectId, FIRST_PAGE));
  const allMedian = median(all.map((t) => t.ms));
  const inProcessMedian = median(inProcess);
  const pageMedian = median(pages.map((t) => t.ms));
  const row = (label: string, value: number, detail: string) => console.log(`  ${label.padEnd(44)} ${value.toFixed(0).padStart(7)} ms  ${detail}`);
  row(`all ${fmt(chains)} rows, first request`, cold.ms, `${fmt(cold.rows)} rows, ${mb(cold.bytes)} JSON`);
  row(`all ${fmt(chains)} rows, median of ${runs}`, allMedian, `runs ${all.map((t) => ms(t.ms)).join(', ')}`);
  row(`  the same read in-process, median of ${runs}`, inProcessMedian, `runs ${inProcess.map(ms).join(', ')}; HTTP ${(allMedian / inProcessMedian).toFixed(2)}× that`);
  row(`first page (page=1&limit=${FIRST_PAGE}), median of ${runs}`, pageMedian, `${fmt(pages[0]!.rows)} rows, ${(pages[0]!.bytes / 1024).toFixed(0)} KB JSON`);
  return { allColdMs: cold.ms, allMedianMs: allMedian, pageMedianMs: pageMedian, inProcessMedianMs: inProcessMedian };
}
