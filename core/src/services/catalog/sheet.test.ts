import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLog, catalogRecord, operationLog } from '../../db/schema/index.ts';
import { readSheet, writeSheet } from '../shared/xlsx.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from './flow.ts';
import { createCatalogRecord, getCatalogRecord, listCatalogRecords } from './records.ts';
import { exportCatalogRecords, importCatalogRecords } from './sheet.ts';
import { DOOR, SEAT, openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

/** A sheet with these headers and rows, as a user would fill it. */
const sheet = (headers: readonly string[], rows: readonly (string | number | null)[][]) =>
  writeSheet(
    'Sheet1',
    headers.map((h, i) => ({ key: `c${i}`, headers: [h] })),
    rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))),
  );

const columnsOf = (headers: readonly string[]) => headers.map((h) => ({ key: h, headers: [h] }));

describe('export', () => {
  it('writes the list’s records under the headers of the reader’s language, with version, status and quote count', async () => {
    await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: '密封泄漏', enInvalidMode: 'Seal leaks', severity: 8, invalidUseType: ['invalidmode', 'invalidreason'], productType: DOOR } });
    await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: '密封撕裂' } });
    const { data, fileName, count } = await exportCatalogRecords(w.author, 'invalidMode', { locale: 'en-US' });
    expect(count).toBe(2);
    expect(fileName).toBe('invalidmode-20260301.xlsx');
    const headers = ['Failure number', 'Failure description', 'Failure description (English)', 'Failure use type', 'Severity', 'Status', 'Version', 'Quote count'];
    const { rows } = await readSheet(data, columnsOf(headers), undefined, { acceptUnmapped: true });
    expect(rows[0]!.values).toEqual({
      'Failure number': 'FA2603010001',
      'Failure description': '密封泄漏',
      'Failure description (English)': 'Seal leaks',
      'Failure use type': 'Failure mode, Failure cause',
      Severity: '8',
      Status: 'Editing',
      Version: '1',
      'Quote count': '0',
    });
    const zh = await exportCatalogRecords(w.author, 'invalidMode', { locale: 'zh-CN', search: '撕裂' });
    const read = await readSheet(zh.data, columnsOf(['失效编号', '失效描述', '状态']), undefined, { acceptUnmapped: true });
    expect(read.rows.map((r) => r.values)).toEqual([{ 失效编号: 'FA2603010002', 失效描述: '密封撕裂', 状态: '编辑中' }]);
  });

  it('writes the product type by its name in the reader’s language and reads the name (either language) back as its code', async () => {
    await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: '密封泄漏', productType: DOOR } });
    const read = async (locale: 'zh-CN' | 'en-US') => {
      const { data } = await exportCatalogRecords(w.author, 'invalidMode', { locale });
      const header = locale === 'zh-CN' ? '产品类型' : 'Product type';
      return { data, value: (await readSheet(data, columnsOf([header]), undefined, { acceptUnmapped: true })).rows[0]!.values[header] };
    };
    const zh = await read('zh-CN');
    const en = await read('en-US');
    expect([zh.value, en.value]).toEqual(['车门', 'Door']);
    // its own export back (cover: the same record, unchanged), and a new record named in either language, any case
    expect(await importCatalogRecords(w.author, 'invalidMode', zh.data, { mode: 'cover' })).toMatchObject({ updated: 1, rowErrors: [] });
    expect(await importCatalogRecords(w.author, 'invalidMode', en.data, { mode: 'cover' })).toMatchObject({ updated: 1, rowErrors: [] });
    const named = await sheet(['失效描述', '产品类型'], [['门缝漏风', '车门'], ['Door squeak', 'door'], ['Hinge noise', DOOR]]);
    expect(await importCatalogRecords(w.author, 'invalidMode', named)).toMatchObject({ created: 3, rowErrors: [] });
    const rows = await w.t.db.select({ text: catalogRecord.text, productType: catalogRecord.productType }).from(catalogRecord);
    expect(rows.every((r) => r.productType === DOOR)).toBe(true);
    // a name no item has is refused with the value, and one the caller may not use as before
    const wrong = await sheet(['失效描述', '产品类型'], [['Unknown', '飞机'], ['Seat', '座椅']]);
    await expect(importCatalogRecords(w.author, 'invalidMode', wrong)).rejects.toMatchObject({
      issues: [
        { row: 2, field: 'productType', messageKey: 'catalog.code_unknown', params: { value: '飞机' } },
        { row: 3, field: 'productType', messageKey: 'catalog.product_type_denied' },
      ],
    });
  });

  it('reads its own export back, in either language, to the same codes', async () => {
    await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: '密封泄漏', invalidUseType: ['invalidreason', 'invalidresult'] } });
    await createCatalogRecord(w.author, 'experience', { values: { problemType: 'equipmentProblem', classification: '密封', failureDesc: '泄漏', product: '车门', cause: '老化', preventiveMeasures: '换件' } });
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const failures = await exportCatalogRecords(w.author, 'invalidMode', { locale });
      const experience = await exportCatalogRecords(w.author, 'experience', { locale });
      const read = await readSheet(failures.data, columnsOf([locale === 'zh-CN' ? '失效使用类型' : 'Failure use type']), undefined, { acceptUnmapped: true });
      expect(Object.values(read.rows[0]!.values)).toEqual([locale === 'zh-CN' ? '失效原因, 失效影响' : 'Failure cause, Failure effect']);
      // the same record by its number: written back unchanged (cover), so the codes read are the codes stored
      expect(await importCatalogRecords(w.author, 'invalidMode', failures.data, { mode: 'cover' })).toMatchObject({ updated: 1, rowErrors: [] });
      expect(await importCatalogRecords(w.author, 'experience', experience.data, { mode: 'cover' })).toMatchObject({ updated: 1, rowErrors: [] });
    }
    expect((await listCatalogRecords(w.author, 'invalidMode')).items.map((r) => r.values.invalidUseType)).toEqual([['invalidreason', 'invalidresult']]);
    expect((await listCatalogRecords(w.author, 'experience')).items.map((r) => r.values.problemType)).toEqual(['equipmentProblem']);
  });

  it('exports the page asked when the scope is the page', async () => {
    for (const text of ['a', 'b', 'c']) await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: text } });
    expect((await exportCatalogRecords(w.author, 'invalidMode', { scope: 'page', page: 2, limit: 2 })).count).toBe(1);
  });
});

