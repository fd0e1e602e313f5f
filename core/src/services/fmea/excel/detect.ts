import { InvalidInputError, type Issue } from '../../../errors.ts';
import { customFieldSheetNames } from '../../custom-fields/xlsx.ts';
import { assertAllMapped, unmappedColumnIssue } from '../../shared/sheet-columns.ts';
import { LOCALES, translate } from '../../../i18n/index.ts';
import { ANALYSIS_SHEET_NAMES, analysisColumns, type AnalysisSheetName } from './analysis-columns.ts';
import type { AnalysisSheets } from './analysis-import.ts';
import { FLAT_COLUMNS, LEGACY_RERATE, PFMEA_FLAT_COLUMNS, PFMEA_LEGACY_COLUMNS, type FlatKey, type FlatRow, type LegacyKey, type LegacyRow } from './columns.ts';
import { mapData, matchHeader, missingColumns, normHeader, type HeaderMatch, type SheetRowText } from './headers.ts';
import { isHeaderBlockCell, readLegacyHeader, type LegacyHeaderBlock } from './legacy-header.ts';
import { readableColumns } from './data-columns.ts';
import { chainCodes, listCodes } from './vocabulary.ts';
import { DFMEA_PROFILE, WORKBOOK_PROFILES, type WorkbookProfile } from './profile.ts';

export type Sheets = { name: string; rows: SheetRowText[] }[];

/** Something of the file the import would leave out: a column, a cell above the table, or a whole sheet. */
export interface Unmapped {
  sheet: string;
  /** Column letter (a column or a cell). */
  column?: string;
  /** The column's header as written (may be empty). */
  header?: string;
  /** Cells with data in the column. */
  cells?: number;
  /** A single cell above the table: its row and text. */
  row?: number;
  text?: string;
}

export type Layout =
  | { kind: 'flat'; sheet: string; rows: { row: number; values: FlatRow }[]; unmapped: Unmapped[]; analysis: AnalysisSheets }
  | { kind: 'legacy'; sheet: string; rows: { row: number; values: LegacyRow }[]; unmapped: Unmapped[]; header: LegacyHeaderBlock };

const AMBIGUOUS_DETECTION = new Set(['detection', 'detect', '探测']);

/** The sheets our own exports (DFMEA and PFMEA) write besides the chain sheet (the form repeats the chains; the scales are reference). */
const ownSheetNames = () => new Set(LOCALES.flatMap((l) => [...WORKBOOK_PROFILES.map((p) => translate(l, p.formSheetKey)), translate(l, 'fmeaExcel.sheet.scales'), translate(l, 'fmeaExcel.sheet.msr')]).concat(customFieldSheetNames()));

/** Every key of a row, blank where the sheet has no such column (a DFMEA's sheet has no process columns). */
function withBlanks<K extends string>(rows: { row: number; values: Record<string, string> }[], keys: readonly { key: K }[]): { row: number; values: Record<K, string> }[] {
  const blank = Object.fromEntries(keys.map((c) => [c.key, ''])) as Record<K, string>;
  return rows.map((r) => ({ row: r.row, values: { ...blank, ...r.values } }));
}

function legacyMatch(rows: SheetRowText[], min: number, profile: WorkbookProfile): HeaderMatch<LegacyKey> | null {
  const match = matchHeader(rows, profile.legacyColumns, { patterns: profile.legacyPatterns, rerate: LEGACY_RERATE, notHeader: isHeaderBlockCell }, min);
  if (!match) return null;
  // "Detection" alone heads the rating or the controls: text in its cells says controls.
  const keys = [...match.keys.values()];
  for (const [col, key] of match.keys) {
    if (key !== 'detectionRating' || keys.includes('detection') || !AMBIGUOUS_DETECTION.has(normHeader(match.headers.get(col) ?? ''))) continue;
    const cells = rows.slice(match.last + 1).map((r) => r.cells[col] ?? '').filter(Boolean);
    if (cells.some((text) => !/^\d+$/.test(text))) match.keys.set(col, 'detection');
  }
  return match;
}

