import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DICTIONARY_SHEET_COLUMNS, findDictionaryType, readSheet, writeSheet } from '@fmea/core';
import { engineerToken, expectRefused, lastLogged, openTestApp, signInWith, type TestApp, upload } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const typeId = async (code: string) => (await findDictionaryType(api.t.db, code)).id;
const save = (body: Record<string, unknown>, token = admin, lang?: string) => api.call('POST', '/api/dictionary/saveOrUpdate', { token, body, lang });
const tree = async (code?: string, token = admin) =>
  (await api.call('GET', `/api/dictionary/getDics${code ? `?code=${code}&timestamp=1` : ''}`, { token })).body.data as { code: string; name: string; children: { code: string; name: string; enName: string }[] }[];

describe('dictionary routes: who may call them', () => {
  const admin_routes = [
    { method: 'POST', path: '/api/dictionary/saveOrUpdate', body: { code: 'x', name: 'x' } },
    { method: 'POST', path: '/api/dictionary/deleteDictionary', body: { id: 'x' } },
    { method: 'POST', path: '/api/dictionary/selectDictionary', body: { id: 'x' } },
    { method: 'POST', path: '/api/dictionary/checkDictCode', body: { code: 'x' } },
    { method: 'POST', path: '/api/dictionary/validateDictName', body: { name: 'x' } },
    { method: 'POST', path: '/api/dictionary/checkDelFlag', body: { id: 'x' } },
    { method: 'POST', path: '/api/dictionary/importDic' },
    { method: 'GET', path: '/api/dictionary/exportDic' },
  ] as const;

  it('refuses every admin call without a session (401) and to a plain engineer (403)', async () => {
    const engineer = await engineerToken(api);
    for (const call of admin_routes) await expectRefused(api, call, engineer);
  });

  it('lets every signed-in user read the dictionaries, and nobody without a session', async () => {
    await expectRefused(api, { method: 'GET', path: '/api/dictionary/getDics' });
    const engineer = await engineerToken(api);
    const res = await api.call('GET', '/api/dictionary/getDics', { token: engineer });
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { code: string }) => t.code)).toEqual(expect.arrayContaining(['level', 'customer', 'interfaceType']));
  });

  it('checks the button: add may create but neither edit nor delete', async () => {
    const clerk = await signInWith(api, 'clerk', [{ routeName: 'system_dictionary', buttons: ['add'] }]);
    const created = await save({ parentId: await typeId('customer'), code: '1', name: '上汽' }, clerk);
    expect(created.status).toBe(200);
    expect((await save({ id: created.body.data.id, code: '1', name: '一汽' }, clerk)).status).toBe(403);
    expect((await api.call('POST', '/api/dictionary/deleteDictionary', { token: clerk, body: { id: created.body.data.id } })).status).toBe(403);
    expect((await api.call('POST', '/api/dictionary/checkDictCode', { token: clerk, body: { code: '1' } })).status).toBe(200);
  });
});

describe('GET /api/dictionary/getDics', () => {
  it('answers the whole tree with children in the spec’s field names', async () => {
    const all = await tree();
    const level = all.find((t) => t.code === 'level')!;
    expect(level.children.map((c) => [c.code, c.name, c.enName])).toEqual([['1', '系统', 'System'], ['2', '子系统', 'Subsystem'], ['3', '零部件', 'Component']]);
    expect(Object.keys(level).sort()).toEqual(['children', 'code', 'createtime', 'enName', 'id', 'name', 'parentId', 'sort', 'updatetime']);
  });

  it('narrows to one type with ?code, and answers an empty list for an unknown type', async () => {
    expect((await tree('level')).map((t) => t.code)).toEqual(['level']);
    expect(await tree('noSuchType')).toEqual([]);
  });
});

