/**
 * The one way spreadsheet imports read a workbook (docs/decisions/imports-streaming.md):
 * the zip guard first (zip-guard.ts: sizes, rows and cells counted while
 * inflating, refused at the first limit before any parsing), then exceljs's
 * streaming worksheet reader fed from the bytes in memory, entry by entry,
 * in the order the parse needs them (relations, workbook, styles, shared
 * strings, then the sheets in the workbook's order). Nothing is loaded
 * whole: a sheet's XML flows through the parser in chunks and only the
 * cells' texts are kept. Between chunks of rows the reader lets other work
 * of the server run (a health check, another request).
 *
 * Taken from exceljs: the SAX parsers of the relations, workbook, styles,
 * shared strings and worksheets. Not taken: its zip loop (it walked the
 * local headers with `unzipper`, parked every sheet in a temporary file and
 * now and then lost one) and its per-chunk text decoding (a character cut
 * between two chunks came back as U+FFFD: exceljs issues #2063, #2084).
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { InvalidInputError, isDomainError } from '../../errors.ts';
import { turnKeeper } from './turns.ts';
import { guardSpreadsheet, type SpreadsheetLimits } from './zip-guard.ts';
import type { ZipEntry } from './zip-directory.ts';

/** One row's texts: 1-based columns at index 1 (index 0 unused), empty cells at the end left off. */
export interface SheetTextRow {
  row: number;
  cells: string[];
}

export interface SheetText {
  name: string;
  rows: SheetTextRow[];
}

export interface ReadWorkbookOptions {
  /** `all` (default) or the `first` sheet in the workbook's order only (the table imports). */
  sheets?: 'all' | 'first';
  /**
   * `ignore` (default): a merged range's text stands in its top-left cell only
   * (the FMEA forms read their merges themselves, headers.ts, legacy.ts);
   * `fill`: every cell of the range reads as its top-left one, as Excel shows
   * it and as the table imports always read it. Filled cells count towards the
   * cell limit.
   */
  merges?: 'ignore' | 'fill';
}

/** exceljs is large: loaded on first use, so commands and requests that never touch a spreadsheet start faster. */
export async function excel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** A cell's value as the imports read it: text trimmed, a date as YYYY-MM-DD, a formula by its result, rich text joined. */
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

/** OOXML's escape of a character XML cannot hold (`_x0007_`; a literal `_x…_` is written `_x005F_x…_`): Excel shows the character, and so does exceljs's whole-workbook reader. */
const XSTRING_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;
const unescapeXstring = (text: string) => (text.includes('_x') ? text.replace(XSTRING_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text);

/** A row's texts; empty cells at its end are left off (an empty text cell and no cell read alike). */
function rowCells(values: ExcelJS.CellValue[]): string[] {
  const cells: string[] = [];
  for (let c = 1; c < values.length; c++) cells[c] = unescapeXstring(cellText(values[c] ?? null));
  while (cells.length > 1 && !cells[cells.length - 1]) cells.length--;
  return cells;
}

/** Compressed bytes handed to zlib per write. */
const SLICE = 64 * 1024;

function* slices(data: Uint8Array): Generator<Buffer> {
  for (let at = 0; at < data.byteLength; at += SLICE) yield Buffer.from(data.buffer, data.byteOffset + at, Math.min(SLICE, data.byteLength - at));
}

/** An entry's text, inflated in zlib's thread pool and decoded across chunks (a character cut between two stays whole). */
async function* entryText(data: Uint8Array, entry: ZipEntry): AsyncGenerator<string> {
  const packed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const source = entry.method === 0 ? Readable.from(slices(packed)) : Readable.from(slices(packed)).pipe(createInflateRaw());
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source as AsyncIterable<Buffer>) yield decoder.decode(chunk, { stream: true });
  const tail = decoder.decode();
  if (tail) yield tail;
}

