import { analysisColumns } from '../services/fmea/excel/analysis-columns.ts';
import { PFMEA_FLAT_COLUMNS } from '../services/fmea/excel/columns.ts';
import { readableColumns } from '../services/fmea/excel/data-columns.ts';
import { normHeader } from '../services/fmea/excel/headers.ts';

const ALL = () => [...readableColumns('chain', PFMEA_FLAT_COLUMNS), ...Object.values(analysisColumns(true)).flatMap((columns) => readableColumns('list', columns))];

/**
 * The column number of a data-sheet column in a header row (exceljs's
 * `row.values`, 1-based), found by its key or identifier ('cause', 'O',
 * 'actionsTaken') whatever language the export wrote its header in; -1 when
 * the row has none.
 */
export function dataColumn(headers: readonly unknown[], name: string): number {
  const wanted = ALL().filter((c) => c.key === name || c.headers.some((h) => normHeader(h) === normHeader(name)));
  const accepted = new Set(wanted.flatMap((c) => c.headers.map(normHeader)));
  return headers.findIndex((h) => typeof h === 'string' && accepted.has(normHeader(h)));
}

/**
 * A data-sheet row as key → text: each header read as the import reads it
 * (its label in either language, or the identifier older exports wrote),
 * each cell as written. `kind`: the chain sheet or a list sheet.
 */
export function dataRow(kind: 'chain' | 'list', headers: readonly unknown[], values: readonly unknown[]): Record<string, string> {
  const columns = kind === 'chain' ? readableColumns('chain', PFMEA_FLAT_COLUMNS) : Object.values(analysisColumns(true)).flatMap((c) => readableColumns('list', c));
  const keyOf = (header: string) => columns.find((c) => c.headers.some((h) => normHeader(h) === normHeader(header)))?.key;
  const out: Record<string, string> = {};
  headers.forEach((header, i) => {
    const key = typeof header === 'string' ? keyOf(header) : undefined;
    if (key) out[key] = values[i] === undefined || values[i] === null ? '' : String(values[i]);
  });
  return out;
}