describe('POST /api/dictionary/saveOrUpdate', () => {
  it('creates an item, ignoring createtime, updatetime and children, and logs it', async () => {
    const parentId = await typeId('customer');
    const res = await save({ parentId, code: ' 7 ', name: '长安', enName: 'Changan', createtime: 1, updatetime: 'x', children: [{ code: 'zz' }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ parentId, code: '7', name: '长安', enName: 'Changan', sort: 1 });
    expect((await tree('customer'))[0]!.children.map((c) => c.code)).toEqual(['7']);
    const logged = await lastLogged(api, admin, 'dictionary.create');
    expect(logged).toMatchObject({ userName: 'admin', entity: 'dictionary', entityId: res.body.data.id, before: null, after: { code: '7', name: '长安' } });
  });

  it('changes an item and logs before and after', async () => {
    const parentId = await typeId('customer');
    const created = (await save({ parentId, code: '1', name: '上汽' })).body.data;
    const res = await save({ id: created.id, code: '1', name: '上汽集团', enName: 'SAIC', sort: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, name: '上汽集团', sort: 3 });
    const logged = await lastLogged(api, admin, 'dictionary.update');
    expect(logged).toMatchObject({ entityId: created.id, before: { name: '上汽' }, after: { name: '上汽集团', enName: 'SAIC' } });
  });

  it('stores and returns SQL- and script-like text verbatim', async () => {
    const parentId = await typeId('customer');
    const name = "'; DROP TABLE dictionary; --";
    const enName = '<script>alert("x")</script>';
    expect((await save({ parentId, code: "1' OR '1'='1", name, enName })).status).toBe(200);
    const [item] = (await tree('customer'))[0]!.children;
    expect(item).toMatchObject({ code: "1' OR '1'='1", name, enName });
  });

  it('refuses a code over 50 characters (zh-CN) and a missing name (en-US)', async () => {
    const long = await save({ code: 'x'.repeat(51), name: 'a' });
    expect(long.status).toBe(400);
    expect(long.body.meta.message).toBe('请求参数校验失败\n编码最多 50 个字符');
    expect(long.body.data.issues[0]).toMatchObject({ field: 'code' });
    const noName = await save({ code: 'a' }, admin, 'en-US');
    expect(noName.status).toBe(400);
    expect(noName.body.meta.message).toBe('The request failed validation\nName is required');
  });

  it('refuses a blank code, a name over 200 characters and a sort below 1', async () => {
    expect((await save({ code: '  ', name: 'a' })).body.meta.message).toBe('表单校验失败\n编码不能为空');
    expect((await save({ code: 'a', name: 'n'.repeat(201) }, admin, 'en-US')).body.meta.message).toBe(
      'The request failed validation\nName can be at most 200 characters long',
    );
    expect((await save({ code: 'a', name: 'a', sort: 0 }, admin, 'en-US')).body.meta.message).toBe('The request failed validation\nSort must be at least 1');
  });

  it('refuses a duplicate code or name under the same parent (409), allowing them under another', async () => {
    const customer = await typeId('customer');
    await save({ parentId: customer, code: '1', name: '上汽' });
    const code = await save({ parentId: customer, code: '1', name: '一汽' });
    expect(code.status).toBe(409);
    expect(code.body.meta.message).toBe('同一父级下字典编码“1”已存在');
    const name = await save({ parentId: customer, code: '2', name: '上汽' }, admin, 'en-US');
    expect(name.status).toBe(409);
    expect(name.body.meta.message).toBe('The name "上汽" already exists under this parent');
    expect((await save({ parentId: await typeId('carType'), code: '1', name: '上汽' })).status).toBe(200);
  });

  it('answers 404 for an unknown parent or item', async () => {
    const parent = await save({ parentId: 'missing', code: '1', name: 'a' }, admin, 'en-US');
    expect(parent.status).toBe(404);
    expect(parent.body.meta.message).toBe('Parent dictionary not found: missing');
    expect((await save({ id: 'missing', code: '1', name: 'a' })).status).toBe(404);
  });
});

describe('POST /api/dictionary/deleteDictionary and checkDelFlag', () => {
  it('refuses to delete an item with children (409) and says so beforehand', async () => {
    const level = await typeId('level');
    const check = await api.call('POST', '/api/dictionary/checkDelFlag', { token: admin, body: { id: level } });
    expect(check.body.data).toEqual({ canDelete: false });
    const res = await api.call('POST', '/api/dictionary/deleteDictionary', { token: admin, body: { id: level } });
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe('该字典项下还有子项，不能删除');
    expect((await tree('level'))[0]!.children).toHaveLength(3);
  });

  it('deletes a leaf, logs it, and it is gone', async () => {
    const [system] = (await api.call('POST', '/api/dictionary/selectDictionary', { token: admin, body: { id: await typeId('level') } })).body.data.children;
    expect((await api.call('POST', '/api/dictionary/checkDelFlag', { token: admin, body: { id: system.id } })).body.data).toEqual({ canDelete: true });
    const res = await api.call('POST', '/api/dictionary/deleteDictionary', { token: admin, body: { id: system.id } });
    expect(res.status).toBe(200);
    expect((await tree('level'))[0]!.children.map((c) => c.code)).toEqual(['2', '3']);
    expect(await lastLogged(api, admin, 'dictionary.delete')).toMatchObject({ entityId: system.id, before: { code: '1', name: '系统' }, after: null });
  });

  it('answers 404 for an unknown id and 400 for an id over 64 characters', async () => {
    const missing = await api.call('POST', '/api/dictionary/deleteDictionary', { token: admin, body: { id: 'missing' }, lang: 'en-US' });
    expect(missing.status).toBe(404);
    expect(missing.body.meta.message).toBe('Dictionary item not found: missing');
    expect((await api.call('POST', '/api/dictionary/checkDelFlag', { token: admin, body: { id: 'missing' } })).status).toBe(404);
    const long = await api.call('POST', '/api/dictionary/deleteDictionary', { token: admin, body: { id: 'x'.repeat(65) }, lang: 'en-US' });
    expect(long.status).toBe(400);
    expect(long.body.meta.message).toBe('The request failed validation\nID can be at most 64 characters long');
  });
});

describe('POST /api/dictionary/selectDictionary', () => {
  it('answers one item with its children, and 404 for an unknown id', async () => {
    const res = await api.call('POST', '/api/dictionary/selectDictionary', { token: admin, body: { id: await typeId('level') } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'level', name: '级别', parentId: '' });
    expect(res.body.data.children.map((c: { code: string }) => c.code)).toEqual(['1', '2', '3']);
    expect((await api.call('POST', '/api/dictionary/selectDictionary', { token: admin, body: { id: 'missing' } })).status).toBe(404);
  });
});

describe('POST /api/dictionary/checkDictCode and validateDictName', () => {
  it('says whether a code is free under a parent, the edited item not counting', async () => {
    const parentId = await typeId('customer');
    const saic = (await save({ parentId, code: '1', name: '上汽' })).body.data;
    const check = async (body: Record<string, unknown>) => (await api.call('POST', '/api/dictionary/checkDictCode', { token: admin, body })).body.data;
    expect(await check({ code: '1', parentId })).toEqual({ available: false });
    expect(await check({ code: '2', parentId })).toEqual({ available: true });
    expect(await check({ code: '1', id: saic.id })).toEqual({ available: true });
    expect(await check({ code: '1', parentId: await typeId('carType') })).toEqual({ available: true });
    expect(await check({ code: 'level', id: '' })).toEqual({ available: false });
  });

  it('says whether a name is free under a parent', async () => {
    const parentId = await typeId('customer');
    const saic = (await save({ parentId, code: '1', name: '上汽' })).body.data;
    const check = async (body: Record<string, unknown>) => (await api.call('POST', '/api/dictionary/validateDictName', { token: admin, body })).body.data;
    expect(await check({ name: '上汽', parentId })).toEqual({ available: false });
    expect(await check({ name: '上汽', parentId, id: saic.id })).toEqual({ available: true });
    expect(await check({ name: '一汽', parentId })).toEqual({ available: true });
  });

  it('refuses a missing code or name', async () => {
    const code = await api.call('POST', '/api/dictionary/checkDictCode', { token: admin, body: { parentId: '' } });
    expect(code.status).toBe(400);
    expect(code.body.meta.message).toBe('请求参数校验失败\n编码为必填项');
    const name = await api.call('POST', '/api/dictionary/validateDictName', { token: admin, body: { name: 'n'.repeat(201) }, lang: 'en-US' });
    expect(name.status).toBe(400);
    expect(name.body.meta.message).toBe('The request failed validation\nName can be at most 200 characters long');
  });
});

describe('POST /api/dictionary/importDic and GET /api/dictionary/exportDic', () => {
  const sheet = (rows: Record<string, string>[]) => writeSheet('d', DICTIONARY_SHEET_COLUMNS, rows);
  const importFile = (form: FormData, lang?: string) => api.call('POST', '/api/dictionary/importDic', { token: admin, raw: form, lang });

  it('imports items, creating a missing type, and logs them', async () => {
    const file = await sheet([
      { typeCode: 'customer', code: '1', name: '上汽', enName: 'SAIC' },
      { typeCode: 'plant', typeName: '工厂', code: 'SH', name: '上海' },
    ]);
    const res = await importFile(upload('excelFile', 'dicts.xlsx', file));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ created: 2, updated: 0, unmapped: [] });
    expect((await tree('customer'))[0]!.children.map((c) => c.name)).toEqual(['上汽']);
    expect((await tree('plant'))[0]).toMatchObject({ name: '工厂', children: [{ code: 'SH', name: '上海' }] });
    expect(await lastLogged(api, admin, 'dictionary.create')).toMatchObject({ after: { code: 'SH' } });
  });

  it('writes nothing when a row is wrong, naming the row', async () => {
    const file = await sheet([
      { typeCode: 'customer', code: '1', name: '上汽' },
      { typeCode: 'customer', code: '2', name: '' },
    ]);
    const res = await importFile(upload('excelFile', 'dicts.xlsx', file), 'en-US');
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('Some import rows are wrong; fix them and re-import only the error rows\nRow 3: Name cannot be empty');
    expect(res.body.data.issues).toEqual([expect.objectContaining({ row: 3, field: 'name', messageKey: 'validation.required' })]);
    expect((await tree('customer'))[0]!.children).toEqual([]);
  });

  it('refuses a column it has no field for (400, named), writing nothing, and imports with acceptUnmapped', async () => {
    const file = await writeSheet('d', [...DICTIONARY_SHEET_COLUMNS, { key: 'note', headers: ['Note'] }], [{ typeCode: 'customer', code: '1', name: '上汽', note: 'key account' }]);
    const res = await importFile(upload('excelFile', 'dicts.xlsx', file), 'en-US');
    expect(res.status).toBe(400);
    expect(res.body.meta.message.split('\n')[1]).toBe('Sheet “d”, column H “Note” (1 cell with data) has no place in the import');
    expect(res.body.data).toMatchObject({ messageKey: 'import.columns_unmapped', issues: [{ messageKey: 'import.column_unmapped', field: 'H' }] });
    expect((await tree('customer'))[0]!.children).toEqual([]);
    const accepted = await importFile(upload('excelFile', 'dicts.xlsx', file, { acceptUnmapped: 'true' }), 'en-US');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ created: 1, unmapped: [{ field: 'H', messageKey: 'import.column_unmapped' }] });
  });

  it('refuses a malformed spreadsheet, another file type, a file over 1 MB and a missing file', async () => {
    const broken = await importFile(upload('excelFile', 'dicts.xlsx', 'not a zip file'));
    expect(broken.status).toBe(400);
    expect(broken.body.meta.message).toBe('该文件不是 Excel 工作簿（.xlsx）');
    const csv = await importFile(upload('excelFile', 'dicts.csv', 'a,b'));
    expect(csv.status).toBe(400);
    expect(csv.body.meta.message).toBe('不支持的文件类型，请使用 xls, xlsx');
    const big = await importFile(upload('excelFile', 'dicts.xlsx', new Uint8Array(1024 * 1024 + 1)), 'en-US');
    expect(big.status).toBe(400);
    expect(big.body.meta.message).toBe('The file exceeds the size limit (1M)');
    const missing = await importFile(upload('other', 'dicts.xlsx', 'x'), 'en-US');
    expect(missing.status).toBe(400);
    expect(missing.body.meta.message).toBe('Choose a file to upload (excelFile)');
    expect((await tree('customer'))[0]!.children).toEqual([]);
  });

  it('exports every item as xlsx in the layout import reads', async () => {
    await save({ parentId: await typeId('customer'), code: '7', name: '长安' });
    const res = await api.app.request('/api/dictionary/exportDic?timestamp=1', { headers: { token: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('dictionaries.xlsx');
    const { rows } = await readSheet(new Uint8Array(await res.arrayBuffer()), DICTIONARY_SHEET_COLUMNS);
    expect(rows.map((r) => r.values)).toContainEqual(expect.objectContaining({ typeCode: 'customer', code: '7', name: '长安' }));
    expect(rows.map((r) => r.values)).toContainEqual(expect.objectContaining({ typeCode: 'level', code: '1', name: '系统' }));
  });
});
