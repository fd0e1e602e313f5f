/**
 * Measurements for SPC from a CSV or xlsx file (issue 25): `subgroup,value` for variables charts (one row
 * per measurement, a subgroup's rows need not be adjacent) or `subgroup,count,size` for attribute charts
 * (one row per subgroup). Headers in either language, matched as the table imports match them (case,
 * spaces and punctuation ignored). xlsx goes through the one streaming workbook reader; CSV (UTF-8,
 * comma, semicolon or tab, RFC 4180 quotes) is read here. Every row that cannot be read is named by its
 * row number; a column with data under no known header refuses the file unless accepted. What the
 * numbers mean (a size of 0, more defectives than the sample) is the statistics' to judge.
 * Used by `fmea spc analyze` and by the SPC import.
 */
import type { AttributesRow, VariablesSubgroup } from '../../domain/spc/index.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { assertAllMapped, columnLetter, normHeader, unmappedColumnIssue } from '../shared/sheet-columns.ts';
import { readWorkbook, type SheetTextRow } from '../shared/workbook-stream.ts';
import { formatBytes, SPREADSHEET_LIMIT_BYTES } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';

export const MEASUREMENT_HEADERS = {
  subgroup: ['subgroup', '子组', '子组号', 'sample', '样本'],
  value: ['value', '测量值', '值', 'measurement'],
  count: ['count', '数量', '不合格数', '缺陷数', 'defectives', 'defects'],
  size: ['size', '样本量', '检验单位数', 'sample size', 'units'],
} as const;
type Column = keyof typeof MEASUREMENT_HEADERS;

export type MeasurementsKind = 'variables' | 'attributes';
export type MeasurementsRead =
  | { readonly kind: 'variables'; readonly subgroups: VariablesSubgroup[]; readonly rows: number; readonly unmapped: Issue[] }
  | { readonly kind: 'attributes'; readonly rows: AttributesRow[]; readonly unmapped: Issue[] };

export interface ReadMeasurementsOptions {
  /** The file size limit in bytes (SPREADSHEET_LIMIT_BYTES unless the import limit says otherwise). */
  readonly limit?: number;
  readonly acceptUnmapped?: boolean;
}

const TYPES = ['.csv', '.xlsx'] as const;
/** Stop listing after this many unreadable rows: the file is refused anyway. */
const MAX_ISSUES = 100;