const hasLegacyCore = (match: HeaderMatch<LegacyKey>) => {
  const keys = new Set(match.keys.values());
  return (keys.has('item') || keys.has('function')) && keys.has('mode');
};

/** Looks like a legacy DFMEA table on its own (no hint from the user): item, mode and at least two more columns. */
const looksLegacy = (match: HeaderMatch<LegacyKey> | null): match is HeaderMatch<LegacyKey> => match !== null && hasLegacyCore(match) && match.keys.size >= 4;

const sheetRefusal = (legacy: boolean, profile: WorkbookProfile) => new InvalidInputError(legacy ? profile.legacyMissingKey : profile.chainMissingKey);

/**
 * Which sheet to import and how: our flat chain sheet (found by its headers,
 * all its key columns present) or else the sheet that best matches a legacy
 * AIAG 4th-edition table; `legacy` skips the chain sheet and accepts a
 * weaker legacy match. Other sheets that hold a chain sheet or a legacy
 * table are listed as not imported; our form and scales sheets are not.
 */
export function detectLayout(sheets: Sheets, legacy: boolean, profile: WorkbookProfile = DFMEA_PROFILE): Layout {
  const own = ownSheetNames();
  if (!legacy) {
    const flatColumns = readableColumns('chain', profile.flatColumns);
    for (const sheet of sheets) {
      const match = matchHeader(sheet.rows, flatColumns);
      if (!match || missingColumns(match, flatColumns).length > 0) continue;
      const data = mapData(sheet.rows, match, flatColumns);
      const analysis = analysisSheets(sheets.filter((s) => s !== sheet && !own.has(s.name)), profile);
      const others = sheets.filter((s) => s !== sheet && !own.has(s.name) && !analysis.read.has(s) && isFmeaTable(s.rows, profile));
      return {
        kind: 'flat',
        sheet: sheet.name,
        // labels (either language) back as the codes the reader works with
        rows: withBlanks<FlatKey>(data.rows, PFMEA_FLAT_COLUMNS).map((r) => ({ row: r.row, values: chainCodes(r.values) })),
        analysis: analysis.sheets,
        unmapped: [...data.unmapped.map((u) => ({ sheet: sheet.name, ...u })), ...analysis.unmapped, ...others.map((s) => ({ sheet: s.name }))],
      };
    }
  }
  // Our own workbook is never read as a legacy sheet: its chain sheet, form and scales are not candidates.
  const candidates = sheets
    .filter((s) => !own.has(s.name) && !isChainSheet(s.rows) && analysisSheetOf(s.rows, profile) === null)
    .map((sheet) => ({ sheet, match: legacyMatch(sheet.rows, legacy ? 2 : 4, profile) }));
  const usable = candidates.filter((c) => c.match !== null && (legacy ? hasLegacyCore(c.match) : looksLegacy(c.match)));
  const best = usable.sort((a, b) => b.match!.keys.size - a.match!.keys.size)[0];
  if (!best) {
    const partial = legacy ? candidates.find((c) => c.match !== null) : undefined;
    if (partial?.match) {
      const missing = missingColumns(partial.match, profile.legacyColumns);
      const issues: Issue[] = missing.map((column) => ({ messageKey: 'file.missing_column', params: { column }, row: partial.match!.first + 1 }));
      if (issues.length > 0) throw new InvalidInputError('file.format_invalid', { reason: 'header' }, issues);
    }
    throw sheetRefusal(legacy, profile);
  }
  const { sheet, match } = best as { sheet: Sheets[number]; match: HeaderMatch<LegacyKey> };
  const data = mapData(sheet.rows, match, profile.legacyColumns);
  const header = readLegacyHeader(sheet.rows.slice(0, match.first));
  const others = sheets.filter((s) => s !== sheet && isFmeaTable(s.rows, profile));
  return {
    kind: 'legacy',
    sheet: sheet.name,
    rows: withBlanks<LegacyKey>(data.rows, PFMEA_LEGACY_COLUMNS),
    header,
    unmapped: [
      ...header.unknown.map((u) => ({ sheet: sheet.name, column: u.column, row: u.row, text: u.text })),
      ...data.unmapped.map((u) => ({ sheet: sheet.name, ...u })),
      ...others.map((s) => ({ sheet: s.name })),
    ],
  };
}

