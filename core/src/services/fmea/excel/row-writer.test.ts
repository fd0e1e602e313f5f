import { describe, expect, it } from 'vitest';
import { sealOfSheets, sealRecorder } from '../../fmea-baseline/seal.ts';
import { RowWriter } from './row-writer.ts';
import { excel, PLAIN_STYLE, readAllSheets, recordMerge, streamingWorkbook, WRAPPED_STYLE } from './workbook-io.ts';

const RED = Object.freeze({ fill: Object.freeze({ type: 'pattern', pattern: 'solid', fgColor: Object.freeze({ argb: 'FFF4B6B6' }) }) }) as never;

/** A workbook whose data rows go through the row writer, as the export writes them. */
async function written() {
  const { workbook, bytes } = await streamingWorkbook();
  const recorder = sealRecorder(workbook);
  const sheet = workbook.addWorksheet('Data');
  sheet.addRow(['a', 'b', 'c', 'd']).commit();
  const rows = new RowWriter(sheet, recorder);
  rows.row(['x <&> "y" \'z\'', '', 7, '  padded  '], WRAPPED_STYLE, new Map([[3, RED]]));
  rows.row([null, 'line 1\r\nline 2', undefined, 'bell\u0007 gone'], PLAIN_STYLE);
  rows.row(['', '', '', ''], WRAPPED_STYLE);
  rows.row(['merged', 'm'], WRAPPED_STYLE);
  rows.row([null, 'n'], WRAPPED_STYLE);
  recordMerge(sheet, 5, 1, 6, 1);
  rows.flush();
  sheet.commit();
  return { bytes: await bytes(), seal: recorder.seal() };
}

describe('the row writer', () => {
  it('writes rows that read back as exceljs writes them, numbers as numbers, empty cells left out, and seals what is read', async () => {
    const { bytes, seal } = await written();
    const [sheet] = await readAllSheets(bytes);
    expect(sheet!.rows.map((r) => [r.row, r.cells.slice(1)])).toEqual([
      [1, ['a', 'b', 'c', 'd']],
      [2, ['x <&> "y" \'z\'', '', '7', 'padded']],
      [3, ['', 'line 1\nline 2', '', 'bell gone']],
      [5, ['merged', 'm']],
      [6, ['', 'n']],
    ]);
    expect(sealOfSheets([sheet!])).toBe(seal);

    // the ordinary reader sees the styles, the number and the merge
    const book = new (await excel()).Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    expect(ws.getCell('C2').value).toBe(7);
    expect(ws.getCell('C2').fill).toMatchObject({ fgColor: { argb: 'FFF4B6B6' } });
    expect(ws.getCell('A2').alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    expect(ws.getCell('A6').isMerged).toBe(true);
    expect(ws.getCell('A6').master.address).toBe('A5');
  });

  it('refuses to start before the sheet’s header rows are committed', async () => {
    const { workbook } = await streamingWorkbook();
    const sheet = workbook.addWorksheet('Data');
    expect(() => new RowWriter(sheet, sealRecorder(workbook))).toThrow(/header rows/);
  });
});