/** The name's extension and the size, before the file is read. */
export function assertMeasurementsFile(fileName: string, size: number, limit = SPREADSHEET_LIMIT_BYTES): void {
  if (!TYPES.some((ext) => fileName.toLowerCase().endsWith(ext))) throw new InvalidInputError('file.unsupported_type', { types: 'csv, xlsx' });
  if (size > limit) throw new InvalidInputError('file.too_large', { limit: formatBytes(limit) });
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const numberOf = (text: string): number | undefined => {
  const t = text.normalize('NFKC').trim();
  return NUMBER.test(t) ? Number(t) : undefined;
};

export async function readMeasurements(fileName: string, data: Uint8Array, kind: MeasurementsKind, options: ReadMeasurementsOptions = {}): Promise<MeasurementsRead> {
  const limit = options.limit ?? SPREADSHEET_LIMIT_BYTES;
  assertMeasurementsFile(fileName, data.byteLength, limit);
  const csv = fileName.toLowerCase().endsWith('.csv');
  const table = csv ? { name: fileName, rows: csvRows(data) } : (await readWorkbook(data, spreadsheetLimits('table', limit), { sheets: 'first' }))[0];
  if (!table) throw new InvalidInputError('spc.read.empty', { file: fileName });
  const wanted: Column[] = kind === 'variables' ? ['subgroup', 'value'] : ['subgroup', 'count', 'size'];
  const header = table.rows[0]?.row === 1 ? table.rows[0].cells : [];
  const positions = new Map<Column, number>();
  for (const column of wanted) {
    const accepted = new Set<string>(MEASUREMENT_HEADERS[column].map(normHeader));
    const at = header.findIndex((text, i) => i > 0 && accepted.has(normHeader(text ?? '')));
    if (at > 0) positions.set(column, at);
  }
  const missing = wanted.filter((c) => !positions.has(c));
  if (missing.length > 0) throw new InvalidInputError('spc.read.columns_missing', { file: fileName, columns: wanted.join(', ') }, missing.map((c) => ({ messageKey: 'file.missing_column', params: { column: c }, row: 1 })));

  const mapped = new Set(positions.values());
  const extra = new Map<number, number>();
  const issues: Issue[] = [];
  let bad = 0;
  const flag = (issue: Issue) => {
    bad += 1;
    if (issues.length < MAX_ISSUES) issues.push(issue);
  };
  const text = (cells: string[], column: Column) => (cells[positions.get(column)!] ?? '').trim();
  const groups = new Map<string, number[]>();
  const attributes: AttributesRow[] = [];
  const firstRow = new Map<string, number>();
  let count = 0;
  for (const { row, cells } of table.rows) {
    if (row === 1) continue;
    cells.forEach((cell, col) => {
      if (col > 0 && !mapped.has(col) && cell.trim()) extra.set(col, (extra.get(col) ?? 0) + 1);
    });
    if (wanted.every((c) => text(cells, c) === '')) continue;
    const subgroup = text(cells, 'subgroup');
    if (!subgroup) flag({ messageKey: 'spc.read.subgroup_missing', row });
    const numbers = wanted.slice(1).map((column) => {
      const value = numberOf(text(cells, column));
      if (value === undefined) flag({ messageKey: 'spc.read.not_a_number', params: { column: header[positions.get(column)!] ?? column, value: text(cells, column) }, row });
      return value;
    });
    if (!subgroup || numbers.some((n) => n === undefined)) continue;
    count += 1;
    if (kind === 'variables') {
      const values = groups.get(subgroup);
      if (values) values.push(numbers[0]!);
      else groups.set(subgroup, [numbers[0]!]);
    } else if (firstRow.has(subgroup)) flag({ messageKey: 'spc.read.subgroup_repeated', params: { subgroup, first: firstRow.get(subgroup)! }, row });
    else {
      firstRow.set(subgroup, row);
      attributes.push({ subgroup, count: numbers[0]!, size: numbers[1]! });
    }
  }
  if (bad > issues.length) issues.push({ messageKey: 'spc.read.more_rows', params: { count: bad - issues.length } });
  if (issues.length > 0) throw new InvalidInputError('spc.read.invalid', { file: fileName }, issues);
  if (count === 0) throw new InvalidInputError('spc.read.empty', { file: fileName });
  const unmapped = [...extra].sort((a, b) => a[0] - b[0]).map(([col, cells]) => unmappedColumnIssue({ sheet: table.name, column: columnLetter(col), header: header[col] ?? '', cells }));
  assertAllMapped(unmapped, options.acceptUnmapped === true);
  return kind === 'variables'
    ? { kind, subgroups: [...groups].map(([subgroup, values]) => ({ subgroup, values })), rows: count, unmapped }
    : { kind, rows: attributes, unmapped };
}

/**
 * A CSV file's records as the workbook reader answers rows: cells from index 1, the row number of the
 * line each record starts on. UTF-8 (a BOM is skipped); the delimiter is the one of comma, semicolon
 * and tab that the header line uses most.
 */
export function csvRows(data: Uint8Array): SheetTextRow[] {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new InvalidInputError('spc.read.not_utf8');
  }
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  const rows: SheetTextRow[] = [];
  let cells: string[] = [''];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(field);
    if (cells.some((c, i) => i > 0 && c !== '')) rows.push({ row: start, cells });
    cells = [''];
    field = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      cells.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else field += ch;
  }
  if (field !== '' || cells.length > 1) endRecord();
  return rows;
}
