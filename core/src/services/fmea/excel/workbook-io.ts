import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { InvalidInputError } from '../../../errors.ts';
import { columnLetter } from '../../shared/sheet-columns.ts';
import { SPREADSHEET_LIMIT_BYTES } from '../../shared/xlsx.ts';
import { guardSpreadsheet, spreadsheetLimits, type SpreadsheetLimits } from '../../shared/zip-guard.ts';
import { workbookReader } from './workbook-reader.ts';

/** exceljs is large: loaded on first use. */
export async function excel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/** A streaming writer (no quadratic merge replay) whose bytes are collected in memory. */
export async function streamingWorkbook(): Promise<{ workbook: ExcelJS.stream.xlsx.WorkbookWriter; bytes: () => Promise<Uint8Array> }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  return {
    workbook,
    async bytes() {
      await workbook.commit();
      await ended;
      const buffer = Buffer.concat(chunks);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    },
  };
}

/**
 * Gives every cell of a row one style object, shared with other rows. exceljs's
 * writer turns each cell's style into XML to find its style id, unless it has
 * seen that very object before (a WeakMap): with a fresh `{}` per cell, as
 * `row.alignment = …` or a plain `addRow` leave them, the 20,000-chain export
 * spent seconds rendering the same few styles a million times. `style` must
 * never be changed afterwards (no `cell.fill = …` on such a cell: give it
 * another shared style instead).
 */
export function shareStyle(row: ExcelJS.Row, style: Partial<ExcelJS.Style>): void {
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.style = style;
  });
}

/**
 * Merges a range of a streaming worksheet's rows not yet committed, the cheap
 * way: exceljs's `mergeCells` checks the range against every merge made
 * before (quadratic over a 20,000-row form's thousands of merges) and writes
 * an empty cell for every cell the range covers, which a spreadsheet does not
 * need (the range shows its first cell). This records the range alone, for
 * the sheet's `<mergeCells>`. Only for ranges that cannot overlap another
 * (the caller's to know), and no `mergeCells` on the sheet afterwards.
 */
export function recordMerge(sheet: ExcelJS.Worksheet, top: number, left: number, bottom: number, right: number): void {
  (sheet as unknown as { _merges: string[] })._merges.push(`${columnLetter(left)}${top}:${columnLetter(right)}${bottom}`);
}

/** The style of cells written without one (exceljs would give each its own empty object). */
export const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({}) as Partial<ExcelJS.Style>;
/** Wrapped text at the top of the cell: the data rows of the form and the list sheets. */
export const WRAPPED_STYLE: Partial<ExcelJS.Style> = Object.freeze({ alignment: Object.freeze({ wrapText: true, vertical: 'top' }) }) as Partial<ExcelJS.Style>;

type Sheets = { name: string; rows: { row: number; cells: string[] }[] }[];

/** A row's texts; empty cells at its end are left off (the streaming and the ordinary reader disagree on whether an empty text cell counts). */
function rowCells(values: ExcelJS.CellValue[]): string[] {
  const cells: string[] = [];
  for (let c = 1; c < values.length; c++) cells[c] = cellText(values[c] ?? null);
  while (cells.length > 1 && !cells[cells.length - 1]) cells.length--;
  return cells;
}

/** One pass of the streaming reader (which ignores merges: no quadratic replay); also the number of sheets workbook.xml declares. */
async function streamSheets(data: Uint8Array): Promise<{ sheets: Sheets; declared: number }> {
  // exceljs's reader with its zip loop and text decoding mended (workbook-reader.ts: both lost data)
  const reader = workbookReader(await excel(), Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // styles tell date cells from numbers (legacy sheets hold real dates)
    styles: 'cache',
    worksheets: 'emit',
  });
  const sheets: Sheets = [];
  for await (const sheet of reader) {
    const rows: { row: number; cells: string[] }[] = [];
    for await (const row of sheet) rows.push({ row: row.number, cells: rowCells(row.values as ExcelJS.CellValue[]) });
    sheets.push({ name: (sheet as unknown as { name?: string }).name ?? '', rows });
  }
  // No model means workbook.xml was not seen either: not trustworthy, read again.
  const declared = (reader as unknown as { model?: { sheets?: unknown[] } }).model?.sheets?.length ?? Number.POSITIVE_INFINITY;
  return { sheets, declared };
}

/**
 * Every sheet's rows as text arrays (1-based columns at index 1). Under load
 * the streaming reader now and then loses a worksheet it parked in a temp
 * file, or fails on it (seen about once in a few hundred reads in parallel
 * test runs): a pass that fails or returns fewer sheets than the workbook
 * declares is repeated, and the last resort is the ordinary reader (which
 * replays merges, slowly, but is only reached when streaming failed).
 * `limits` (zip-guard.ts) are checked first, before exceljs sees a byte.
 */
export async function readAllSheets(data: Uint8Array, limits: SpreadsheetLimits = spreadsheetLimits('dfmea', SPREADSHEET_LIMIT_BYTES)): Promise<Sheets> {
  await guardSpreadsheet(data, limits);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { sheets, declared } = await streamSheets(data);
      if (sheets.length >= declared) return sheets;
    } catch {
      // fall through: read again, then with the ordinary reader
    }
  }
  try {
    const workbook = new (await excel()).Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    return workbook.worksheets.map((ws) => {
      const rows: { row: number; cells: string[] }[] = [];
      ws.eachRow({ includeEmpty: false }, (row, number) => rows.push({ row: number, cells: rowCells(row.values as ExcelJS.CellValue[]) }));
      return { name: ws.name, rows };
    });
  } catch {
    throw new InvalidInputError('file.workbook_unreadable'); // the library's own text is no message for a user
  }
}
