import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { sheetWorkbook, workbookParts, zipArchive, type ZipPart } from '../../testing/index.ts';
import { readWorkbook } from './workbook-stream.ts';
import { spreadsheetLimits, type SpreadsheetLimits } from './zip-guard.ts';

const MB = 1024 * 1024;
const table = spreadsheetLimits('table', MB);
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const sheetXml = (rows: string, after = '') => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData>${after}</worksheet>`;
const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

async function refusal(data: Uint8Array, limits: SpreadsheetLimits = table, merges: 'fill' | 'ignore' = 'ignore'): Promise<DomainError> {
  try {
    await readWorkbook(data, limits, { merges });
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('the reader accepted the file');
}

/** A two-sheet workbook whose zip holds the second sheet first. */
function twoSheets(first: string, second: string): Uint8Array {
  const rels = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const doc = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const parts: ZipPart[] = workbookParts({ data: first }).filter((p) => !p.name.startsWith('xl/'));
  return zipArchive([
    ...parts,
    { name: 'xl/worksheets/sheet2.xml', data: second },
    {
      name: 'xl/workbook.xml',
      data: `<workbook xmlns="${MAIN}" xmlns:r="${doc}"><sheets><sheet name="结构" sheetId="1" r:id="rId1"/><sheet name="Failures" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${doc}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${doc}/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: first },
  ]);
}

describe('reading a workbook as a stream', { timeout: 30_000 }, () => {
  it('gives every sheet in the workbook’s order under its name, whatever the order of the zip’s parts', async () => {
    const sheets = await readWorkbook(twoSheets(sheetXml(`<row r="1">${text('A1', '功能')}</row>`), sheetXml(`<row r="3">${text('B3', 'mode')}</row>`)), table);
    expect(sheets).toEqual([
      { name: '结构', rows: [{ row: 1, cells: [, '功能'] }] },
      { name: 'Failures', rows: [{ row: 3, cells: [, '', 'mode'] }] },
    ]);
    const [first] = await readWorkbook(twoSheets(sheetXml(`<row r="1">${text('A1', 'a')}</row>`), sheetXml('')), table, { sheets: 'first' });
    expect(first!.name).toBe('结构');
  });

  it('keeps Chinese text whole where it is cut between two inflated chunks', async () => {
    // 40,000 three-byte characters: the 16 KB chunks of the inflater cut some of them
    const long = '失效模式与影响分析'.repeat(4_445);
    const [sheet] = await readWorkbook(sheetWorkbook(sheetXml(`<row r="1">${text('A1', long)}</row>`)), table);
    expect(sheet!.rows[0]!.cells[1]).toBe(long);
  });

  it('fills a merged range from its first cell for the table imports, and leaves it to the FMEA forms', async () => {
    const merged = sheetWorkbook(sheetXml(`<row r="1">${text('A1', 'level')}${text('B1', 'name')}</row><row r="2">${text('A2', '1')}${text('B2', 'Door')}</row><row r="3"><c r="B3"/></row>`, '<mergeCells count="1"><mergeCell ref="B2:B4"/></mergeCells>'));
    const [filled] = await readWorkbook(merged, table, { merges: 'fill' });
    expect(filled!.rows.map((r) => r.cells)).toEqual([[, 'level', 'name'], [, '1', 'Door'], [, '', 'Door'], [, '', 'Door']]);
    const [plain] = await readWorkbook(merged, table);
    expect(plain!.rows.map((r) => r.cells)).toEqual([[, 'level', 'name'], [, '1', 'Door'], []]);
  });

  it('refuses a merged range of millions of cells at the cell limit, without making them', async () => {
    const huge = sheetWorkbook(sheetXml(`<row r="1">${text('A1', 'x')}</row>`, '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>'));
    const error = await refusal(huge, table, 'fill');
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'file.too_many_cells', params: { limit: 200_000 } });
  });

  it('stops at the first row past the text limit: the damaged rest of the sheet is never parsed', async () => {
    // 2,000 rows of 1,000 characters (2 million) inside every other limit, then XML no parser accepts
    const rows = Array.from({ length: 2_000 }, (_, i) => `<row r="${i + 1}">${text(`A${i + 1}`, 'w'.repeat(1_000))}</row>`).join('');
    const broken = sheetWorkbook(sheetXml(`${rows}<row r="2001"><c r="A2001"><v>1</x></c></row>`));
    const limits = { ...table, text: 1_500_000 };
    const error = await refusal(broken, limits);
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'file.too_much_text', params: { limit: 1_500_000 } });
    expect(translateError('en-US', error)).toBe(
      'The workbook holds more than 1,500,000 characters of text, the most this import reads (it follows the import size limit); split it into smaller files',
    );
    expect(translateError('zh-CN', error)).toBe('该工作簿的文字超过 1,500,000 个字符，即本导入可读取的上限（随导入文件大小限制而定）；请拆分为较小的文件');
    // within the limit the reader gets to the damage, and says the workbook cannot be read
    expect(await refusal(broken, { ...limits, text: 3_000_000 })).toMatchObject({ messageKey: 'file.workbook_unreadable' });
  });

  it('follows the import size limit: 10 million characters of text per MB', () => {
    expect(spreadsheetLimits('table', 3 * MB).text).toBe(30_000_000);
    expect(spreadsheetLimits('dfmea', MB).text).toBe(10_000_000);
  });
});