/** A sheet's merged ranges, picked out of its XML text as it streams past (exceljs's sheet reader skips them). */
class MergeScanner {
  private carry = '';
  readonly ranges: { top: number; left: number; bottom: number; right: number }[] = [];
  private static readonly TAG = /<(?:[A-Za-z_][\w.-]*:)?mergeCell\b[^>]*?\bref\s*=\s*["']\$?([A-Z]{1,3})\$?(\d{1,7}):\$?([A-Z]{1,3})\$?(\d{1,7})["']/g;

  async *tap(text: AsyncIterable<string>): AsyncGenerator<string> {
    for await (const chunk of text) {
      this.scan(chunk);
      yield chunk;
    }
    this.scan('', true);
  }

  private scan(chunk: string, end = false): void {
    let text = this.carry + chunk;
    const last = text.lastIndexOf('<');
    // a tag cut by the chunk boundary waits for the next chunk (a mergeCell tag is short)
    if (!end && last >= 0 && text.length - last < 200) {
      this.carry = text.slice(last);
      text = text.slice(0, last);
    } else this.carry = '';
    if (!text.includes('mergeCell')) return;
    const tag = MergeScanner.TAG;
    tag.lastIndex = 0;
    for (let m = tag.exec(text); m; m = tag.exec(text)) {
      const [a, b] = [columnNumber(m[1]!), columnNumber(m[3]!)];
      const [r1, r2] = [Number(m[2]), Number(m[4])];
      this.ranges.push({ top: Math.min(r1, r2), left: Math.min(a, b), bottom: Math.max(r1, r2), right: Math.max(a, b) });
    }
  }
}

/** A → 1, AA → 27. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * Gives every cell of each merged range its top-left cell's text, counting
 * the cells it fills: past `budget` the file is refused at the cell limit
 * (a range can name millions of cells in a few bytes).
 */
function fillMerges(rows: SheetTextRow[], ranges: MergeScanner['ranges'], budget: number, limit: number): SheetTextRow[] {
  if (ranges.length === 0) return rows;
  const byNumber = new Map(rows.map((r) => [r.row, r]));
  let filled = 0;
  for (const range of ranges) {
    const text = byNumber.get(range.top)?.cells[range.left] ?? '';
    if (!text) continue;
    for (let r = range.top; r <= range.bottom; r++) {
      for (let c = range.left; c <= range.right; c++) {
        if (r === range.top && c === range.left) continue;
        if (++filled > budget) throw new InvalidInputError('file.too_many_cells', { limit });
        let row = byNumber.get(r);
        if (!row) byNumber.set(r, (row = { row: r, cells: [] }));
        row.cells[c] = text;
      }
    }
  }
  for (const row of byNumber.values()) for (let c = 1; c < row.cells.length; c++) row.cells[c] ??= '';
  return [...byNumber.values()].sort((a, b) => a.row - b.row);
}

type ReaderOptions = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1];
/** The parts of exceljs's streaming reader used here (its parsers, not its zip loop). */
interface ReaderParts {
  workbookRels?: { Id: string; Target: string; Type?: string }[];
  model?: { sheets?: { id: number; name: string; rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/** Runs a generator to its end (the shared strings' parser caches them as it goes). */
async function drain(events: AsyncIterable<unknown>): Promise<void> {
  for await (const event of events) void event;
}

const partName = (name: string) => name.replace(/^\//, '');

/** A relation's target as a part name: relative to xl/, or absolute from the package root. */
const targetPart = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/** The worksheets in the workbook's order, each with its name and part; without the workbook's relations, by part name. */
function worksheetParts(reader: ReaderParts, byName: Map<string, ZipEntry>): { name: string; entry: ZipEntry }[] {
  // worksheets only: a chart sheet is listed among the sheets too
  const rels = new Map((reader.workbookRels ?? []).filter((rel) => !rel.Type || rel.Type.endsWith('/worksheet')).map((rel) => [rel.Id, rel.Target]));
  const listed = (reader.model?.sheets ?? []).flatMap((sheet) => {
    const target = rels.get(sheet.rId);
    const entry = target === undefined ? undefined : byName.get(targetPart(target));
    return entry ? [{ name: sheet.name, entry }] : [];
  });
  if (listed.length > 0) return listed;
  return [...byName.entries()]
    .map(([name, entry]) => ({ number: /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1], entry }))
    .filter((s): s is { number: string; entry: ZipEntry } => s.number !== undefined)
    .sort((a, b) => Number(a.number) - Number(b.number))
    .map((s) => ({ name: `Sheet${s.number}`, entry: s.entry }));
}

/**
 * Every sheet's rows as texts (or the first sheet's, `sheets: 'first'`).
 * Refuses what the guard refuses (not an xlsx, an .xls, past a limit: see
 * guardSpreadsheet), stops at the first row that takes the text kept past
 * `limits.text` (`file.too_much_text`), and refuses anything the parser cannot read
 * (`file.workbook_unreadable`: the library's own text is no message for a
 * user).
 */
export async function readWorkbook(data: Uint8Array, limits: SpreadsheetLimits, options: ReadWorkbookOptions = {}): Promise<SheetText[]> {
  const entries = await guardSpreadsheet(data, limits);
  const byName = new Map(entries.map((e) => [partName(e.name), e]));
  const exceljs = await excel();
  const readerOptions: ReaderOptions = { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' };
  const reader = new exceljs.stream.xlsx.WorkbookReader(Readable.from([]), readerOptions) as unknown as ReaderParts;
  const part = (entry: ZipEntry) => Readable.from(entryText(data, entry));
  try {
    const rels = byName.get('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(part(rels));
    await reader._parseWorkbook(part(byName.get('xl/workbook.xml')!));
    const styles = byName.get('xl/styles.xml');
    if (styles) await reader._parseStyles(part(styles));
    const shared = byName.get('xl/sharedStrings.xml');
    if (shared) await drain(reader._parseSharedStrings(part(shared)));
    const parts = worksheetParts(reader, byName);
    const sheets: SheetText[] = [];
    let cells = 0;
    let text = 0;
    const pause = turnKeeper();
    for (const { name, entry } of options.sheets === 'first' ? parts.slice(0, 1) : parts) {
      const merges = new MergeScanner();
      const source = options.merges === 'fill' ? merges.tap(entryText(data, entry)) : entryText(data, entry);
      const worksheet = [...reader._parseWorksheet(source, '0')][0]!.value;
      let rows: SheetTextRow[] = [];
      for await (const row of worksheet) {
        const texts = rowCells(row.values as ExcelJS.CellValue[]);
        cells += Math.max(0, texts.length - 1);
        for (let c = 1; c < texts.length; c++) text += texts[c]!.length;
        if (text > limits.text) throw new InvalidInputError('file.too_much_text', { limit: limits.text });
        rows.push({ row: row.number, cells: texts });
        await pause();
      }
      if (options.merges === 'fill') rows = fillMerges(rows, merges.ranges, limits.cells - cells, limits.cells);
      sheets.push({ name, rows });
    }
    return sheets;
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw new InvalidInputError('file.workbook_unreadable');
  }
}
