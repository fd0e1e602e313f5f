import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { columnLetter } from '../../shared/sheet-columns.ts';
import { SPREADSHEET_LIMIT_BYTES } from '../../shared/xlsx.ts';
import { readWorkbook, excel, type SheetText } from '../../shared/workbook-stream.ts';
import { spreadsheetLimits, type SpreadsheetLimits } from '../../shared/zip-guard.ts';

export { cellText, excel } from '../../shared/workbook-stream.ts';

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

/**
 * Every sheet's rows as text arrays (1-based columns at index 1), read as a
 * stream (shared/workbook-stream.ts) after the zip guard's `limits`. Merged
 * ranges are not filled in: the form's readers carry headings and values
 * over merges themselves (headers.ts, legacy.ts).
 */
export async function readAllSheets(data: Uint8Array, limits: SpreadsheetLimits = spreadsheetLimits('dfmea', SPREADSHEET_LIMIT_BYTES)): Promise<SheetText[]> {
  return readWorkbook(data, limits);
}