/** Which analysis sheet a sheet is, by its headers (every required column of exactly one list), or null. */
function analysisSheetOf(rows: SheetRowText[], profile: WorkbookProfile): { name: AnalysisSheetName; match: HeaderMatch<string> } | null {
  let best: { name: AnalysisSheetName; match: HeaderMatch<string> } | null = null;
  for (const name of ANALYSIS_SHEET_NAMES) {
    const columns = readableColumns('list', profile.analysisColumns[name]);
    const match = matchHeader<string>(rows, columns, {}, 2);
    if (!match || missingColumns(match, columns).length > 0 || match.first !== 0) continue;
    if (!best || match.keys.size > best.match.keys.size) best = { name, match };
  }
  return best;
}

/**
 * The analysis sheets among the workbook's other sheets, with their columns
 * no list takes; a second sheet of one list is not read (listed).
 */
function analysisSheets(sheets: Sheets, profile: WorkbookProfile): { sheets: AnalysisSheets; read: Set<Sheets[number]>; unmapped: Unmapped[] } {
  const blanks = analysisColumns(true);
  const found: Record<string, { name: string; rows: { row: number; values: Record<string, string> }[] }> = {};
  const read = new Set<Sheets[number]>();
  const unmapped: Unmapped[] = [];
  for (const sheet of sheets) {
    const kind = analysisSheetOf(sheet.rows, profile);
    if (!kind) continue;
    read.add(sheet);
    if (found[kind.name]) {
      unmapped.push({ sheet: sheet.name });
      continue;
    }
    const data = mapData(sheet.rows, kind.match, readableColumns('list', profile.analysisColumns[kind.name]));
    found[kind.name] = { name: sheet.name, rows: withBlanks(data.rows, blanks[kind.name]).map((r) => ({ row: r.row, values: listCodes(r.values) })) };
    unmapped.push(...data.unmapped.map((u) => ({ sheet: sheet.name, ...u })));
  }
  return { sheets: found as AnalysisSheets, read, unmapped };
}

function isChainSheet(rows: SheetRowText[]): boolean {
  const columns = readableColumns('chain', FLAT_COLUMNS);
  const flat = matchHeader(rows, columns);
  return flat !== null && missingColumns(flat, columns).length === 0;
}

/** A sheet holding a chain sheet or a legacy table. */
const isFmeaTable = (rows: SheetRowText[], profile: WorkbookProfile) => isChainSheet(rows) || looksLegacy(legacyMatch(rows, 4, profile));

/** The refusal's issues: one per column, cell or sheet, in the file's order. */
export function unmappedIssues(items: readonly Unmapped[]): Issue[] {
  return items.map((u): Issue => {
    if (u.text !== undefined) return { messageKey: 'import.cell_unmapped', field: u.column, params: { sheet: u.sheet, cell: `${u.column}${u.row}`, text: u.text } };
    if (u.column === undefined) return { messageKey: 'import.sheet_unread', params: { sheet: u.sheet } };
    return unmappedColumnIssue({ sheet: u.sheet, column: u.column, header: u.header ?? '', cells: u.cells ?? 0 });
  });
}

/** Refuses a file with anything left unmapped unless the user accepted that. */
export const assertMapped = (items: readonly Unmapped[], accept: boolean) => assertAllMapped(unmappedIssues(items), accept);
