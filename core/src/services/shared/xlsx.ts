import { InvalidInputError, type Issue } from '../../errors.ts';
import { spreadsheetLimits, type SpreadsheetLimits } from './zip-guard.ts';
import { turnKeeper } from './turns.ts';
import { excel, readWorkbook } from './workbook-stream.ts';
import { assertAllMapped, columnLetter, normHeader, unmappedColumnIssue } from './sheet-columns.ts';

/** Spreadsheet imports: xls/xlsx only, 1 MB unless the caller says otherwise (spec 000 §9). */
export const SPREADSHEET_LIMIT_BYTES = 1024 * 1024;
/** The operator may raise the import limit (IMPORT_MAX_MB, `--max-mb`) to whole megabytes in this range. */
export const IMPORT_MAX_MB_MIN = 1;
export const IMPORT_MAX_MB_MAX = 100;

/**
 * The spreadsheet import limit in bytes for a setting given in whole
 * megabytes (IMPORT_MAX_MB, `fmea dfmea import --max-mb`): an integer from
 * 1 to 100, surrounding blanks allowed. Anything else → undefined, for the
 * caller to refuse with its own message (`config.import_max_mb_invalid`).
 */
export function parseImportMaxMb(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d{1,3}$/.test(text)) return undefined;
  const mb = Number(text);
  return mb >= IMPORT_MAX_MB_MIN && mb <= IMPORT_MAX_MB_MAX ? mb * 1024 * 1024 : undefined;
}

/**
 * The import limit from the environment's IMPORT_MAX_MB: absent or empty →
 * the 1 MB default; a bad value throws `config.import_max_mb_invalid`
 * naming the variable, so a misconfigured server refuses to start.
 */
export function importLimitFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  const value = env.IMPORT_MAX_MB;
  if (value === undefined || value.trim() === '') return SPREADSHEET_LIMIT_BYTES;
  const bytes = parseImportMaxMb(value);
  if (bytes === undefined) throw new InvalidInputError('config.import_max_mb_invalid', { option: 'IMPORT_MAX_MB', value, min: IMPORT_MAX_MB_MIN, max: IMPORT_MAX_MB_MAX });
  return bytes;
}
const SPREADSHEET_TYPES = ['.xlsx', '.xls'];

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)}M` : `${Math.round(bytes / 1024)}KB`;
}

/** Checks the name's extension and the size; the name is only inspected, never used as a path. */
export function assertSpreadsheet(fileName: string, size: number, limit = SPREADSHEET_LIMIT_BYTES): void {
  const lower = fileName.toLowerCase();
  if (!SPREADSHEET_TYPES.some((ext) => lower.endsWith(ext))) {
    throw new InvalidInputError('file.unsupported_type', { types: 'xls, xlsx' });
  }
  if (size > limit) throw new InvalidInputError('file.too_large', { limit: formatBytes(limit) });
}

export interface SheetColumn<K extends string = string> {
  key: K;
  /** Header texts accepted on import (both languages); the first is written on export. */
  headers: readonly string[];
  required?: boolean;
  width?: number;
}

export interface SheetRow<K extends string> {
  /** 1-based row number in the sheet, for error messages. */
  row: number;
  values: Record<K, string>;
}

export interface ReadSheetOptions {
  /** Read the file even though columns with data have no field (they come back in `unmapped`); else such a file is refused, listing them. */
  acceptUnmapped?: boolean;
}

export interface SheetRead<K extends string> {
  rows: SheetRow<K>[];
  /** The columns with data that no field takes (only when accepted; otherwise the read is refused). */
  unmapped: Issue[];
}

/**
 * Reads the first sheet: row 1 holds headers, matched to columns by any of
 * their accepted header texts (case, spaces and punctuation ignored). Blank
 * rows are skipped. A column with data under no known header is never
 * dropped in silence: the read is refused, listing each by sheet, letter
 * and header, unless `acceptUnmapped`.
 */
export async function readSheet<K extends string>(
  data: Uint8Array,
  columns: readonly SheetColumn<K>[],
  limits: SpreadsheetLimits = spreadsheetLimits('table', SPREADSHEET_LIMIT_BYTES),
  options: ReadSheetOptions = {},
): Promise<SheetRead<K>> {
  const [sheet] = await readWorkbook(data, limits, { sheets: 'first', merges: 'fill' });
  if (!sheet) throw new InvalidInputError('file.format_invalid', { reason: 'no worksheet' });
  const headerIndex = new Map<string, number>();
  const headerText = new Map<number, string>();
  const header = sheet.rows[0]?.row === 1 ? sheet.rows[0].cells : [];
  header.forEach((text, col) => {
    if (!text) return;
    headerText.set(col, text);
    if (normHeader(text) && !headerIndex.has(normHeader(text))) headerIndex.set(normHeader(text), col);
  });
  const positions = new Map<K, number>();
  const missing: Issue[] = [];
  for (const column of columns) {
    const col = column.headers.map((h) => headerIndex.get(normHeader(h))).find((c) => c !== undefined);
    if (col !== undefined) positions.set(column.key, col);
    else if (column.required) missing.push({ messageKey: 'file.missing_column', params: { column: column.headers[0]! }, row: 1 });
  }
  if (missing.length) throw new InvalidInputError('file.format_invalid', { reason: 'header' }, missing);
  const mapped = new Set(positions.values());
  const extra = new Map<number, number>();
  const rows: SheetRow<K>[] = [];
  const pause = turnKeeper();
  for (const { row: rowNumber, cells } of sheet.rows) {
    await pause();
    if (rowNumber === 1) continue;
    const values = {} as Record<K, string>;
    let blank = true;
    for (const column of columns) {
      const col = positions.get(column.key);
      const text = col === undefined ? '' : (cells[col] ?? '');
      if (text) blank = false;
      values[column.key] = text;
    }
    cells.forEach((text, col) => {
      if (!mapped.has(col) && text) extra.set(col, (extra.get(col) ?? 0) + 1);
    });
    if (!blank) rows.push({ row: rowNumber, values });
  }
  const unmapped = [...extra]
    .sort((a, b) => a[0] - b[0])
    .map(([col, cells]) => unmappedColumnIssue({ sheet: sheet.name, column: columnLetter(col), header: headerText.get(col) ?? '', cells }));
  assertAllMapped(unmapped, options.acceptUnmapped === true);
  return { rows, unmapped };
}

/** Writes one sheet with a bold header row; returns the xlsx bytes. */
export async function writeSheet<K extends string>(
  sheetName: string,
  columns: readonly SheetColumn<K>[],
  rows: readonly Partial<Record<K, string | number | null>>[],
): Promise<Uint8Array> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.headers[0], key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
