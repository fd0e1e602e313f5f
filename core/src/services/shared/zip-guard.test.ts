import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { expandingWorkbook, holdThreadPool, ole, sheetWorkbook, workbookParts, zipArchive } from '../../testing/index.ts';
import { streamingWorkbook } from '../fmea/excel/workbook-io.ts';
import { writeSheet } from './xlsx.ts';
import { guardSpreadsheet, MAX_ZIP_ENTRIES, spreadsheetLimits, type SpreadsheetLimits } from './zip-guard.ts';

const MB = 1024 * 1024;
const table = spreadsheetLimits('table', MB);
const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

async function refusal(data: Uint8Array, limits: SpreadsheetLimits = table): Promise<DomainError> {
  try {
    await guardSpreadsheet(data, limits);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('the guard let the file through');
}

describe('spreadsheet limits', () => {
  it('follow the import size limit: 50 times its bytes unpacked, and rows and cells per MB by kind of import', () => {
    expect(spreadsheetLimits('table', MB)).toEqual({ uncompressedBytes: 50 * MB, rows: 10_000, cells: 200_000, entries: MAX_ZIP_ENTRIES, text: 10_000_000 });
    expect(spreadsheetLimits('dfmea', MB)).toEqual({ uncompressedBytes: 50 * MB, rows: 50_000, cells: 1_000_000, entries: MAX_ZIP_ENTRIES, text: 10_000_000 });
    expect(spreadsheetLimits('dfmea', 8 * MB)).toMatchObject({ uncompressedBytes: 400 * MB, rows: 400_000, cells: 8_000_000 });
  });
});

describe('the spreadsheet guard', { timeout: 30_000 }, () => {
  it('lets our own workbooks through: exceljs’s writer, and its streaming writer with data descriptors', async () => {
    const columns = [{ key: 'a', headers: ['a'] }, { key: 'b', headers: ['b'] }] as const;
    await guardSpreadsheet(await writeSheet('s', columns, Array.from({ length: 500 }, (_, i) => ({ a: `name ${i}`, b: i }))), table);
    const { workbook, bytes } = await streamingWorkbook();
    const sheet = workbook.addWorksheet('chains');
    for (let i = 0; i < 500; i++) sheet.addRow([`function ${i}`, `mode ${i}`, i % 10]).commit();
    await guardSpreadsheet(await bytes(), spreadsheetLimits('dfmea', MB));
  });

  it('refuses a text file named .xlsx as not an Excel workbook, in the user’s language', async () => {
    const error = await refusal(new TextEncoder().encode('name,e-mail\nzhang,z@example.com\n'));
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'file.not_xlsx' });
    expect(translateError('en-US', error)).toBe('This file is not an Excel workbook (.xlsx)');
    expect(translateError('zh-CN', error)).toBe('该文件不是 Excel 工作簿（.xlsx）');
  });

  it('refuses an old .xls (OLE) workbook with a hint to save it as .xlsx', async () => {
    const error = await refusal(ole());
    expect(error.messageKey).toBe('file.xls_legacy');
    expect(translateError('en-US', error)).toContain('save it as an .xlsx');
    expect(translateError('zh-CN', error)).toContain('另存为不带密码的 .xlsx');
  });

  it('refuses a zip that holds no workbook, a truncated one and one whose compressed data is damaged', async () => {
    expect((await refusal(zipArchive([{ name: 'word/document.xml', data: '<w:document/>' }]))).messageKey).toBe('file.not_xlsx');
    const good = sheetWorkbook(`${SHEET_HEAD}<row r="1"><c r="A1"><v>1</v></c></row>${SHEET_TAIL}`);
    await guardSpreadsheet(good, table);
    expect((await refusal(good.subarray(0, good.byteLength - 30))).messageKey).toBe('file.not_xlsx');
    const damaged = new Uint8Array(good);
    const name = Buffer.from(damaged).indexOf('xl/worksheets/sheet1.xml');
    damaged.fill(0xff, name + 24, name + 40); // the sheet's deflate stream, just after its name in the local header
    expect((await refusal(damaged)).messageKey).toBe('file.not_xlsx');
  });

  it('refuses an entry hidden from the zip’s directory, which a streaming reader would still inflate', async () => {
    const parts = workbookParts({ data: `${SHEET_HEAD}${SHEET_TAIL}` });
    await guardSpreadsheet(zipArchive(parts), table);
    const hidden = zipArchive([...parts.slice(0, 2), { name: 'xl/worksheets/sheet2.xml', data: '<row/>', repeat: 1000, unlisted: true }, ...parts.slice(2)]);
    expect((await refusal(hidden)).messageKey).toBe('file.not_xlsx');
  });

  it('refuses an archive of more parts than a workbook has', async () => {
    const many = Array.from({ length: MAX_ZIP_ENTRIES }, (_, i) => ({ name: `xl/media/p${i}.bin`, data: 'x' }));
    const error = await refusal(zipArchive([...workbookParts({ data: `${SHEET_HEAD}${SHEET_TAIL}` }), ...many]));
    expect(error).toMatchObject({ messageKey: 'file.too_many_parts', params: { limit: 1000 } });
    expect(translateError('en-US', error)).toBe('The workbook holds more than 1,000 parts, more than an import reads');
  });

  it('refuses a sheet that declares more than the unpacked limit before inflating it', async () => {
    const error = await refusal(expandingWorkbook({ body: 'whitespace' }));
    expect(error).toMatchObject({ messageKey: 'file.unpacked_too_large', params: { limit: '50 MB' } });
    expect(translateError('en-US', error)).toBe(
      'The workbook unpacks to more than 50 MB, the most this import reads (it follows the import size limit); split it into smaller files',
    );
    expect(translateError('zh-CN', error)).toBe('该工作簿解压后超过 50 MB，即本导入可读取的上限（随导入文件大小限制而定）；请拆分为较小的文件');
  });

  it('counts what inflating yields when the declared sizes lie, and stops at the unpacked limit', async () => {
    const bomb = expandingWorkbook({ body: 'whitespace', honestSizes: false });
    expect(bomb.byteLength).toBeLessThan(500 * 1024); // 400 MB of blanks in ~410 KB
    expect(await refusal(bomb)).toMatchObject({ messageKey: 'file.unpacked_too_large', params: { limit: '50 MB' } });
  });

  it('stops at the import’s row limit', async () => {
    const bomb = expandingWorkbook({ honestSizes: false });
    expect(bomb.byteLength).toBeLessThan(MB);
    const error = await refusal(bomb);
    expect(error).toMatchObject({ messageKey: 'file.too_many_rows', params: { limit: 10_000 } });
    expect(translateError('en-US', error)).toBe(
      'The workbook has more than 10,000 rows, the most this import reads (it follows the import size limit); split it into smaller files',
    );
    expect(translateError('zh-CN', error)).toContain('超过 10,000 行');
    expect(await refusal(bomb, spreadsheetLimits('dfmea', MB))).toMatchObject({ messageKey: 'file.too_many_rows', params: { limit: 50_000 } });
  });

  it('stops at the import’s cell limit', async () => {
    const wide = zipArchive(workbookParts({ head: SHEET_HEAD, data: `<row>${'<c><v>1</v></c>'.repeat(100)}</row>`, repeat: 2_100, tail: SHEET_TAIL }));
    const error = await refusal(wide);
    expect(error).toMatchObject({ messageKey: 'file.too_many_cells', params: { limit: 200_000 } });
    expect(translateError('en-US', error)).toContain('more than 200,000 cells');
  });

  it('counts rows and cells exactly, also across chunk boundaries and with a namespace prefix', async () => {
    // rows of varying length so that tags fall across the 64 KB chunks; stored and deflated
    const rows = Array.from({ length: 6_000 }, (_, i) => `<x:row r="${i + 1}"><x:c r="A${i + 1}" t="inlineStr"><x:is><x:t>${'w'.repeat(i % 37)}</x:t></x:is></x:c><c/></x:row>`);
    const xml = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>${rows.join('')}</x:sheetData></x:worksheet>`;
    for (const store of [true, false]) {
      const file = sheetWorkbook(xml, { store });
      const exact = { ...table, rows: 6_000, cells: 12_000 };
      await guardSpreadsheet(file, exact);
      expect(await refusal(file, { ...exact, rows: 5_999 }), `store ${store}`).toMatchObject({ messageKey: 'file.too_many_rows', params: { limit: 5_999 } });
      expect(await refusal(file, { ...exact, cells: 11_999 }), `store ${store}`).toMatchObject({ messageKey: 'file.too_many_cells', params: { limit: 11_999 } });
    }
  });

  it('inflates in the thread pool: while the pool is busy the guard waits and the event loop runs on', async () => {
    const bomb = expandingWorkbook({ body: 'whitespace', honestSizes: false });
    const pool = holdThreadPool();
    let settled = false;
    const guarded = refusal(bomb).finally(() => (settled = true));
    for (let turn = 0; turn < 100; turn++) await nextTurn();
    expect(settled).toBe(false);
    await pool.release();
    expect(await guarded).toMatchObject({ messageKey: 'file.unpacked_too_large' });
  });
});
