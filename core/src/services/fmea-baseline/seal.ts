import { createHash, type Hash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { cellText } from '../fmea/excel/workbook-io.ts';
import { readZipDirectory } from '../shared/zip-directory.ts';

/**
 * The workbook seal (docs/domain/fmea-baselines.md, "Verify"): sha256 over the
 * text of every non-empty row of every sheet, as the spreadsheet reader gives
 * it back (cells trimmed, numbers as written, empty cells at a row's end left
 * off), sheet by sheet in order:
 *
 *     seal = sha256( for each sheet: name NUL sha256( for each row: number TAB cells joined by TAB LF ) LF )
 *
 * It is stored as the workbook's identifier property (`fmea-seal:v1:<hex>`),
 * the one thing it does not cover; the stamp (project, version, baseline,
 * content hash) stands in the cells and the other properties, so it is sealed
 * too. A seal shows an edit made after export; it is no signature (no secret
 * goes into it): whoever recomputes it can forge it.
 */
export const SEAL_PREFIX = 'fmea-seal:v1:';

/**
 * A row's line of the seal: its number, then its texts as the reader returns
 * them (workbook-io's rowCells: trimmed, index 1 column A, empty cells at the
 * end left off) joined by tabs; null for a row without text.
 */
export function rowLine(number: number, values: readonly ExcelJS.CellValue[]): string | null {
  const cells: string[] = [];
  for (let c = 1; c < values.length; c++) cells[c] = cellText(values[c] ?? null);
  while (cells.length > 1 && !cells[cells.length - 1]) cells.length--;
  if (!cells.some((c) => c)) return null;
  return `${number}\t${cells.slice(1).map((c) => c ?? '').join('\t')}\n`;
}

class SealHasher {
  private readonly sheets: { name: string; hash: Hash }[] = [];
  sheet(name: string): Hash {
    const hash = createHash('sha256');
    this.sheets.push({ name, hash });
    return hash;
  }
  row(hash: Hash, number: number, values: readonly ExcelJS.CellValue[]): void {
    const line = rowLine(number, values);
    if (line) hash.update(line, 'utf8');
  }
  seal(): string {
    const all = createHash('sha256');
    for (const s of this.sheets) all.update(`${s.name}\u0000${s.hash.digest('hex')}\n`, 'utf8');
    return all.digest('hex');
  }
}

/** exceljs's ValueType.Merge: a cell covered by a merge, written empty (its master holds the text). */
const MERGED = 1;

/** What records a workbook's seal while it is written (`sealRecorder`). */
export interface SealRecorder {
  /** A row written past exceljs's row writer (`RowWriter`), as its line: `rowLine`'s text, which the writer builds as it goes. */
  line(sheet: ExcelJS.Worksheet, line: string): void;
  seal(): string;
}

/**
 * Watches every row as each sheet writes it to the file (after its merges:
 * a cell a merge covers is written empty, so it is read back empty) and gives
 * the seal of what was written once the sheets are done. Hooks the streaming
 * worksheet's row writer, the one place every row exceljs writes passes; rows
 * written straight into a sheet's XML are told by their writer (`row`).
 */
export function sealRecorder(workbook: ExcelJS.stream.xlsx.WorkbookWriter): SealRecorder {
  const hasher = new SealHasher();
  const hashes = new WeakMap<object, Hash>();
  const addWorksheet = workbook.addWorksheet.bind(workbook);
  workbook.addWorksheet = ((name: string, options?: Partial<ExcelJS.AddWorksheetOptions>) => {
    const sheet = addWorksheet(name, options) as unknown as { _writeRow(row: ExcelJS.Row): void };
    const hash = hasher.sheet(name);
    hashes.set(sheet, hash);
    const writeRow = sheet._writeRow.bind(sheet);
    sheet._writeRow = (row: ExcelJS.Row) => {
      const values: ExcelJS.CellValue[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        values[col] = (cell.type as number) === MERGED ? null : cell.value;
      });
      hasher.row(hash, row.number, values);
      writeRow(row);
    };
    return sheet as unknown as ExcelJS.Worksheet;
  }) as typeof workbook.addWorksheet;
  return {
    line: (sheet, line) => hashes.get(sheet)!.update(line, 'utf8'),
    seal: () => hasher.seal(),
  };
}

/**
 * The seal of a workbook built whole in memory (exceljs's ordinary
 * `Workbook`, the flow chart's), taken before it is written: every row as the
 * file will hold it, a cell a merge covers empty, as `sealRecorder` records a
 * streamed one.
 */
export function sealOfWorkbook(workbook: ExcelJS.Workbook): string {
  const hasher = new SealHasher();
  for (const sheet of workbook.worksheets) {
    const hash = hasher.sheet(sheet.name);
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const values: ExcelJS.CellValue[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        values[col] = (cell.type as number) === MERGED ? null : cell.value;
      });
      hasher.row(hash, number, values);
    });
  }
  return hasher.seal();
}

/** The seal of a workbook as read back (readWorkbookSheets' rows: cells at index 1…). */
export function sealOfSheets(sheets: readonly { name: string; rows: readonly { row: number; cells: readonly (string | undefined)[] }[] }[]): string {
  const hasher = new SealHasher();
  for (const s of sheets) {
    const hash = hasher.sheet(s.name);
    for (const r of s.rows) hasher.row(hash, r.row, r.cells as ExcelJS.CellValue[]);
  }
  return hasher.seal();
}

export interface CoreProperties {
  title?: string;
  subject?: string;
  keywords?: string;
  description?: string;
  identifier?: string;
}

const TAGS: Record<keyof CoreProperties, string> = { title: 'dc:title', subject: 'dc:subject', keywords: 'cp:keywords', description: 'dc:description', identifier: 'dc:identifier' };
const unescape = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );

/** The document properties of an xlsx (docProps/core.xml); none when the part is missing or unreadable. */
export function readCoreProperties(data: Uint8Array): CoreProperties {
  const entry = readZipDirectory(data, 1000).find((e) => e.name === 'docProps/core.xml');
  if (!entry || entry.uncompressedSize > 1024 * 1024) return {};
  let xml: string;
  try {
    const packed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    xml = (entry.method === 0 ? Buffer.from(packed) : inflateRawSync(packed)).toString('utf8');
  } catch {
    return {};
  }
  const out: CoreProperties = {};
  for (const [key, tag] of Object.entries(TAGS) as [keyof CoreProperties, string][]) {
    const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml);
    if (match) out[key] = unescape(match[1]!);
  }
  return out;
}
