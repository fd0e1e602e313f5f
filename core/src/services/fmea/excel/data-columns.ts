import { LOCALES, translate } from '../../../i18n/index.ts';
import type { SheetColumn } from '../../shared/xlsx.ts';
import { ANALYSIS_SHEETS, MSR_ANALYSIS_EXTRA, PFMEA_ANALYSIS_EXTRA } from './analysis-columns.ts';
import { PFMEA_FLAT_COLUMNS } from './columns.ts';

/**
 * The headers of the data sheets (the chain sheet and the list sheets): a
 * label in the export's language per column (`fmeaExcel.chainColumn.<key>`,
 * `fmeaExcel.listColumn.<key>`), not the identifiers exports wrote before
 * issue 20. Reading takes either language's label and the old identifiers
 * (and their other spellings), so every file ever exported still imports.
 * The ratings and figures keep their handbook letters in both languages.
 */
export type DataSheet = 'chain' | 'list';

const PREFIX: Record<DataSheet, string> = { chain: 'fmeaExcel.chainColumn', list: 'fmeaExcel.listColumn' };
/** Headed by their handbook letters in every language. */
const LETTERS = new Set(['severity', 'occurrence', 'detection', 'ap', 'rpn']);

export const dataLabelKey = (sheet: DataSheet, key: string) => `${PREFIX[sheet]}.${key}`;

/** The header a data column is written with, in the export's language. */
export function dataHeader(sheet: DataSheet, column: SheetColumn, t: (key: string) => string): string {
  return LETTERS.has(column.key) ? column.headers[0]! : t(dataLabelKey(sheet, column.key));
}

const withLabels = new WeakMap<readonly SheetColumn[], readonly SheetColumn[]>();

/** The columns as the import matches them: each with its labels in every language beside its identifiers. */
export function readableColumns<K extends string>(sheet: DataSheet, columns: readonly SheetColumn<K>[]): readonly SheetColumn<K>[] {
  let out = withLabels.get(columns);
  if (!out) {
    out = columns.map((c) => (LETTERS.has(c.key) ? c : { ...c, headers: [...new Set([...c.headers, ...LOCALES.map((l) => translate(l, dataLabelKey(sheet, c.key)))])] }));
    withLabels.set(columns, out);
  }
  return out as readonly SheetColumn<K>[];
}

/** Every label key of the data sheets (the catalog test checks them). */
export const DATA_COLUMN_MESSAGE_KEYS: readonly string[] = [
  ...PFMEA_FLAT_COLUMNS.filter((c) => !LETTERS.has(c.key)).map((c) => dataLabelKey('chain', c.key)),
  ...[...new Set([...Object.values(ANALYSIS_SHEETS), ...Object.values(PFMEA_ANALYSIS_EXTRA), ...Object.values(MSR_ANALYSIS_EXTRA)].flat().map((c) => c.key))].filter((key) => !LETTERS.has(key)).map((key) => dataLabelKey('list', key)),
];
