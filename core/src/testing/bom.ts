import { BOM_COLUMN_KEYS, type BomColumnKey } from '../domain/bom/index.ts';
import type { Locale } from '../i18n/index.ts';
import { bomSheetColumns } from '../services/bom/sheet.ts';
import { writeSheet, type SheetColumn } from '../services/shared/xlsx.ts';
import { workbookParts, zipArchive } from './zip-files.ts';

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

export interface HeavyBomOptions {
  /** Part rows under the header (default 14,500: inside the 3 MB BOM import's 30,000-row limit). */
  rows?: number;
  /** About how many bytes of XML each row takes (default 10,140: the sheet inflates to 147 MB, inside the 3 MB import's 150 MiB limit). */
  rowBytes?: number;
  /** Where a row's bulk is: blanks between its cells (default: the file imports), or its part name (`text`: refused at the reader's text limit). */
  bulk?: 'text' | 'blanks';
}

/**
 * A BOM workbook inside every limit of the 3 MB BOM import that is heavy to
 * read (issue 20 §2: 598 KB inflating to 147 MB; by default ~600 KB, with
 * blanks): real rows, numbered, of a part number, level, name, quantity and
 * unit each, padded to `rowBytes`.
 * Its part names (with `bulk: 'text'`) are longer than a part name may be,
 * so an import refuses it at the reader's text limit.
 */
export function heavyBomWorkbook(options: HeavyBomOptions = {}): Uint8Array {
  const count = options.rows ?? 14_500;
  const rowBytes = options.rowBytes ?? 10_140;
  const headers = bomSheetColumns('zh-CN').map((c) => c.headers[0]!);
  const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const headerRow = `<row r="1">${headers.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`;
  const row = (n: number) => {
    const plain = `<row r="${n}"><c r="A${n}"><v>1</v></c>${inline(`C${n}`, `P-${n}`)}${inline(`D${n}`, `零件 ${n}`)}<c r="F${n}"><v>${1 + (n % 7)}</v></c>${inline(`G${n}`, 'pcs')}</row>`;
    const pad = Math.max(0, rowBytes - plain.length);
    return options.bulk === 'text' ? plain.replace(`零件 ${n}`, `零件 ${n} ${'w'.repeat(pad)}`) : plain.replace('</c>', `</c>${' '.repeat(pad)}`);
  };
  function* pieces() {
    for (let first = 2; first < count + 2; first += 500) {
      let text = '';
      for (let n = first; n < Math.min(first + 500, count + 2); n++) text += row(n);
      yield text;
    }
  }
  return zipArchive(
    workbookParts({
      data: '',
      head: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow}`,
      pieces,
      tail: '</sheetData></worksheet>',
    }),
  );
}
