import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRole, createUser, getUser, listOperations, listUsers, readSheet, USER_SHEET_COLUMNS, writeSheet } from '@fmea/core';
import { expectRefused, NOT_ALLOWED, openTestApp, plainEngineer, reader, SCRIPT_TEXT, SQL_TEXT, TEST_PASSWORD, type TestApp } from '../../testing.ts';
import { XLSX_TYPE } from './user-xlsx.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-06-01T08:00:00Z') });
  admin = await api.adminToken();
  await createRole(api.t.ctx, { name: 'engineer' });
});
afterEach(() => api.dispose());

type Row = Partial<Record<(typeof USER_SHEET_COLUMNS)[number]['key'], string>>;
const sheet = (rows: Row[]) => writeSheet('users', USER_SHEET_COLUMNS, rows);

function form(file: Blob, name: string, fields: Record<string, string> = {}) {
  const data = new FormData();
  data.append('excelFile', file, name);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const upload = async (bytes: Uint8Array | string, name = 'users.xlsx', fields: Record<string, string> = {}, options: { token?: string; lang?: string } = {}) =>
  api.call('POST', '/api/user/userImport', { token: options.token ?? admin, lang: options.lang, raw: form(new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name, fields) });

const userNames = async () => (await listUsers(api.t.ctx, { limit: 500 })).items.map((u) => u.userName);

async function download(token = admin) {
  const res = await api.app.request('/api/user/exportUser?timestamp=1', { headers: { token } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('user import and export: who may call them', () => {
  it('refuses both without a token (401) and without the route (403)', async () => {
    const { token } = await plainEngineer(api);
    await expectRefused(api, { method: 'GET', path: '/api/user/exportUser' }, token);
    const anonymous = await api.call('POST', '/api/user/userImport', { raw: form(new Blob([Buffer.from(await sheet([]))]), 'u.xlsx') });
    expect(anonymous.status).toBe(401);
    const denied = await upload(await sheet([{ userName: 'x' }]), 'u.xlsx', {}, { token, lang: 'en-US' });
    expect(denied.status).toBe(403);
    expect(denied.body.meta.message).toBe(NOT_ALLOWED.en);
  });

  it('refuses a reader of the page without the import or export button', async () => {
    const { token } = await reader(api, 'system_user');
    expect((await upload(await sheet([{ userName: 'x' }]), 'u.xlsx', {}, { token })).status).toBe(403);
    expect((await download(token)).res.status).toBe(403);
    expect(await userNames()).not.toContain('x');
  });
});

describe('POST /api/user/userImport', () => {
  it('imports users with roles, answering generated passwords once', async () => {
    const res = await upload(await sheet([
      { userName: 'imp1', realName: '导入一', roles: 'engineer' },
      { userName: 'imp2', realName: SCRIPT_TEXT, password: TEST_PASSWORD, jobNumber: SQL_TEXT.slice(0, 20) },
    ]));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ updated: [], skipped: [], errors: [] });
    expect(res.body.data.created).toEqual([{ userName: 'imp1', initialPassword: expect.any(String) }, { userName: 'imp2' }]);
    expect(await getUser(api.t.ctx, 'imp1')).toMatchObject({ realName: '导入一', roleNames: ['engineer'] });
    expect(await getUser(api.t.ctx, 'imp2')).toMatchObject({ realName: SCRIPT_TEXT, jobNumber: SQL_TEXT.slice(0, 20) });
    const log = await listOperations(api.t.ctx, { action: 'user.create' });
    expect(log.items.map((e) => e.userName)).toEqual(['admin', 'admin']);
  });

  it('writes nothing when a row is wrong, answering 400 with the row numbers', async () => {
    const res = await upload(await sheet([{ userName: 'good' }, { userName: 'bad name' }, { userName: 'good' }, { userName: 'x', roles: 'nope' }]), 'users.xlsx', {}, { lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(
      'Some import rows are wrong; fix them and re-import only the error rows\n' +
        'Row 3: A user name may hold letters, digits and . _ - @ only, 1 to 50 characters\n' +
        'Row 4: The user name "good" appears more than once in the file\n' +
        'Row 5: Role not found: nope',
    );
    expect(res.body.data.issues.map((i: { row: number; messageKey: string }) => [i.row, i.messageKey])).toEqual([
      [3, 'user.name_invalid'],
      [4, 'user.import_duplicate_in_file'],
      [5, 'role.not_found'],
    ]);
    const zh = await upload(await sheet([{ userName: 'good' }, { userName: 'bad name' }]));
    expect(zh.body.meta.message).toBe('部分导入行有误，请修正后仅重新导入错误行\n第 3 行：用户名只能包含字母、数字以及 . _ - @，长度 1 到 50，不能有空格');
    expect(await userNames()).toEqual(['admin']);
  });

  it('refuses a column it has no field for (400, named), writing nothing, and imports with acceptUnmapped', async () => {
    const file = await writeSheet('users', [...USER_SHEET_COLUMNS, { key: 'badge', headers: ['Badge'] }], [{ userName: 'badged', badge: 'B-7' }]);
    const res = await upload(file, 'users.xlsx', {}, { lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(
      '1 part of the file would not be imported (listed below); nothing was written. Import again and confirm that they may be left out, or add them where they belong\n' +
        'Sheet “users”, column J “Badge” (1 cell with data) has no place in the import',
    );
    expect(res.body.data).toMatchObject({ messageKey: 'import.columns_unmapped', issues: [{ messageKey: 'import.column_unmapped', field: 'J' }] });
    expect(await userNames()).toEqual(['admin']);
    const accepted = await upload(file, 'users.xlsx', { acceptUnmapped: 'true' }, { lang: 'en-US' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.unmapped).toEqual([{ field: 'J', messageKey: 'import.column_unmapped', message: 'Sheet “users”, column J “Badge” (1 cell with data) has no place in the import' }]);
    expect(await userNames()).toEqual(['admin', 'badged']);
  });

  it('writes the good rows when partial is asked for, and reports the bad ones', async () => {
    const res = await upload(await sheet([{ userName: 'ok1' }, { userName: 'bad name' }]), 'users.xlsx', { partial: 'true' }, { lang: 'en-US' });
    expect(res.status).toBe(200);
    expect(res.body.data.created.map((c: { userName: string }) => c.userName)).toEqual(['ok1']);
    expect(res.body.data.errors).toEqual([
      { row: 3, messageKey: 'user.name_invalid', message: 'A user name may hold letters, digits and . _ - @ only, 1 to 50 characters' },
    ]);
    expect(await userNames()).toEqual(['admin', 'ok1']);
  });

  it('skips existing users by default and updates them in cover mode', async () => {
    await createUser(api.t.ctx, { userName: 'exists', realName: 'old', password: TEST_PASSWORD });
    const file = await sheet([{ userName: 'exists', realName: 'new' }]);
    expect((await upload(file)).body.data).toMatchObject({ skipped: ['exists'], updated: [] });
    expect((await getUser(api.t.ctx, 'exists')).realName).toBe('old');
    expect((await upload(file, 'users.xlsx', { mode: 'cover' })).body.data).toMatchObject({ updated: ['exists'] });
    expect((await getUser(api.t.ctx, 'exists')).realName).toBe('new');
  });

  it('refuses a text file renamed .xlsx, a .csv, a 2 MB file and a missing file', async () => {
    const text = await upload('userName\nsomeone\n', 'users.xlsx', {}, { lang: 'en-US' });
    expect(text.status).toBe(400);
    expect(text.body.meta.message).toBe('This file is not an Excel workbook (.xlsx)');
    expect((await upload('userName\nsomeone\n', 'users.xlsx')).body.meta.message).toBe('该文件不是 Excel 工作簿（.xlsx）');
    const csv = await upload('userName\nsomeone\n', 'users.csv', {}, { lang: 'en-US' });
    expect(csv.status).toBe(400);
    expect(csv.body.meta.message).toBe('Unsupported file type; use xls, xlsx');
    expect((await upload('x', 'users.csv')).body.meta.message).toBe('不支持的文件类型，请使用 xls, xlsx');
    const big = await upload(new Uint8Array(2 * 1024 * 1024), 'users.xlsx', {}, { lang: 'en-US' });
    expect(big.status).toBe(400);
    expect(big.body.meta.message).toBe('The file exceeds the size limit (1M)');
    expect((await upload(new Uint8Array(2 * 1024 * 1024), 'users.xlsx')).body.meta.message).toBe('文件超过大小限制（1M）');
    const missing = new FormData();
    missing.append('mode', 'cover');
    const none = await api.call('POST', '/api/user/userImport', { token: admin, raw: missing, lang: 'en-US' });
    expect(none.status).toBe(400);
    expect(none.body.meta.message).toBe('The request failed validation\nExcel file is required');
    const mode = await upload(await sheet([{ userName: 'x' }]), 'users.xlsx', { mode: 'merge' }, { lang: 'en-US' });
    expect(mode.body.meta.message).toBe('The request failed validation\nImport mode must be one of: cover, dedupe');
    expect(await userNames()).toEqual(['admin']);
  });
});

describe('GET /api/user/exportUser', () => {
  it('answers an xlsx attachment with an ASCII file name, that imports again', async () => {
    await createUser(api.t.ctx, { userName: 'exp', realName: '导出', roles: ['engineer'], password: TEST_PASSWORD });
    const { res, bytes } = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users-20260601.xlsx"');
    const { rows } = await readSheet(bytes, USER_SHEET_COLUMNS);
    expect(rows.map((r) => r.values.userName)).toEqual(['admin', 'exp']);
    expect(rows[1]!.values).toMatchObject({ realName: '导出', roles: 'engineer', password: '' });
    await api.call('POST', '/api/user/saveUser', { token: admin, body: { id: (await getUser(api.t.ctx, 'exp')).id, userName: 'exp', realName: 'changed' } });
    const again = await upload(bytes, 'users-20260601.xlsx', { mode: 'cover' });
    expect(again.status).toBe(200);
    expect(again.body.data.updated).toEqual(['admin', 'exp']);
    expect(await getUser(api.t.ctx, 'exp')).toMatchObject({ realName: '导出', roleNames: ['engineer'] });
  });
});
