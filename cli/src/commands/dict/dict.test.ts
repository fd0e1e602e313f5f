import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

async function sheet(name: string, rows: Record<string, string>[]): Promise<string> {
  const { DICTIONARY_SHEET_COLUMNS, writeSheet } = await import('@fmea/core/services');
  await writeFile(file(name), await writeSheet('dictionaries', DICTIONARY_SHEET_COLUMNS, rows));
  return file(name);
}

async function items(typeCode: string): Promise<string[]> {
  const database = await openTempDb(temp);
  try {
    const { listDictionaryItems } = await import('@fmea/core/services');
    return (await listDictionaryItems(database.ctx, typeCode)).map((item) => `${item.code}=${item.name}`);
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dict', { timeout: 90_000 }, () => {
  it('lists the whole tree indented, or one type as a table', async () => {
    const tree = await fmea(['dict', 'list']);
    expect(tree.code).toBe(0);
    expect(tree.stdout).toContain('level\t级别\tLevel\n  1\t系统\tSystem\n  2\t子系统\tSubsystem\n  3\t零部件\tComponent\n');
    const level = await fmea(['--lang', 'en-US', 'dict', 'list', 'measureType']);
    expect(level.stdout).toBe('Code\tName\tEnglish name\tSort\n1\t预防措施\tPrevention\t1\n2\t探测措施\tDetection\t2\n');
    const json = JSON.parse((await fmea(['--json', 'dict', 'list'])).stdout);
    expect(json.data.find((type: { code: string }) => type.code === 'level').children).toHaveLength(3);
  });

  it('refuses an unknown type, exit 3', async () => {
    const [zh, en] = await Promise.all([fmea(['dict', 'list', 'nope']), fmea(['--lang', 'en-US', 'dict', 'list', 'nope'])]);
    expect(zh).toMatchObject({ code: 3, stdout: '', stderr: '字典项不存在：nope\n' });
    expect(en).toMatchObject({ code: 3, stderr: 'Dictionary item not found: nope\n' });
  });

  it('refuses a column it has no field for, listing it (exit 2, no change); --accept-unmapped imports the rest and lists it', async () => {
    const { DICTIONARY_SHEET_COLUMNS, writeSheet } = await import('@fmea/core/services');
    await writeFile(file('noted.xlsx'), await writeSheet('dictionaries', [...DICTIONARY_SHEET_COLUMNS, { key: 'note', headers: ['备注'] }], [{ typeCode: 'channel', typeName: '渠道', code: 'N1', name: '蔚来', note: '新客户' }]));
    const refused = await fmea(['--lang', 'en-US', 'dict', 'import', file('noted.xlsx')]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      '1 part of the file would not be imported (listed below); nothing was written. Run again with --accept-unmapped to import without them\n' +
        '  Sheet “dictionaries”, column H “备注” (1 cell with data) has no place in the import\n',
    );
    expect(await items('channel').catch(() => [])).toEqual([]);
    const accepted = await fmea(['dict', 'import', file('noted.xlsx'), '--accept-unmapped']);
    expect(accepted).toMatchObject({ code: 0, stdout: '新建 1 项，更新 0 项\n已舍弃（--accept-unmapped）：\n  工作表“dictionaries”的 H 列“备注”（1 个单元格有数据）在导入中没有对应字段\n' });
    expect(await items('channel')).toEqual(['N1=蔚来']);
  });

  it('imports items and new types with a progress report', async () => {
    const path = await sheet('good.xlsx', [
      { typeCode: 'customer', code: '1', name: '上汽大众', enName: 'SAIC Volkswagen', sort: '1' },
      { typeCode: 'supplier', typeName: '供应商', typeEnName: 'Supplier', code: 'S1', name: '博世', enName: 'Bosch' },
    ]);
    const imported = await fmea(['dict', 'import', path]);
    expect(imported).toMatchObject({ code: 0, stdout: '新建 2 项，更新 0 项\n', stderr: '导入 50%\n导入 100%\n' });
    expect(await items('supplier')).toEqual(['S1=博世']);
    const again = await fmea(['--json', 'dict', 'import', path]);
    expect(JSON.parse(again.stdout)).toEqual({ ok: true, data: { created: 0, updated: 2, errors: [], unmapped: [] } });
  });

  it('writes nothing when any row is wrong, listing each bad row, exit 2', async () => {
    const path = await sheet('bad.xlsx', [
      { typeCode: 'customer', code: '9', name: '好的' },
      { typeCode: 'customer', code: '', name: '没有编码' },
      { typeCode: 'customer', code: '1', name: '博世', enName: 'x' },
    ]);
    const zh = await fmea(['dict', 'import', path]);
    expect(zh.code).toBe(2);
    expect(zh.stdout).toBe('');
    expect(zh.stderr).toContain('部分导入行有误，请修正后仅重新导入错误行\n  第 3 行：编码不能为空\n');
    const en = await fmea(['--json', '--lang', 'en-US', 'dict', 'import', path]);
    expect(JSON.parse(en.stdout).error).toMatchObject({
      code: 'invalid_input',
      message: 'Some import rows are wrong; fix them and re-import only the error rows',
      issues: [{ row: 3, message: 'Row 3: Code cannot be empty' }],
    });
    expect(await items('customer')).toEqual(['1=上汽大众']);
  });

  it('refuses broken or missing files before touching the database', async () => {
    await writeFile(file('broken.xlsx'), 'not a workbook');
    await mkdir(file('dir.xlsx'));
    const [broken, missing, dir] = await Promise.all([
      fmea(['--lang', 'en-US', 'dict', 'import', file('broken.xlsx')]),
      fmea(['dict', 'import', file('missing.xlsx')]),
      fmea(['--lang', 'en-US', 'dict', 'import', file('dir.xlsx')]),
    ]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe('This file is not an Excel workbook (.xlsx)\n');
    expect(missing).toMatchObject({ code: 3, stderr: `文件不存在：${file('missing.xlsx')}\n` });
    expect(dir).toMatchObject({ code: 2, stderr: `Not a regular file: ${file('dir.xlsx')}\n` });
  });

  it('exports every item with its type, atomically, in a sheet that reads back', async () => {
    const out = file('export.xlsx');
    const exported = await fmea(['dict', 'export', out]);
    expect(exported.code).toBe(0);
    const { DICTIONARY_SHEET_COLUMNS, readSheet } = await import('@fmea/core/services');
    const { rows } = await readSheet(new Uint8Array(await readFile(out)), DICTIONARY_SHEET_COLUMNS);
    expect(exported.stdout).toBe(`已导出 ${rows.length} 条到 ${out}\n`);
    expect(rows.map((r) => r.values)).toContainEqual(expect.objectContaining({ typeCode: 'supplier', code: 'S1', name: '博世', enName: 'Bosch' }));
    expect((await readdir(temp.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const wrong = await fmea(['--lang', 'en-US', 'dict', 'export', file('export.json')]);
    expect(wrong).toMatchObject({ code: 2, stderr: 'Unsupported file type; use xlsx\n' });
  });
});
