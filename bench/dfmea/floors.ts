/**
 * The library floors of `npm run bench:dfmea`, measured in the same run on the
 * same data as the figures they sit beside (issue 10):
 * - reading: exceljs's own streaming reader over the exported workbook, every
 *   cell of every sheet touched, nothing checked or built;
 * - inserting: the rows the workbook import wrote (read back from the
 *   imported project, ids renewed) written into a new project of the same
 *   database as drizzle multi-row inserts of 100 rows in one transaction, no
 *   checks, no log;
 * - writing: exceljs's streaming writer writing the same sheets' cells again,
 *   without styles, merges or widths.
 * Import floor = reading + inserting; export floor = writing.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ANALYSIS_ROW_TABLES, createProject, type ServiceContext, type TeamMember } from '@fmea/core';

type Cell = ExcelJS.CellValue;
export type SheetRows = { name: string; rows: Cell[][] }[];

/** exceljs's streaming reader as its docs show it, over the workbook's bytes; each row's values kept as exceljs hands them. */
export async function readFloor(bytes: Uint8Array): Promise<{ ms: number; sheets: SheetRows; cells: number }> {
  const start = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  const sheets: SheetRows = [];
  let cells = 0;
  for await (const sheet of reader) {
    const rows: Cell[][] = [];
    for await (const row of sheet) {
      const values = row.values as Cell[];
      cells += values.length;
      rows.push(values);
    }
    sheets.push({ name: (sheet as unknown as { name?: string }).name ?? `sheet${sheets.length + 1}`, rows });
  }
  return { ms: performance.now() - start, sheets, cells };
}

/** exceljs's streaming writer, no styles, no shared strings, no merges: the same cells into an in-memory xlsx. */
export async function writeFloor(sheets: SheetRows): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const stream = new PassThrough();
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name.slice(0, 31));
    for (const values of sheet.rows) ws.addRow(values.slice(1).map(plain)).commit();
    ws.commit();
  }
  await workbook.commit();
  await ended;
  return { ms: performance.now() - start, bytes };
}

/** A read cell as a plain value to write back (the export writes texts and numbers). */
function plain(value: Cell | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !(value instanceof Date)) {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return plain(value.result as Cell);
    return null;
  }
  return value;
}

/**
 * The rows `source` holds, copied into a new project of the same database
 * with new ids (untimed), then the timed part: one transaction of drizzle
 * multi-row inserts, `batch` rows per statement, parents before children.
 */
export async function insertFloor(ctx: ServiceContext, source: string, members: TeamMember[], batch = 100): Promise<{ ms: number; rows: number }> {
  const target = await createProject(ctx, { projectType: 'dfmea', name: 'Bench DFMEA (insert floor)', members });
  const tables = [] as { table: (typeof ANALYSIS_ROW_TABLES)[number][1]; rows: Record<string, unknown>[] }[];
  for (const [, table] of ANALYSIS_ROW_TABLES) tables.push({ table, rows: await ctx.db.select().from(table).where(eq(table.projectId, source)) });

  // every id of the source project gets a new one; the product node is the new project's own
  const ids = new Map<string, string>([[source, target.id]]);
  const nodes = tables[0]!.rows as { id: string; parentId: string | null }[];
  for (const { rows } of tables) for (const row of rows) ids.set(row.id as string, randomUUID());
  const root = nodes.find((n) => n.parentId === null)!;
  ids.set(root.id, target.rootNodeId!);
  // parents first (insert order follows depth)
  const depth = new Map<string, number>();
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]));
  const depthOf = (id: string): number => {
    let d = depth.get(id);
    if (d === undefined) {
      const parent = parentOf.get(id);
      depth.set(id, (d = parent ? depthOf(parent) + 1 : 0));
    }
    return d;
  };
  tables[0]!.rows = nodes.filter((n) => n !== root).sort((a, b) => depthOf(a.id) - depthOf(b.id));
  const renew = (row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) out[key] = typeof value === 'string' ? (ids.get(value) ?? value) : value;
    return out;
  };
  const prepared = tables.map(({ table, rows }) => ({ table, rows: rows.map(renew) }));

  const start = performance.now();
  let written = 0;
  await ctx.db.transaction(async (tx) => {
    for (const { table, rows } of prepared) {
      for (let i = 0; i < rows.length; i += batch) {
        await tx.insert(table).values(rows.slice(i, i + batch) as never);
        written += Math.min(batch, rows.length - i);
      }
    }
  });
  return { ms: performance.now() - start, rows: written };
}
