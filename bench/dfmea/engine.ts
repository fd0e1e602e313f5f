/**
 * The in-process half of `npm run bench:dfmea`: a synthetic DFMEA built through
 * the engine's bulk import, the AIAG-VDA workbook export and import (the core
 * functions behind `project/exportData` / `project/importData` and
 * `fmea dfmea export|import`) with their library floors (floors.ts),
 * in-process grid reads (three warm runs, median) and recomputing every AP
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
} from '@fmea/core';
import { syntheticAnalysis } from '@fmea/core/testing';
import { ADMIN_PASSWORD, ADMIN_USER } from '../../tests/e2e/support/server.ts';
import { insertFloor, readFloor, writeFloor } from './floors.ts';
import { fmt, line, mb, median, timed } from './report.ts';

/** Recompute is timed this many times; the figure is the median. */
const RECOMPUTE_RUNS = 5;
/** Warm in-process reads of the whole grid; the figure is the median. */
const GRID_RUNS = 3;

export interface EngineFigures {
  /** The project imported from the workbook (what the server and the browser then open). */
  projectId: string;
  chains: number;
  exportMs: number;
  importMs: number;
  /** Median of the recompute runs. */
  recomputeMs: number;
  xlsxBytes: number;
  /** Median of the warm in-process reads of all rows (readRiskGrid): what the HTTP read is held against. */
  gridReadMs: number;
  /** The library floors (floors.ts): import against read + insert, export against write. */
  floors: { readMs: number; insertMs: number; writeMs: number };
}

/**
 * The grid read in-process (all rows through readRiskGrid, as the
 * administrator) on the bench database, for timing beside the HTTP read while
 * the server runs on the same file (WAL: readers do not block).
 */
export async function inProcessGridReader(dir: string, projectId: string, chains: number) {
  const database = await openDatabase(`file:${join(dir, 'e2e.db')}`);
  const admin = await findUserRow(database.db, ADMIN_USER);
  const ctx = createContext(database.db, { userId: admin.id, userName: admin.userName });
  return {
    read: () => readRiskGrid(ctx, projectId, { limit: chains }),
    close: () => database.close(),
  };
}

/**
 * The bench database: `<dir>/e2e.db` (the file `tests/e2e/support/server.ts`
 * serves from `dir`), seeded like `fmea serve` does with the e2e admin
 * password; the administrator's context, and the team that makes the
 * administrator a project's owner (responsible member, role 0). Shared by
 * bench:dfmea and bench:pfmea; the caller closes `database`.
 */
export async function openBenchDatabase(dir: string) {
  const database = await openDatabase(`file:${join(dir, 'e2e.db')}`);
  try {
    await prepareDatabase(database.db, createContext(database.db), { adminPassword: ADMIN_PASSWORD });
    const admin = await findUserRow(database.db, ADMIN_USER);
    const ctx = createContext(database.db, { userId: admin.id, userName: admin.userName });
    return { database, ctx, owner: [{ userId: admin.id, roles: [0] }] };
  } catch (error) {
    database.close();
    throw error;
  }
}

/** On the bench database (openBenchDatabase); the administrator owns both projects. */
export async function engineHalf(dir: string, chains: number): Promise<EngineFigures> {
  const { database, ctx, owner } = await openBenchDatabase(dir);
  try {

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

    console.log(`Library floors (same workbook, same rows, same database)`);
    const read = await readFloor(bytes);
    line('floor: exceljs streaming read of the workbook', read.ms, `${read.sheets.length} sheets, ${fmt(read.sheets.reduce((n, s) => n + s.rows.length, 0))} rows, ${fmt(read.cells)} cells`);
    const insert = await insertFloor(ctx, projectId, owner);
    line('floor: multi-row insert of the imported rows', insert.ms, `${fmt(insert.rows)} rows, 100 per statement, one transaction`);
    line('import floor (read + insert)', read.ms + insert.ms, `import took ${(imported.ms / (read.ms + insert.ms)).toFixed(2)}× that`);
    const write = await writeFloor(read.sheets);
    line('export floor: exceljs streaming write, no merges', write.ms, `${mb(write.bytes)}; export took ${(exported.ms / write.ms).toFixed(2)}× that`);

    await timed(`grid read in-process, all rows (cold)`, () => readRiskGrid(ctx, projectId, { limit: chains }), (r) => `${fmt(r.items.length)} rows`);
    const gridReads: number[] = [];
    for (let i = 0; i < GRID_RUNS; i++) {
      gridReads.push((await timed(`grid read in-process, all rows (warm ${i + 1})`, () => readRiskGrid(ctx, projectId, { limit: chains }), (r) => `${fmt(r.items.length)} rows`)).ms);
    }
    await timed('grid read in-process, first page of 500', () => readRiskGrid(ctx, projectId, { page: 1, limit: 500 }), (r) => `${fmt(r.items.length)} of ${fmt(r.total)}`);
    const recomputes: number[] = [];
    for (let i = 0; i < RECOMPUTE_RUNS; i++) {
      const run = await timed(`recompute every AP (recomputeAllAp), run ${i + 1}`, () => recomputeAllAp(ctx, projectId), (s) => `H ${fmt(s.H)} / M ${fmt(s.M)} / L ${fmt(s.L)}`);
      recomputes.push(run.ms);
    }
    return {
      projectId,
      chains: first.total,
      exportMs: exported.ms,
      importMs: imported.ms,
      recomputeMs: median(recomputes),
      xlsxBytes: bytes.byteLength,
      gridReadMs: median(gridReads),
      floors: { readMs: read.ms, insertMs: insert.ms, writeMs: write.ms },
    };
  } finally {
    database.close();
  }
}
