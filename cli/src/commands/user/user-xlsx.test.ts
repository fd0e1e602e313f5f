import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

async function inDb<T>(work: (database: Awaited<ReturnType<typeof openTempDb>>) => Promise<T>): Promise<T> {
  const database = await openTempDb(temp);
  try {
    return await work(database);
  } finally {
    database.close();
  }
}

async function userNames(): Promise<string[]> {
  const { listUsers } = await import('@fmea/core/services');
  return inDb(async ({ ctx }) => (await listUsers(ctx, { limit: 500 })).items.map((u) => u.userName));
}

/** An import sheet in core's layout. */
async function sheet(name: string, rows: Record<string, string>[]): Promise<string> {
  const { USER_SHEET_COLUMNS, writeSheet } = await import('@fmea/core/services');
  await writeFile(file(name), await writeSheet('users', USER_SHEET_COLUMNS, rows));
  return file(name);
}

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createRole } = await import('@fmea/core/services');
  await inDb(({ ctx }) => createRole(ctx, { name: 'engineer' }));
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea user import', { timeout: 90_000 }, () => {
  it('refuses a column it has no field for (exit 2, listed, nothing written); --accept-unmapped imports and lists it', async () => {
    const { USER_SHEET_COLUMNS, writeSheet } = await import('@fmea/core/services');
    await writeFile(file('badge.xlsx'), await writeSheet('users', [...USER_SHEET_COLUMNS, { key: 'badge', headers: ['Badge'] }], [{ userName: 'badged', badge: 'B-7' }]));
    const refused = await fmea(['--json', '--lang', 'en-US', 'user', 'import', file('badge.xlsx')]);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout).error).toMatchObject({
      code: 'invalid_input',
      message: '1 part of the file would not be imported (listed below); nothing was written. Run again with --accept-unmapped to import without them',
      issues: [{ messageKey: 'import.column_unmapped', field: 'J', message: 'Sheet “users”, column J “Badge” (1 cell with data) has no place in the import' }],
    });
    expect(await userNames()).not.toContain('badged');
    const accepted = await fmea(['--lang', 'en-US', 'user', 'import', file('badge.xlsx'), '--accept-unmapped']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('Left out (--accept-unmapped):\n  Sheet “users”, column J “Badge” (1 cell with data) has no place in the import\n');
    expect(await userNames()).toContain('badged');
  });

  it('creates users from a sheet, with a progress report and the generated passwords shown once', async () => {
    const path = await sheet('new.xlsx', [
      { userName: 'imp1', realName: '导入一', roles: 'engineer' },
      { userName: 'imp2', realName: '导入二', password: 'Nw8$tR4!kP6@qZ' },
    ]);
    const { code, stdout, stderr } = await fmea(['user', 'import', path]);
    expect(code).toBe(0);
    expect(stderr).toBe('导入 50%\n导入 100%\n');
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('新建 2 个，更新 0 个，跳过 0 个，出错 0 行');
    expect(lines[1]).toBe('生成的初始密码（仅显示这一次）：');
    const password = lines[2]!.match(/^ {2}imp1\t(\S+)$/)?.[1];
    expect(password).toBeDefined();
    expect(lines.slice(3)).toEqual(['']);
    const { findUserRow, getUser, verifyPassword } = await import('@fmea/core/services');
    await inDb(async ({ db, ctx }) => {
      expect(await verifyPassword((await findUserRow(db, 'imp1')).passwordHash, password!)).toBe(true);
      expect(await getUser(ctx, 'imp1')).toMatchObject({ realName: '导入一', roleNames: ['engineer'] });
    });
  });

  it('skips existing users by default and updates them with --mode cover, reporting counts in JSON', async () => {
    const path = await sheet('again.xlsx', [{ userName: 'imp1', realName: '改名' }]);
    const dedupe = await fmea(['--json', 'user', 'import', path]);
    expect(JSON.parse(dedupe.stdout)).toEqual({ ok: true, data: { created: [], updated: [], skipped: ['imp1'], errors: [], unmapped: [] } });
    const cover = await fmea(['--lang', 'en-US', 'user', 'import', path, '--mode', 'cover']);
    expect(cover.stdout).toBe('Created 0, updated 1, skipped 0, 0 rows with errors\n');
    const { getUser } = await import('@fmea/core/services');
    expect((await inDb(({ ctx }) => getUser(ctx, 'imp1'))).realName).toBe('改名');
  });

  it('lists every bad row by number, exits 2 and writes nothing; --partial writes the good rows', async () => {
    const path = await sheet('bad.xlsx', [{ userName: 'good1' }, { userName: 'bad name' }, { userName: 'good1' }, { userName: 'x1', roles: 'nope' }]);
    const before = await userNames();
    const zh = await fmea(['user', 'import', path]);
    expect(zh).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        '部分导入行有误，请修正后仅重新导入错误行\n' +
        '  第 3 行：用户名只能包含字母、数字以及 . _ - @，长度 1 到 50，不能有空格\n' +
        '  第 4 行：用户名“good1”在文件中重复\n' +
        '  第 5 行：角色不存在：nope\n',
    });
    const en = await fmea(['--json', '--lang', 'en-US', 'user', 'import', path]);
    expect(en.code).toBe(2);
    expect(JSON.parse(en.stdout).error).toMatchObject({
      code: 'invalid_input',
      message: 'Some import rows are wrong; fix them and re-import only the error rows',
      issues: [
        { row: 3, messageKey: 'user.name_invalid', message: 'Row 3: A user name may hold letters, digits and . _ - @ only, 1 to 50 characters' },
        { row: 4, messageKey: 'user.import_duplicate_in_file', message: 'Row 4: The user name "good1" appears more than once in the file' },
        { row: 5, messageKey: 'role.not_found', message: 'Row 5: Role not found: nope' },
      ],
    });
    expect(await userNames()).toEqual(before);

    const partial = await fmea(['--lang', 'en-US', 'user', 'import', path, '--partial']);
    expect(partial.code).toBe(0);
    expect(partial.stdout).toMatch(/^Created 1, updated 0, skipped 0, 3 rows with errors\nGenerated passwords \(shown only this once\):\n {2}good1\t\S+\nRows not imported:\n {2}Row 3: A user name may hold letters, digits and \. _ - @ only, 1 to 50 characters\n {2}Row 4: The user name "good1" appears more than once in the file\n {2}Row 5: Role not found: nope\n$/);
    expect(await userNames()).toEqual([...before, 'good1'].sort());
  });

  it('refuses missing files (3), folders, other types, big files and broken workbooks (2) before writing anything', async () => {
    await mkdir(file('folder.xlsx'));
    await writeFile(file('users.csv'), 'userName\nx\n');
    await writeFile(file('big.xlsx'), Buffer.alloc(1024 * 1024 + 1));
    await writeFile(file('text.xlsx'), 'this is not a workbook');
    const before = await userNames();
    const [missing, missingEn, folder, csv, csvEn, big, broken] = await Promise.all([
      fmea(['user', 'import', file('missing.xlsx')]),
      fmea(['--lang', 'en-US', 'user', 'import', file('missing.xlsx')]),
      fmea(['user', 'import', file('folder.xlsx')]),
      fmea(['user', 'import', file('users.csv')]),
      fmea(['--lang', 'en-US', 'user', 'import', file('users.csv')]),
      fmea(['--lang', 'en-US', 'user', 'import', file('big.xlsx')]),
      fmea(['user', 'import', file('text.xlsx')]),
    ]);
    expect(missing).toMatchObject({ code: 3, stdout: '', stderr: `文件不存在：${file('missing.xlsx')}\n` });
    expect(missingEn).toMatchObject({ code: 3, stderr: `File not found: ${file('missing.xlsx')}\n` });
    expect(folder).toMatchObject({ code: 2, stderr: `不是普通文件：${file('folder.xlsx')}\n` });
    expect(csv).toMatchObject({ code: 2, stderr: '不支持的文件类型，请使用 xls, xlsx\n' });
    expect(csvEn).toMatchObject({ code: 2, stderr: 'Unsupported file type; use xls, xlsx\n' });
    expect(big).toMatchObject({ code: 2, stderr: 'The file exceeds the size limit (1M)\n' });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe('该文件不是 Excel 工作簿（.xlsx）\n');
    expect(await userNames()).toEqual(before);
  });
});

