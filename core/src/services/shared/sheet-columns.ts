import { InvalidInputError, type Issue } from '../../errors.ts';

/** Lower case, NFKC (full-width → ASCII), no spaces, punctuation or symbols: "Potential Cause(s) /\nMechanism(s)" → "potentialcausesmechanisms". */
export const normHeader = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');

/** 1 → A, 27 → AA. */
export function columnLetter(col: number): string {
  let out = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** A column with data that no field of the import takes. */
export interface UnmappedColumn {
  sheet: string;
  column: string;
  /** The header as written; empty when the column has none. */
  header: string;
  cells: number;
}

export const unmappedColumnIssue = (u: UnmappedColumn): Issue =>
  u.header
    ? { messageKey: 'import.column_unmapped', field: u.column, params: { sheet: u.sheet, column: u.column, header: u.header, cells: u.cells } }
    : { messageKey: 'import.column_unmapped_unnamed', field: u.column, params: { sheet: u.sheet, column: u.column, cells: u.cells } };

/** The refusal of a file with parts no field takes (listed, nothing written) unless the user accepted leaving them out. */
export function assertAllMapped(issues: readonly Issue[], accept: boolean): void {
  if (issues.length > 0 && !accept) throw new InvalidInputError('import.columns_unmapped', { count: issues.length }, issues);
}

/** Message keys of the unmapped-content refusal (catalogs in services/locales). */
export const UNMAPPED_MESSAGE_KEYS = ['import.columns_unmapped', 'import.column_unmapped', 'import.column_unmapped_unnamed', 'import.cell_unmapped', 'import.sheet_unread'] as const;
