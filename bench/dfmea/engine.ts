/**
 * The in-process half of `npm run bench:dfmea`: a synthetic DFMEA built through
 * the engine's bulk import, the AIAG-VDA workbook export and import (the core
 * functions behind `project/exportData` / `project/importData` and
 * `fmea dfmea export|import`), in-process grid reads and recomputing every AP
 * (five runs, median).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createContext,
  createProject,
  exportDfmeaWorkbook,
  findUserRow,
  importAnalysis,
  importDfmeaWorkbook,
  openDatabase,
  prepareDatabase,
  readRiskGrid,
  recomputeAllAp,
  SPREADSHEET_LIMIT_BYTES,
  syntheticAnalysis,
} from '@fmea/core';
import { ADMIN_PASSWORD, ADMIN_USER } from '../../tests/e2e/support/server.ts';
import { fmt, mb, median, timed } from './report.ts';

/** Recompute is timed this many times; the figure is the median. */
const RECOMPUTE_RUNS = 5;

export interface EngineFigures {
  /** The project imported from the workbook (what the server and the browser then open). */
  projectId: string;
  chains: number;
  exportMs: number;
  importMs: number;
  /** Median of the recompute runs. */
  recomputeMs: number;
  xlsxBytes: number;
}

/**
 * Works on `<dir>/e2e.db` (the file `tests/e2e/support/server.ts` serves from
 * `dir`), seeded like `fmea serve` does with the e2e admin password. The
 * administrator owns both projects (responsible member, role 0).
 */
export async function engineHalf(dir: string, chains: number): Promise<EngineFigures> {
  const database = await openDatabase(`file:${join(dir, 'e2e.db')}`);
  try {
    await prepareDatabase(database.db, createContext(database.db), { adminPassword: ADMIN_PASSWORD });
    const admin = await findUserRow(database.db, ADMIN_USER);
    const ctx = createContext(database.db, { userId: admin.id, userName: admin.userName });
    const owner = [{ userId: admin.id, roles: [0] }];

    console.log(`Engine (in-process, WAL file database)`);
    const generated = await createProject(ctx, { projectType: 'dfmea', name: 'Bench DFMEA (generated)', members: owner });
    const input = syntheticAnalysis({ chains });
    await timed('generate: bulk import, one transaction', () => importAnalysis(ctx, generated.id, input), (r) =>
      `${fmt(Object.values(r.counts).reduce((a, b) => a + b, 0))} rows written`,
    );

    const exported = await timed('export to xlsx (exportDfmeaWorkbook)', () => exportDfmeaWorkbook(ctx, generated.id, { locale: 'zh-CN' }), (bytes) =>
      `${mb(bytes.byteLength)} (${fmt(bytes.byteLength)} bytes)`,
    );
    const bytes = exported.result;
    const file = join(dir, `dfmea-${chains}.xlsx`);
    writeFileSync(file, bytes);
    if (bytes.byteLength > SPREADSHEET_LIMIT_BYTES) {
      console.log(
        `    note: the file is over the default ${mb(SPREADSHEET_LIMIT_BYTES)} import limit; imported below with the limit lifted` +
          ` (a site raises it with IMPORT_MAX_MB=${Math.ceil(bytes.byteLength / 1024 / 1024)})`,
      );
    }

    const imported = await timed(
      'import from xlsx into a new project',
      () => importDfmeaWorkbook(ctx, bytes, { fileName: 'dfmea-bench.xlsx', newProject: { members: owner }, limit: Number.MAX_SAFE_INTEGER }),
      (r) => `${fmt(r.imported)} of ${fmt(r.rows)} sheet rows, project ${r.serialNum}`,
    );
    const projectId = imported.result.projectId;

    const first = await readRiskGrid(ctx, projectId, { limit: 1 });
    if (first.total !== chains) console.log(`    WARNING: the imported project has ${fmt(first.total)} chains, the generated one ${fmt(chains)}`);

    for (const run of ['cold', 'warm']) {
      await timed(`grid read in-process, all rows (${run})`, () => readRiskGrid(ctx, projectId, { limit: chains }), (r) => `${fmt(r.items.length)} rows`);
    }
    await timed('grid read in-process, first page of 500', () => readRiskGrid(ctx, projectId, { page: 1, limit: 500 }), (r) => `${fmt(r.items.length)} of ${fmt(r.total)}`);
    const recomputes: number[] = [];
    for (let i = 0; i < RECOMPUTE_RUNS; i++) {
      const run = await timed(`recompute every AP (recomputeAllAp), run ${i + 1}`, () => recomputeAllAp(ctx, projectId), (s) => `H ${fmt(s.H)} / M ${fmt(s.M)} / L ${fmt(s.L)}`);
      recomputes.push(run.ms);
    }
    return { projectId, chains: first.total, exportMs: exported.ms, importMs: imported.ms, recomputeMs: median(recomputes), xlsxBytes: bytes.byteLength };
  } finally {
    database.close();
  }
}
