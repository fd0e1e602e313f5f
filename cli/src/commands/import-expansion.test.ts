import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../test-utils.ts';
import { tableRowCounts } from '@fmea/core/testing';

/**
 * The CLI's spreadsheet imports refuse a workbook that expands past the
 * import's limits (issue 9 §3) with the translated message, exit 2, and
 * write nothing; a text file renamed .xlsx is "not an Excel workbook".
 */

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[], extra: Record<string, string> = {}) => runFmea(args, { env: { ...env, ...extra } });
const file = (name: string) => join(temp.dir, name);

/** Each import command, with the row limit it reads at the default 1 MB. */
const COMMANDS = [
  { command: 'user import', rows: 10_000 },
  { command: 'dict import', rows: 10_000 },
  { command: 'dfmea import', rows: 50_000 },
  { command: 'rules ap import', rows: 10_000 },
].map((c) => ({ ...c, args: c.command.split(' ') }));

async function tableCounts(): Promise<Record<string, number>> {
  const database = await openTempDb(temp);
  try {
    return await tableRowCounts(database);
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { expandingWorkbook } = await import('@fmea/core/testing');
  await writeFile(file('rows.xlsx'), expandingWorkbook({ honestSizes: false }));
  await writeFile(file('blanks.xlsx'), expandingWorkbook({ body: 'whitespace', honestSizes: false }));
  await writeFile(file('notes.xlsx'), 'userName,realName\nzhang,张\n');
  await fmea(['db', 'migrate']);
}, 60_000);
afterAll(() => temp.cleanup());

describe('CLI imports and workbooks that expand past the limits', { timeout: 120_000 }, () => {
  it.each(COMMANDS)('fmea $command refuses a sheet of rows expanding to 250 MB at its row limit (exit 2, both languages) and writes nothing', async ({ args, rows }) => {
    const before = await tableCounts();
    const [en, zh, blanks] = await Promise.all([
      fmea(['--lang', 'en-US', ...args, file('rows.xlsx')]),
      fmea([...args, file('rows.xlsx')]),
      fmea(['--lang', 'en-US', ...args, file('blanks.xlsx')]),
    ]);
    const limit = rows.toLocaleString('en-US');
    expect(en).toMatchObject({ code: 2, stdout: '', stderr: `The workbook has more than ${limit} rows, the most this import reads (it follows the import size limit); split it into smaller files\n` });
    expect(zh).toMatchObject({ code: 2, stdout: '', stderr: `该工作簿超过 ${limit} 行，即本导入可读取的上限（随导入文件大小限制而定）；请拆分为较小的文件\n` });
    expect(blanks).toMatchObject({ code: 2, stderr: 'The workbook unpacks to more than 50 MB, the most this import reads (it follows the import size limit); split it into smaller files\n' });
    expect(await tableCounts()).toEqual(before);
  });

  it.each(COMMANDS)('fmea $command calls a text file renamed .xlsx “not an Excel workbook”', async ({ args }) => {
    const [en, zh] = await Promise.all([fmea(['--lang', 'en-US', ...args, file('notes.xlsx')]), fmea([...args, file('notes.xlsx')])]);
    expect(en).toMatchObject({ code: 2, stdout: '', stderr: 'This file is not an Excel workbook (.xlsx)\n' });
    expect(zh).toMatchObject({ code: 2, stdout: '', stderr: '该文件不是 Excel 工作簿（.xlsx）\n' });
  });

  it('reads more rows when IMPORT_MAX_MB raises the import limit', async () => {
    const res = await fmea(['--lang', 'en-US', 'user', 'import', file('rows.xlsx')], { IMPORT_MAX_MB: '2' });
    expect(res).toMatchObject({ code: 2, stderr: expect.stringContaining('more than 20,000 rows') });
  });
});