describe('import', () => {
  it('creates records from a sheet in either language, numbered by the rule, and logs them', async () => {
    const data = await sheet(
      ['Failure description', '英文失效描述', 'Severity', 'Failure use type', 'Product type'],
      [
        ['Seal leaks', 'Seal leaks', 8, 'invalidmode, invalidresult', DOOR],
        ['Seal torn', null, null, null, null],
        ['Seal cracked', null, null, '失效原因，Failure effect', null],
      ],
    );
    expect(await importCatalogRecords(w.author, 'invalidMode', data)).toEqual({ created: 3, updated: 0, versioned: 0, skipped: 0, rowErrors: [], unmappedColumns: [] });
    const items = (await listCatalogRecords(w.author, 'invalidMode')).items;
    expect(items.map((r) => [r.serialNum, r.values.invalidmode, r.values.severity, r.values.invalidUseType]).sort()).toEqual([
      ['FA2603010001', 'Seal leaks', 8, ['invalidmode', 'invalidresult']],
      ['FA2603010002', 'Seal torn', null, null],
      ['FA2603010003', 'Seal cracked', null, ['invalidreason', 'invalidresult']],
    ]);
    expect(await w.t.db.select({ action: catalogLog.action }).from(catalogLog)).toEqual([{ action: 'import' }, { action: 'import' }, { action: 'import' }]);
    expect(await w.t.db.select({ action: operationLog.action, after: operationLog.after }).from(operationLog).where(eq(operationLog.action, 'catalog.record.import')).orderBy(operationLog.at, sql`rowid`)).toEqual([
      { action: 'catalog.record.import', after: { type: 'invalidMode', mode: 'dedupe', created: 3, updated: 0, versioned: 0, skipped: 0 } },
    ]);
  });

  it('refuses the whole file when a row is wrong, naming each row and field, and writes nothing', async () => {
    await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks' } });
    const data = await sheet(
      ['失效描述', '严重度', '产品类型'],
      [
        ['Fine', 5, null],
        ['Too severe', 12, null],
        ['Seat squeak', 3, SEAT],
      ],
    );
    const refused = importCatalogRecords(w.author, 'invalidMode', data, { mode: 'cover' });
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_input',
      messageKey: 'catalog.import_invalid',
      params: { count: 2 },
      issues: [
        { row: 3, field: 'severity', messageKey: 'catalog.above_max' },
        { row: 4, field: 'productType', messageKey: 'catalog.product_type_denied' },
      ],
    });
    expect((await w.t.db.select().from(catalogRecord)).map((r) => r.text)).toEqual(['Seal leaks']);
  });

  it('refuses a file with a column no field takes and a wrong row once, listing both, and writes nothing', async () => {
    const data = await sheet(['失效描述', '严重度', '备注'], [['Fine', 5, 'ask supplier'], ['Too severe', 12, null]]);
    const refused = importCatalogRecords(w.author, 'invalidMode', data);
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_input',
      messageKey: 'catalog.import_refused',
      params: { count: 1, columns: 1 },
      issues: [
        { messageKey: 'import.column_unmapped', field: 'C', params: { sheet: 'Sheet1', column: 'C', header: '备注', cells: 1 } },
        { row: 3, field: 'severity', messageKey: 'catalog.above_max' },
      ],
    });
    expect(await w.t.db.select().from(catalogRecord)).toEqual([]);
    expect(await w.t.db.select().from(operationLog).where(eq(operationLog.action, 'catalog.record.import')).orderBy(operationLog.at, sql`rowid`)).toEqual([]);
  });

  it('refuses for what was not accepted only: the column alone, or the wrong rows alone; both accepted writes the good rows and reports both', async () => {
    const data = await sheet(['失效描述', '严重度', '备注'], [['Fine', 5, 'ask supplier'], ['Too severe', 12, null]]);
    await expect(importCatalogRecords(w.author, 'invalidMode', data, { goodRowsOnly: true })).rejects.toMatchObject({
      messageKey: 'import.columns_unmapped',
      params: { count: 1 },
      issues: [{ messageKey: 'import.column_unmapped', field: 'C' }],
    });
    await expect(importCatalogRecords(w.author, 'invalidMode', data, { acceptUnmapped: true })).rejects.toMatchObject({
      messageKey: 'catalog.import_invalid',
      params: { count: 1 },
      issues: [{ row: 3, field: 'severity', messageKey: 'catalog.above_max' }],
    });
    expect(await w.t.db.select().from(catalogRecord)).toEqual([]);
    expect(await importCatalogRecords(w.author, 'invalidMode', data, { acceptUnmapped: true, goodRowsOnly: true })).toMatchObject({
      created: 1,
      rowErrors: [{ row: 3, field: 'severity', messageKey: 'catalog.above_max' }],
      unmappedColumns: [{ messageKey: 'import.column_unmapped', field: 'C' }],
    });
    expect((await w.t.db.select().from(catalogRecord)).map((r) => r.text)).toEqual(['Fine']);
  });

  it('holds every unique rule: a row matching one record by number and another by name is refused', async () => {
    await createCatalogRecord(w.author, 'hardwareResource', { values: { hardwareNumber: 'ECU-1', hardwareName: 'Controller' } });
    await createCatalogRecord(w.author, 'hardwareResource', { values: { hardwareNumber: 'ECU-2', hardwareName: 'Sensor' } });
    const data = await sheet(['硬件编号', '硬件名称'], [['ECU-1', 'Sensor']]);
    await expect(importCatalogRecords(w.author, 'hardwareResource', data, { mode: 'cover' })).rejects.toMatchObject({
      issues: [{ row: 2, field: 'hardwareName', messageKey: 'catalog.duplicate', params: { value: 'Sensor' } }],
    });
  });

  it('lets a later row of the file cover an earlier one, or leaves it out when de-duplicating', async () => {
    const data = await sheet(['失效描述', '严重度'], [['Twice', 3], ['twice', 4]]);
    expect(await importCatalogRecords(w.author, 'invalidMode', data, { mode: 'dedupe' })).toMatchObject({ created: 1, skipped: 1 });
    expect(await importCatalogRecords(w.author, 'invalidMode', data, { mode: 'cover' })).toMatchObject({ created: 0, updated: 2 });
    expect((await listCatalogRecords(w.author, 'invalidMode')).items.map((r) => [r.values.invalidmode, r.values.severity])).toEqual([['twice', 4]]);
  });

  it('requires the columns of required fields', async () => {
    const data = await sheet(['Severity'], [[5]]);
    await expect(importCatalogRecords(w.author, 'invalidMode', data)).rejects.toMatchObject({ messageKey: 'file.format_invalid', issues: [{ messageKey: 'file.missing_column' }] });
  });

  it('de-duplicates: rows naming an existing record by number or by content are left out', async () => {
    const existing = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks' } });
    const data = await sheet(
      ['失效编号', '失效描述', '严重度'],
      [
        [existing.serialNum, 'Renamed', 5],
        [null, 'SEAL LEAKS', 6],
        [null, 'New one', 7],
      ],
    );
    expect(await importCatalogRecords(w.author, 'invalidMode', data, { mode: 'dedupe' })).toEqual({ created: 1, updated: 0, versioned: 0, skipped: 2, rowErrors: [], unmappedColumns: [] });
    expect((await getCatalogRecord(w.author, existing.id)).values).toMatchObject({ invalidmode: 'Seal leaks', severity: null });
  });

  it('covers: rows naming an existing record change it as editing does, a released one gets a new version', async () => {
    const draft = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks' } });
    const other = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal torn' } });
    const applied = await applyCatalogRecord(w.author, other.id, { version: 1 });
    const audited = await auditCatalogRecord(w.auditor, other.id, { version: applied.version, opinion: 'ok' });
    const released = await approveCatalogRecord(w.approver, other.id, { version: audited.version });
    const data = await sheet(
      ['失效编号', '失效描述', '严重度'],
      [
        [draft.serialNum, 'Seal leaks', 5],
        [null, 'Seal torn', 6],
      ],
    );
    expect(await importCatalogRecords(w.author, 'invalidMode', data, { mode: 'cover' })).toEqual({ created: 0, updated: 1, versioned: 1, skipped: 0, rowErrors: [], unmappedColumns: [] });
    expect((await getCatalogRecord(w.author, draft.id)).values.severity).toBe(5);
    expect(await getCatalogRecord(w.author, released.id)).toMatchObject({ status: '2', isLatestVersion: true, values: { severity: null } });
    const versions = await w.t.db.select().from(catalogRecord).where(eq(catalogRecord.rootId, released.id));
    expect(versions.map((v) => [v.versionNo, v.status, v.data]).sort()).toEqual([
      [1, '2', {}],
      [2, '0', { severity: 6 }],
    ]);
  });

  it('covers only what the caller may edit: a record under approval or someone else’s is a row issue', async () => {
    const theirs = await createCatalogRecord(w.colleague, 'invalidMode', { values: { invalidmode: 'Theirs' } });
    const mine = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Mine' } });
    await applyCatalogRecord(w.author, mine.id, { version: 1 });
    const data = await sheet(['失效描述', '严重度'], [['Theirs', 5], ['Mine', 5]]);
    await expect(importCatalogRecords(w.author, 'invalidMode', data, { mode: 'cover' })).rejects.toMatchObject({
      issues: [
        { row: 2, messageKey: 'permission.edit_not_creator' },
        { row: 3, messageKey: 'status.knowledge.locked_during_approval' },
      ],
    });
    expect((await getCatalogRecord(w.author, theirs.id)).values.severity).toBeNull();
  });

  it('needs the import button and a known mode', async () => {
    const data = await sheet(['失效描述'], [['x']]);
    await expect(importCatalogRecords(w.colleague, 'invalidMode', data)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.denied' });
    await expect(importCatalogRecords(w.author, 'invalidMode', data, { mode: 'merge' as 'cover' })).rejects.toMatchObject({ issues: [{ field: 'mode' }] });
  });

  it('takes a product’s number from its column, required', async () => {
    const data = await sheet(
      ['产品编号', '产品名称', 'Product type'],
      [
        ['P-1', 'Door', DOOR],
        [null, 'Seat', null],
      ],
    );
    await expect(importCatalogRecords(w.author, 'product', data)).rejects.toMatchObject({ issues: [{ row: 3, field: 'productNum', messageKey: 'validation.required' }] });
  });
});
