import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLog, catalogRecord, operationLog } from '../../db/schema/index.ts';
import { setNumberingRule } from '../numbering/numbering.ts';
import { defaultNumberingRule } from '../../domain/numbering/index.ts';
import { applyCatalogRecord } from './flow.ts';
import { createCatalogRecord, deleteCatalogRecord, getCatalogRecord, listCatalogRecords, updateCatalogRecord } from './records.ts';
import { quoteCatalogRecord } from './quotes.ts';
import { approveCatalogRecord, auditCatalogRecord } from './flow.ts';
import { DOOR, SEAT, catalogPerson, openCatalogWorld, setFlag, type CatalogWorld } from '../../testing/catalog.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

const mode = (text: string, extra: Record<string, unknown> = {}) => ({ values: { invalidmode: text, ...extra } });

/** Created and released by the world's people. */
async function released(typeId: string, values: Record<string, unknown>) {
  const draft = await createCatalogRecord(w.author, typeId, { values });
  const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'fine' });
  return approveCatalogRecord(w.approver, draft.id, { version: audited.version });
}

describe('creating a record', () => {
  it('numbers it by its type’s rule and keeps it in editing, as the first and latest version', async () => {
    const record = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks', { enInvalidMode: 'Seal leaks', severity: 8, productType: DOOR, invalidUseType: 'invalidmode,invalidresult' }));
    expect(record).toMatchObject({
      type: 'invalidMode',
      serialNum: 'FA2603010001',
      status: '0',
      versionNo: 1,
      isLatestVersion: true,
      rootId: record.id,
      quoteCount: 0,
      version: 1,
      creatorId: w.author.actor.userId,
      creatorName: w.author.actor.userName,
      marker: 'mycompiled',
      people: { creator: w.author.actor.userName },
      can: { edit: true, del: true, apply: true, audit: false, approve: false, withdraw: false },
    });
    expect(record.values).toMatchObject({ invalidmode: 'Seal leaks', enInvalidMode: 'Seal leaks', severity: 8, productType: DOOR, invalidUseType: ['invalidmode', 'invalidresult'], occurrence: null });
    expect((await createCatalogRecord(w.author, 'invalidMode', mode('Seal torn'))).serialNum).toBe('FA2603010002');
    expect((await createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Seal the door' } })).serialNum).toBe('FU2603010001');
    expect((await createCatalogRecord(w.author, 'experience', { values: { problemType: 'designProblem', classification: 'Seal', failureDesc: 'Leak', product: 'Door', cause: 'Gap', preventiveMeasures: 'Check' } })).serialNum).toBe('EX2603010001');
  });

  it('logs the write in the operation log and the knowledge log', async () => {
    const record = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    const ops = await w.t.db.select().from(operationLog).where(eq(operationLog.entityId, record.id)).orderBy(operationLog.at, sql`rowid`);
    expect(ops).toMatchObject([{ action: 'catalog.record.create', entity: 'catalog_record', userId: w.author.actor.userId }]);
    const log = await w.t.db.select().from(catalogLog).where(eq(catalogLog.recordId, record.id));
    expect(log).toMatchObject([{ action: 'create', type: 'invalidMode', serialNum: 'FA2603010001', versionNo: 1, toStatus: '0', userName: w.author.actor.userName }]);
  });

  it('refuses values its type does not allow, naming each field, and writes nothing', async () => {
    const refused = createCatalogRecord(w.author, 'invalidMode', mode('  ', { severity: 11, productType: '99', colour: 'red' }));
    await expect(refused).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [
        { field: 'colour', messageKey: 'catalog.field_unknown' },
        { field: 'invalidmode', messageKey: 'validation.required' },
        { field: 'productType', messageKey: 'catalog.code_unknown' },
        { field: 'severity', messageKey: 'catalog.above_max' },
      ],
    });
    expect(await w.t.db.select().from(catalogRecord)).toEqual([]);
  });

  it('checks dictionary fields against the live dictionary', async () => {
    const ok = await createCatalogRecord(w.author, 'interfaceDescription', { values: { interfaceDescribe: 'Bolted to the body', interfaceType: '1' } });
    expect(ok.values.interfaceType).toBe('1');
    await expect(createCatalogRecord(w.author, 'interfaceDescription', { values: { interfaceDescribe: 'Clipped', interfaceType: '9' } })).rejects.toMatchObject({
      issues: [{ field: 'interfaceType', messageKey: 'catalog.code_unknown', params: { value: '9', dictionary: 'interfaceType' } }],
    });
  });

  it('requires English while the English-required rule is on, and the use type while failureToUseRequired is', async () => {
    await setFlag(w, 'EnglishRequiredRuleFlag', '1');
    await setFlag(w, 'failureToUseRequired', '1');
    await expect(createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'))).rejects.toMatchObject({
      issues: [
        { field: 'enInvalidMode', messageKey: 'catalog.english_required' },
        { field: 'invalidUseType', messageKey: 'validation.required' },
      ],
    });
    await expect(createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks', { enInvalidMode: 'Seal leaks', invalidUseType: ['invalidmode'] }))).resolves.toBeTruthy();
  });

  it('refuses an unknown type', async () => {
    await expect(createCatalogRecord(w.author, 'gadget', { values: {} })).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'catalog.type_unknown', params: { type: 'gadget' } });
  });
});

