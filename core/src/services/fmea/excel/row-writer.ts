import type ExcelJS from 'exceljs';
import type { SealRecorder } from '../../fmea-baseline/seal.ts';
import { columnLetter } from '../../shared/sheet-columns.ts';

/** What exceljs's streaming worksheet keeps that the row writer takes part in (exceljs 4.4, `stream/xlsx/worksheet-writer.js`). */
interface WorksheetInternals {
  _rowZero: number;
  _rows: unknown[];
  startedData?: boolean;
  stream: { write(text: string): void };
  _workbook: { styles: { addStyleModel(style: Partial<ExcelJS.Style>, cellType?: number): number }; sharedStrings: { add(text: string): number } };
}

type Value = string | number | null | undefined;

/** Characters XML 1.0 cannot hold, which exceljs's `xmlEncode` drops from the shared strings it writes. */
const DROPPED = /[\x7F\x00-\x08\x0B\x0C\x0E-\x1F]/g;
/** A text as a reader gets it back: without what XML cannot hold, line ends as XML reads them (CR LF and CR are LF). */
const UNREAD = /[\x7F\x00-\x08\x0B-\x1F]/;
const asReadBack = (text: string) => (UNREAD.test(text) ? text.replace(DROPPED, '').replace(/\r\n?/g, '\n') : text);

/** Column letters by number, computed once. */
const LETTERS: string[] = [];
const letter = (col: number) => LETTERS[col] ?? (LETTERS[col] = columnLetter(col));

/** exceljs's ValueType.String: the cell type a style is first registered with (it sets no number format then). */
const STRING_TYPE = 3;
/** Rows of XML gathered before they go to the sheet's stream (one write per row cost more than building it). */
const ROWS_PER_WRITE = 200;

/**
 * Writes data rows of a streaming worksheet (exceljs's `WorkbookWriter`)
 * straight as XML, as exceljs writes them — `<row r spans s customFormat
 * x14ac:dyDescent>`, a number as a value, a text as an index into the
 * workbook's shared strings (exceljs's own table, written at the workbook's
 * commit: each repeated text once), each non-empty cell with its style id,
 * empty cells not at all — without building exceljs's row and cell objects,
 * which cost more than the rest of a 20,000-chain export together
 * (docs/domain/dfmea-workbook.md, "Export speed"). The sheet's header rows go
 * through exceljs first (they start the sheet's data); after them only this
 * writer adds rows, and `flush()` comes before the sheet's `commit()`. Merges
 * go through `recordMerge`; the seal hears of every row as its line.
 */
export class RowWriter {
  private readonly sheet: WorksheetInternals;
  private readonly ids = new WeakMap<Partial<ExcelJS.Style>, number>();
  private readonly strings: { add(text: string): number };
  private pending = '';
  private count = 0;

  constructor(
    private readonly worksheet: ExcelJS.Worksheet,
    private readonly seal: SealRecorder,
  ) {
    this.sheet = worksheet as unknown as WorksheetInternals;
    this.strings = this.sheet._workbook.sharedStrings;
    if (!this.sheet.startedData || this.sheet._rows.length > 0) throw new Error('RowWriter: commit the sheet’s header rows first');
  }

  private styleId(style: Partial<ExcelJS.Style>): number {
    let id = this.ids.get(style);
    if (id === undefined) this.ids.set(style, (id = this.sheet._workbook.styles.addStyleModel(style, STRING_TYPE)));
    return id;
  }

  /**
   * One row: `values[i]` is column i + 1, '' and null are left out (nothing to
   * read back); every cell with `style`, the row too (its look for the empty
   * cells), a cell `styles` names with its own. Answers the row's number.
   */
  row(values: readonly Value[], style: Partial<ExcelJS.Style>, styles?: ReadonlyMap<number, Partial<ExcelJS.Style>>): number {
    const number = this.sheet._rowZero++;
    const rowStyle = this.styleId(style);
    const s = rowStyle ? ` s="${rowStyle}"` : '';
    // the seal's line (seal.ts `rowLine`) as the cells go by: texts as read back (trimmed), tabs between columns
    let line = '';
    let lineCol = 0;
    let cells = '';
    let min = 0;
    let max = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === '' || value === null || value === undefined) continue;
      const col = i + 1;
      if (!min) min = col;
      max = col;
      const text = typeof value === 'number' ? String(value) : asReadBack(value).trim();
      if (text) {
        line += '\t'.repeat(lineCol ? col - lineCol : col - 1) + text;
        lineCol = col;
      }
      const own = styles?.get(col);
      const cs = own ? ` s="${this.styleId(own)}"` : s;
      cells += typeof value === 'number' ? `<c r="${letter(col)}${number}"${cs}><v>${value}</v></c>` : `<c r="${letter(col)}${number}"${cs} t="s"><v>${this.strings.add(value)}</v></c>`;
    }
    if (lineCol) this.seal.line(this.worksheet, `${number}\t${line}\n`);
    // exceljs writes no row without a cell
    if (max === 0) return number;
    this.pending += `<row r="${number}" spans="${min}:${max}"${rowStyle ? `${s} customFormat="1"` : ''} x14ac:dyDescent="0.25">${cells}</row>`;
    if (++this.count % ROWS_PER_WRITE === 0) this.flush();
    return number;
  }

  /** Hands the gathered rows to the sheet's stream: before the sheet is committed. */
  flush(): void {
    if (this.pending) this.sheet.stream.write(this.pending);
    this.pending = '';
  }
}
