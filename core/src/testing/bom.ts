import { BOM_COLUMN_KEYS, type BomColumnKey } from '../domain/bom/index.ts';
import type { Locale } from '../i18n/index.ts';
import { bomSheetColumns } from '../services/bom/sheet.ts';
import { writeSheet, type SheetColumn } from '../services/shared/xlsx.ts';

/** A BOM row by column, blanks left out. */
export type BomRowValues = Partial<Record<BomColumnKey, string | number>>;

/**
 * A door's BOM over three levels, as the tests import it:
 *   D-100 Door (1)
 *     D-110 Frame (1)
 *       D-111 Hinge (2 pcs)
 *     D-120 Glass (1)
 *   S-200 Seal (3.5 m)
 */
export const DOOR_BOM: readonly BomRowValues[] = [
  { level: 1, partNum: 'D-100', partName: 'Door', enPartName: 'Door', quantity: 1, unit: 'pcs' },
  { level: 2, partNum: 'D-110', partName: 'Frame', quantity: 1, unit: 'pcs' },
  { level: 3, partNum: 'D-111', partName: 'Hinge', quantity: 2, unit: 'pcs' },
  { level: 2, partNum: 'D-120', partName: 'Glass', quantity: 1 },
  { level: 1, partNum: 'S-200', partName: 'Seal', quantity: 3.5, unit: 'm' },
];

/**
 * A BOM workbook: the given columns (all by default) under their headers in
 * `locale`, plus `extra` columns with headers no field takes.
 */
export async function bomWorkbook(
  rows: readonly BomRowValues[],
  options: { locale?: Locale; columns?: readonly BomColumnKey[]; extra?: Record<string, string> } = {},
): Promise<Uint8Array> {
  const keep = new Set(options.columns ?? BOM_COLUMN_KEYS);
  const columns: SheetColumn<string>[] = [
    ...bomSheetColumns(options.locale).filter((c) => keep.has(c.key)),
    ...Object.keys(options.extra ?? {}).map((header) => ({ key: header, headers: [header] })),
  ];
  return writeSheet('BOM', columns, rows.map((r) => ({ ...r, ...options.extra })));
}