describe('unique rules', () => {
  it('refuses a description another record holds, trimmed and in any case', async () => {
    await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    await expect(createCatalogRecord(w.colleague, 'invalidMode', mode('  SEAL LEAKS '))).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'invalidmode', messageKey: 'catalog.duplicate', params: { value: 'SEAL LEAKS' } }],
    });
    // another type may hold the same text
    await expect(createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Seal leaks' } })).resolves.toBeTruthy();
  });

  it('holds hardware number and name unique each on its own', async () => {
    const base = { hardwareNumber: 'ECU-1', hardwareName: 'Controller' };
    await createCatalogRecord(w.author, 'hardwareResource', { values: base });
    await expect(createCatalogRecord(w.author, 'hardwareResource', { values: { ...base, hardwareName: 'Other' } })).rejects.toMatchObject({ issues: [{ field: 'hardwareNumber', messageKey: 'catalog.duplicate' }] });
    await expect(createCatalogRecord(w.author, 'hardwareResource', { values: { ...base, hardwareNumber: 'ECU-2' } })).rejects.toMatchObject({ issues: [{ field: 'hardwareName', messageKey: 'catalog.duplicate' }] });
    await expect(createCatalogRecord(w.author, 'hardwareResource', { values: { hardwareNumber: 'ECU-2', hardwareName: 'Other' } })).resolves.toBeTruthy();
  });

  it('holds a DVP standard name and test project unique together', async () => {
    const base = { standardName: 'Salt spray', testProject: 'Corrosion', testQuantity: 3 };
    await createCatalogRecord(w.author, 'dvpStandard', { values: base });
    await expect(createCatalogRecord(w.author, 'dvpStandard', { values: { ...base, testProject: 'Paint adhesion' } })).resolves.toBeTruthy();
    await expect(createCatalogRecord(w.author, 'dvpStandard', { values: { ...base, testQuantity: 5 } })).rejects.toMatchObject({
      issues: [{ field: 'standardName', messageKey: 'catalog.duplicate_combined', params: { value: 'Salt spray + Corrosion' } }],
    });
  });

  it('refuses a new item while the same content is under review', async () => {
    const first = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    await applyCatalogRecord(w.author, first.id, { version: first.version });
    await expect(createCatalogRecord(w.colleague, 'invalidMode', mode('Seal leaks'))).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'catalog.content_under_review',
      params: { serialNum: first.serialNum },
    });
  });

  it('lets a deleted record’s content be used again, never its number', async () => {
    const first = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    await deleteCatalogRecord(w.author, first.id, { version: first.version });
    const again = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    expect(again.serialNum).toBe('FA2603010002');
  });
});