describe('fmea user export', { timeout: 90_000 }, () => {
  it('writes every user, without passwords, in a sheet that imports again; no temp file is left behind', async () => {
    const out = file('export.xlsx');
    await writeFile(out, 'old content');
    const { code, stdout } = await fmea(['user', 'export', out]);
    const names = await userNames();
    expect(code).toBe(0);
    expect(stdout).toBe(`已导出 ${names.length} 条到 ${out}\n`);
    const { readSheet, USER_SHEET_COLUMNS } = await import('@fmea/core/services');
    const { rows } = await readSheet(new Uint8Array(await readFile(out)), USER_SHEET_COLUMNS);
    expect(rows.map((r) => r.values.userName).sort()).toEqual(names);
    expect(rows.find((r) => r.values.userName === 'imp1')?.values).toMatchObject({ realName: '改名', roles: 'engineer', password: '' });
    expect((await readdir(temp.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const again = await fmea(['--json', 'user', 'import', out]);
    expect(JSON.parse(again.stdout).data).toMatchObject({ created: [], skipped: names.filter((n) => n !== 'admin').length ? expect.any(Array) : [] });
  });

  it('refuses other extensions and missing folders (2), leaving nothing behind', async () => {
    const [csv, folder, folderEn] = await Promise.all([
      fmea(['user', 'export', file('users.txt')]),
      fmea(['user', 'export', join(temp.dir, 'no-such-folder', 'users.xlsx')]),
      fmea(['--lang', 'en-US', 'user', 'export', join(temp.dir, 'no-such-folder', 'users.xlsx')]),
    ]);
    expect(csv).toMatchObject({ code: 2, stdout: '', stderr: '不支持的文件类型，请使用 xlsx\n' });
    expect(folder).toMatchObject({ code: 2, stderr: `${join(temp.dir, 'no-such-folder', 'users.xlsx')} 所在的文件夹不存在\n` });
    expect(folderEn).toMatchObject({ code: 2, stderr: `The folder of ${join(temp.dir, 'no-such-folder', 'users.xlsx')} does not exist\n` });
    expect((await readdir(temp.dir)).filter((name) => name.startsWith('users.txt') || name.endsWith('.tmp'))).toEqual([]);
  });
});
