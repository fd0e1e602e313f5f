import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TYPES, catalogSheetColumns, catalogTemplateDescriptions, readSheet, writeSheet } from '@fmea/core';
import { caller, openTestApp, signedInWith, UNAUTHENTICATED, watchSocket, type Person, type TestApp } from '../../testing.ts';

/**
 * Catalog sheets over HTTP (spec 001 §7): exportData, exportDescription,
 * importData and importDescription of one type, with the upload limits of
 * every import and progress over the socket.
 */
let api: TestApp;
let author: Person;
let reader: Person;
const BASE = '/api/knowledge/occMeasure';
const type = CATALOG_TYPES.preventionMeasure;
const DENIED = { zh: '您没有权限进行此操作', en: 'You are not authorized to operate' };

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  author = await signedInWith(api, 'author', [{ routeName: 'occmeasure_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }]);
  reader = await signedInWith(api, 'reader', [{ routeName: 'occmeasure_index', buttons: [] }]);
});
afterAll(() => api.dispose());

type Row = Partial<Record<string, string | number | null>>;
/** A sheet with the export's columns in Chinese. */
const sheet = (rows: Row[], extra: { key: string; headers: string[] }[] = []) => writeSheet('措施', [...catalogSheetColumns(type, 'zh-CN'), ...extra], rows);

function form(bytes: Uint8Array | string, name: string, fields: Record<string, string>) {
  const data = new FormData();
  data.append('excelFile', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const upload = (bytes: Uint8Array | string, options: { name?: string; fields?: Record<string, string>; token?: string | null; lang?: string; path?: string } = {}) =>
  api.call('POST', `${BASE}/${options.path ?? 'importData'}`, {
    token: options.token === null ? undefined : (options.token ?? author.token),
    lang: options.lang,
    raw: form(bytes, options.name ?? 'measures.xlsx', options.fields ?? {}),
  });

async function download(path: string, token = author.token, lang = 'zh-CN') {
  const res = await api.app.request(path, { headers: { token, lang } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const descriptions = async () => (await caller(api, author).ok('POST', `${BASE}/list`, { limit: 500 })).items.map((r: { values: { measureDesc: string } }) => r.values.measureDesc).sort();

describe('GET /api/knowledge/{entity}/exportData and exportDescription', () => {
  it('answers 401 without a token, 403 without the export button (the template only needs the route), 400 for a bad scope', async () => {
    expect((await api.app.request(`${BASE}/exportData`)).status).toBe(401);
    const denied = await download(`${BASE}/exportData`, reader.token);
    expect(denied.res.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(denied.bytes)).meta.message).toBe(DENIED.zh);
    expect((await download(`${BASE}/exportData?scope=everything`)).res.status).toBe(400);
    expect((await download(`${BASE}/exportDescription`, reader.token)).res.status).toBe(200);
  });

  it('exports the list filter’s records with headers in the reader’s language', async () => {
    await caller(api, author).ok('POST', `${BASE}/saveOrUpdate`, { values: { measureDesc: 'Torque check', occurrence: 3 } });
    const { res, bytes } = await download(`${BASE}/exportData?search=Torque&timestamp=1`, author.token, 'en-US');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain('occ_measure-20260301.xlsx');
    const read = await readSheet(bytes, catalogSheetColumns(type, 'en-US'));
    expect(read.rows.map((r) => [r.values.measureDesc, r.values.occurrence, r.values.status])).toEqual([['Torque check', '3', 'Editing']]);
  });

  it('exports the template: headers in the reader’s language, under each the other language’s and what it takes', async () => {
    const { res, bytes } = await download(`${BASE}/exportDescription`, author.token, 'en-US');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('occ_measure-template.xlsx');
    const read = await readSheet(bytes, catalogSheetColumns(type, 'en-US'));
    expect(read.rows).toHaveLength(1);
    expect(read.rows[0]!.values.measureDesc).toBe('措施描述\nRequired\nText, at most 200 characters');
    expect(read.rows[0]!.values.occurrence).toBe('频度\nA whole number, from 1 to 10');
  });
});

describe('POST /api/knowledge/{entity}/importData', () => {
  it('answers 401 without a token and 403 without the import button, writing nothing', async () => {
    const file = await sheet([{ measureDesc: 'Never written' }]);
    const anonymous = await upload(file, { token: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.meta.message).toBe(UNAUTHENTICATED.zh);
    const denied = await upload(file, { token: reader.token, lang: 'en-US' });
    expect(denied.status).toBe(403);
    expect(denied.body.meta.message).toBe(DENIED.en);
    expect(await descriptions()).not.toContain('Never written');
  });

  it('refuses a .csv, a text file named .xlsx, a file over the limit and a missing file (400)', async () => {
    const csv = await upload('措施描述\nx\n', { name: 'measures.csv', lang: 'en-US' });
    expect(csv.status).toBe(400);
    expect(csv.body.meta.message).toBe('Unsupported file type; use xls, xlsx');
    const text = await upload('措施描述\nx\n', { lang: 'en-US' });
    expect(text.status).toBe(400);
    expect(text.body.meta.message).toBe('This file is not an Excel workbook (.xlsx)');
    const big = await upload(new Uint8Array(2 * 1024 * 1024));
    expect(big.status).toBe(400);
    expect(big.body.meta.message).toBe('文件超过大小限制（1M）');
    const none = new FormData();
    none.append('importWayType', 'cover');
    const missing = await api.call('POST', `${BASE}/importData`, { token: author.token, raw: none, lang: 'en-US' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.issues[0].field).toBe('excelFile');
  });

  it('writes nothing when a row is wrong, naming rows and fields by their headers; goodRowsOnly writes the good ones', async () => {
    const file = await sheet([{ measureDesc: 'Good row one' }, { measureDesc: 'Bad row', occurrence: 11 }, { occurrence: 2 }]);
    const refused = await upload(file, { lang: 'en-US' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.messageKey).toBe('catalog.import_invalid');
    expect(refused.body.data.issues.map((i: { row: number; field: string; message: string }) => [i.row, i.field, i.message])).toEqual([
      [3, 'occurrence', 'Occurrence must be at most 10'],
      [4, 'measureDesc', 'Measure description cannot be empty'],
    ]);
    expect(await descriptions()).not.toContain('Good row one');

    const kept = await upload(file, { fields: { goodRowsOnly: 'true' }, lang: 'en-US' });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ created: 1, updated: 0, versioned: 0, skipped: 0, unmappedColumns: [] });
    expect(kept.body.data.rowErrors).toEqual([
      { row: 3, field: 'occurrence', messageKey: 'catalog.above_max', message: 'Occurrence must be at most 10' },
      { row: 4, field: 'measureDesc', messageKey: 'validation.required', message: 'Measure description cannot be empty' },
    ]);
    expect(await descriptions()).toContain('Good row one');
    expect(await descriptions()).not.toContain('Bad row');
  });

  it('refuses a column it has no field for unless acceptUnmapped, then reports it', async () => {
    const file = await sheet([{ measureDesc: 'With a badge', badge: 'B-7' }], [{ key: 'badge', headers: ['Badge'] }]);
    const refused = await upload(file, { lang: 'en-US' });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ messageKey: 'import.columns_unmapped', issues: [{ messageKey: 'import.column_unmapped', field: 'I' }] });
    expect(await descriptions()).not.toContain('With a badge');
    const accepted = await upload(file, { fields: { acceptUnmapped: 'true' }, lang: 'en-US' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.unmappedColumns).toEqual([
      { field: 'I', messageKey: 'import.column_unmapped', message: 'Sheet “措施”, column I “Badge” (1 cell with data) has no place in the import' },
    ]);
    expect(await descriptions()).toContain('With a badge');
  });

  it('refuses a file with an unknown column and a wrong row once, naming both; both flags import the rest and report both', async () => {
    const file = await sheet(
      [
        { measureDesc: 'Both good', badge: 'B-8' },
        { measureDesc: 'Both bad', occurrence: 11 },
      ],
      [{ key: 'badge', headers: ['Badge'] }],
    );
    const refused = await upload(file, { lang: 'en-US' });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ messageKey: 'catalog.import_refused', params: { count: 1, columns: 1 } });
    expect(refused.body.data.issues.map((i: { row?: number; field: string; message: string }) => [i.row, i.field, i.message])).toEqual([
      [undefined, 'I', 'Sheet “措施”, column I “Badge” (1 cell with data) has no place in the import'],
      [3, 'occurrence', 'Occurrence must be at most 10'],
    ]);
    expect(refused.body.meta.message.split('\n')).toEqual([
      'Wrong rows in the import: 1; columns with no field: 1 (listed below); nothing was written. Fix the file and import again, or leave out the columns and import only the good rows',
      'Sheet “措施”, column I “Badge” (1 cell with data) has no place in the import',
      'Row 3: Occurrence must be at most 10',
    ]);
    const zh = await upload(file);
    expect(zh.body.meta.message.split('\n')[0]).toBe('导入数据有 1 行错误，另有 1 列没有对应字段（见下方列表），未写入任何数据。请修改文件后重新导入，或舍弃这些列并只导入正确的行');
    expect(await descriptions()).not.toContain('Both good');

    const kept = await upload(file, { fields: { acceptUnmapped: 'true', goodRowsOnly: 'true' }, lang: 'en-US' });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({
      created: 1,
      rowErrors: [{ row: 3, field: 'occurrence', message: 'Occurrence must be at most 10' }],
      unmappedColumns: [{ field: 'I', messageKey: 'import.column_unmapped' }],
    });
    expect(await descriptions()).toContain('Both good');
    expect(await descriptions()).not.toContain('Both bad');
  });

  it('round-trips: what it exports, imported again with dedupe, changes nothing; progress reaches 100 on the socket', async () => {
    const before = await caller(api, author).ok('POST', `${BASE}/list`, { limit: 500 });
    const { bytes } = await download(`${BASE}/exportData`);
    const seen = watchSocket(api, author.token, author.user.id);
    const res = await upload(bytes, { fields: { importWayType: 'dedupe' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, updated: 0, versioned: 0, skipped: before.total, rowErrors: [] });
    const after = await caller(api, author).ok('POST', `${BASE}/list`, { limit: 500 });
    expect(after.items.map((r: { id: string; version: number }) => [r.id, r.version])).toEqual(before.items.map((r: { id: string; version: number }) => [r.id, r.version]));
    const progress = seen.messages.filter((m) => m.event === 'receiveProgressInfo').map((m) => (m.data as { val: number }).val);
    expect(progress.at(-1)).toBe(100);
  });

  it('covers existing records in mode cover (1), changing drafts in place', async () => {
    const row = await caller(api, author).ok('POST', `${BASE}/saveOrUpdate`, { values: { measureDesc: 'Cover me', occurrence: 2 } });
    const res = await upload(await sheet([{ [type.serialField]: row.serialNum, measureDesc: 'Cover me', occurrence: 5 }]), { fields: { importWayType: '1' } });
    expect(res.body.data).toMatchObject({ created: 0, updated: 1 });
    expect(await caller(api, author).ok('GET', `${BASE}/get?id=${row.id}`)).toMatchObject({ values: { occurrence: 5 } });
  });
});

describe('POST /api/knowledge/{entity}/importDescription', () => {
  it('imports a filled-in template, skipping its description row', async () => {
    const keys = new Set([type.serialField, ...type.fields.map((f) => f.key)]);
    const columns = catalogSheetColumns(type, 'en-US').filter((c) => keys.has(c.key));
    const file = await writeSheet('template', columns, [catalogTemplateDescriptions(type, 'en-US'), { measureDesc: 'From the template', occurrence: 4 }]);
    const res = await upload(file, { path: 'importDescription' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1, rowErrors: [] });
    expect(await descriptions()).toContain('From the template');
    expect(await descriptions()).not.toContain(catalogTemplateDescriptions(type, 'en-US').measureDesc);
  });
});

describe('the decompression limits, which follow the import limit', () => {
  it('refuses a workbook that unpacks past 50× the limit or holds too many rows, writing nothing', async () => {
    const small = await openTestApp({ importLimitBytes: 20 * 1024 });
    try {
      const owner = await signedInWith(small, 'owner', [{ routeName: 'occmeasure_index', buttons: ['import'] }]);
      const send = async (bytes: Uint8Array) => {
        const data = new FormData();
        data.append('excelFile', new Blob([Buffer.from(bytes)]), 'measures.xlsx');
        return small.call('POST', `${BASE}/importData`, { token: owner.token, raw: data, lang: 'en-US' });
      };
      // 1.6 MB of one repeated letter (each cell its own string) packs into a few KB
      const unpacked = await sheet(Array.from({ length: 80 }, (_, i) => ({ measureDesc: `M${i}`, remark: `${i}${'a'.repeat(20_000)}` })), [{ key: 'remark', headers: ['Padding'] }]);
      expect(unpacked.byteLength).toBeLessThan(20 * 1024);
      const big = await send(unpacked);
      expect(big.status).toBe(400);
      expect(big.body.data.messageKey).toBe('file.unpacked_too_large');
      const rows = await send(await sheet(Array.from({ length: 400 }, (_, i) => ({ measureDesc: `Row ${i}` }))));
      expect(rows.status).toBe(400);
      expect(rows.body.data.messageKey).toBe('file.too_many_rows');
      const list = await small.call('POST', `${BASE}/list`, { token: (await small.adminToken()), body: {} });
      expect(list.body.data.total).toBe(0);
    } finally {
      small.dispose();
    }
  });
});