describe('numbers', () => {
  it('takes a typed number only where the rule allows manual numbers, and moves the counter past it', async () => {
    await expect(createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Seal' }, serialNum: 'FU2603010005' })).rejects.toMatchObject({
      issues: [{ field: 'functionNum', messageKey: 'numbering.manual_not_allowed' }],
    });
    await setNumberingRule(w.t.ctx, { ...defaultNumberingRule('function'), allowManual: true });
    expect((await createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Seal' }, serialNum: 'FU2603010005' })).serialNum).toBe('FU2603010005');
    expect((await createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Hold' } })).serialNum).toBe('FU2603010006');
    await expect(createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Guide' }, serialNum: 'FU2603010005' })).rejects.toMatchObject({
      issues: [{ field: 'functionNum', messageKey: 'catalog.serial_duplicate', params: { value: 'FU2603010005' } }],
    });
  });

  it('requires a product’s number, typed and unique, and its name', async () => {
    await expect(createCatalogRecord(w.author, 'product', { values: { productName: 'Door' } })).rejects.toMatchObject({ issues: [{ field: 'productNum', messageKey: 'validation.required' }] });
    await expect(createCatalogRecord(w.author, 'product', { values: {}, serialNum: 'P-100' })).rejects.toMatchObject({ issues: [{ field: 'productName', messageKey: 'validation.required' }] });
    const door = await createCatalogRecord(w.author, 'product', { values: { productName: 'Door', productType: DOOR, productCategoryName: 'Closures' }, serialNum: ' P-100 ' });
    expect(door).toMatchObject({ serialNum: 'P-100', values: { productName: 'Door', productCategoryName: 'Closures' } });
    await expect(createCatalogRecord(w.author, 'product', { values: { productName: 'Other door' }, serialNum: 'P-100' })).rejects.toMatchObject({
      issues: [{ field: 'productNum', messageKey: 'catalog.serial_duplicate' }],
    });
  });
});

describe('changing a record', () => {
  it('changes a draft in place: the named fields, the others kept; a stale version writes nothing', async () => {
    const draft = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks', { severity: 8 }));
    const changed = await updateCatalogRecord(w.author, draft.id, { version: draft.version, values: { occurrence: 3 }, remark: 'rated' });
    expect(changed).toMatchObject({ id: draft.id, version: 2, status: '0', versionNo: 1, remark: 'rated', updaterId: w.author.actor.userId, values: { invalidmode: 'Seal leaks', severity: 8, occurrence: 3 } });
    await expect(updateCatalogRecord(w.author, draft.id, { version: draft.version, values: { occurrence: 4 } })).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.stale_version' });
    const cleared = await updateCatalogRecord(w.author, draft.id, { version: 2, values: { severity: null } });
    expect(cleared.values.severity).toBeNull();
    const log = await w.t.db.select().from(catalogLog).where(eq(catalogLog.recordId, draft.id));
    expect(log.map((l) => l.action)).toEqual(['create', 'update', 'update']);
  });

  it('keeps the unique rules against others, not against the record itself', async () => {
    await createCatalogRecord(w.author, 'invalidMode', mode('Seal torn'));
    const draft = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    await expect(updateCatalogRecord(w.author, draft.id, { version: 1, values: { invalidmode: 'seal leaks' } })).resolves.toMatchObject({ values: { invalidmode: 'seal leaks' } });
    await expect(updateCatalogRecord(w.author, draft.id, { version: 2, values: { invalidmode: 'Seal torn' } })).rejects.toMatchObject({ issues: [{ messageKey: 'catalog.duplicate' }] });
  });

  it('refuses to change or delete a record under approval', async () => {
    const draft = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    const applied = await applyCatalogRecord(w.author, draft.id, { version: 1 });
    const locked = { code: 'invalid_transition', messageKey: 'status.knowledge.locked_during_approval' };
    await expect(updateCatalogRecord(w.author, draft.id, { version: applied.version, values: { severity: 2 } })).rejects.toMatchObject(locked);
    await expect(deleteCatalogRecord(w.author, draft.id, { version: applied.version })).rejects.toMatchObject(locked);
    const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'ok' });
    await expect(updateCatalogRecord(w.author, draft.id, { version: audited.version, values: { severity: 2 } })).rejects.toMatchObject(locked);
    await expect(deleteCatalogRecord(w.admin, draft.id, { version: audited.version })).rejects.toMatchObject(locked);
  });

  it('refuses a record that does not exist', async () => {
    await expect(updateCatalogRecord(w.author, 'nope', { version: 1 })).rejects.toMatchObject({ code: 'not_found', messageKey: 'catalog.record_not_found' });
  });
});

describe('deleting a record', () => {
  it('soft-deletes it: gone from lists and reads, kept in the table', async () => {
    const draft = await createCatalogRecord(w.author, 'invalidMode', mode('Seal leaks'));
    await expect(deleteCatalogRecord(w.author, draft.id, { version: 2 })).rejects.toMatchObject({ messageKey: 'catalog.stale_version' });
    expect(await deleteCatalogRecord(w.author, draft.id, { version: 1 })).toEqual({ deleted: 1 });
    await expect(getCatalogRecord(w.author, draft.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await listCatalogRecords(w.author, 'invalidMode')).total).toBe(0);
    expect(await w.t.db.select({ delFlg: catalogRecord.delFlg }).from(catalogRecord).where(eq(catalogRecord.id, draft.id))).toEqual([{ delFlg: 1 }]);
    const log = await w.t.db.select().from(catalogLog).where(and(eq(catalogLog.recordId, draft.id), eq(catalogLog.action, 'delete')));
    expect(log).toHaveLength(1);
  });

  it('refuses while FMEA items cite the record', async () => {
    const record = await released('invalidMode', { invalidmode: 'Seal leaks' });
    await quoteCatalogRecord(w.author, record.id);
    await expect(deleteCatalogRecord(w.author, record.id, { version: record.version })).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.in_use', params: { count: 1 } });
  });
});

describe('listing records', () => {
  it('searches both languages and the number, filters by status, product type and category, pages with a total', async () => {
    const a = await createCatalogRecord(w.author, 'invalidMode', mode('密封泄漏', { enInvalidMode: 'Seal leaks', productType: DOOR }));
    await createCatalogRecord(w.author, 'invalidMode', mode('密封撕裂', { enInvalidMode: 'Seal torn' }));
    const c = await createCatalogRecord(w.colleague, 'invalidMode', mode('座椅异响', { enInvalidMode: 'Seat squeaks', productType: DOOR }));
    await applyCatalogRecord(w.colleague, c.id, { version: 1 });

    const texts = async (query: Parameters<typeof listCatalogRecords>[2]) => (await listCatalogRecords(w.author, 'invalidMode', query)).items.map((r) => r.values.invalidmode).sort();
    expect(await texts({ search: '密封' })).toEqual(['密封撕裂', '密封泄漏']);
    expect(await texts({ search: 'seal LEAKS' })).toEqual(['密封泄漏']);
    expect(await texts({ search: a.serialNum })).toEqual(['密封泄漏']);
    expect(await texts({ status: ['1'] })).toEqual(['座椅异响']);
    expect(await texts({ productTypes: [DOOR] })).toEqual(['座椅异响', '密封泄漏'].sort());
    expect(await texts({ search: '50%' })).toEqual([]);

    const page = await listCatalogRecords(w.author, 'invalidMode', { page: 2, limit: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.items).toHaveLength(1);
    await createCatalogRecord(w.author, 'dvpStandard', { values: { standardName: 'Salt spray', testProject: 'Corrosion', testQuantity: 3, classification: 'Environment' } });
    await createCatalogRecord(w.author, 'dvpStandard', { values: { standardName: 'Drop', testProject: 'Impact', testQuantity: 3, classification: 'Mechanical' } });
    expect((await listCatalogRecords(w.author, 'dvpStandard', { category: 'Environment' })).items.map((r) => r.values.standardName)).toEqual(['Salt spray']);
    await expect(listCatalogRecords(w.author, 'invalidMode', { status: ['9'] })).rejects.toMatchObject({ issues: [{ field: 'status', messageKey: 'catalog.value_not_allowed' }] });
  });

  it('marks rows by authorship and splits them into the creator tabs', async () => {
    await createCatalogRecord(w.author, 'invalidMode', mode('Mine'));
    await createCatalogRecord(w.colleague, 'invalidMode', mode('Theirs'));
    const all = await listCatalogRecords(w.author, 'invalidMode');
    expect(Object.fromEntries(all.items.map((r) => [r.values.invalidmode, r.marker]))).toEqual({ Mine: 'mycompiled', Theirs: 'myreadable' });
    expect((await listCatalogRecords(w.author, 'invalidMode', { creator: 'mine' })).items.map((r) => r.values.invalidmode)).toEqual(['Mine']);
    expect((await listCatalogRecords(w.author, 'invalidMode', { creator: 'others' })).items.map((r) => r.values.invalidmode)).toEqual(['Theirs']);
    // what the author may do with the colleague's row: the creator rule is off, but the author holds no audit button
    expect(all.items.find((r) => r.values.invalidmode === 'Theirs')!.can).toMatchObject({ edit: false, del: false, apply: false });
  });

  it('shows only records of the caller’s product types, and those without one', async () => {
    const seatPerson = await catalogPerson(w.t, 'seat-author', { buttons: ['add'], productTypes: [SEAT] });
    await createCatalogRecord(w.author, 'invalidMode', mode('Door leak', { productType: DOOR }));
    await createCatalogRecord(seatPerson, 'invalidMode', mode('Seat squeak', { productType: SEAT }));
    await createCatalogRecord(w.author, 'invalidMode', mode('Any rattle'));
    const seen = async (ctx: typeof w.author, query = {}) => (await listCatalogRecords(ctx, 'invalidMode', query)).items.map((r) => r.values.invalidmode).sort();
    expect(await seen(w.author)).toEqual(['Any rattle', 'Door leak']);
    expect(await seen(seatPerson)).toEqual(['Any rattle', 'Seat squeak']);
    expect(await seen(w.admin)).toEqual(['Any rattle', 'Door leak', 'Seat squeak']);
    expect(await seen(w.author, { productTypes: [SEAT] })).toEqual([]);
    // roles that name no product type limit nothing (spec 000 §6 as the roles dialog says)
    const unlimited = await catalogPerson(w.t, 'no-types', { productTypes: [] });
    expect(await seen(unlimited)).toEqual(['Any rattle', 'Door leak', 'Seat squeak']);
  });
});
