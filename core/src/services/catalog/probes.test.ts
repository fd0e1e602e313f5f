import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from './flow.ts';
import { getCatalogRecordBySerial, probeCatalogValue } from './probes.ts';
import { createCatalogRecord, deleteCatalogRecord, updateCatalogRecord } from './records.ts';
import type { CatalogRecordView } from './store.ts';
import { catalogPerson, openCatalogWorld, SEAT, type CatalogWorld } from '../../testing/catalog.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

const mode = (text: string, values: Record<string, unknown> = {}) => createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: text, ...values } });

async function release(record: CatalogRecordView): Promise<CatalogRecordView> {
  const applied = await applyCatalogRecord(w.author, record.id, { version: record.version });
  const audited = await auditCatalogRecord(w.auditor, record.id, { version: applied.version, opinion: 'Reviewed' });
  return approveCatalogRecord(w.approver, record.id, { version: audited.version });
}

describe('probing a value before saving (validateInvalidDescription)', () => {
  it('answers valid for a description no other record holds, and the save’s duplicate issue for one that is held', async () => {
    await mode('Seal leaks');
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: 'Seal torn' })).toEqual({ valid: true });
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: '  SEAL LEAKS ' })).toEqual({
      valid: false,
      issue: { messageKey: 'catalog.duplicate', field: 'invalidmode', params: { field: 'invalidmode', value: 'SEAL LEAKS' } },
    });
  });

  it('does not count the record being edited (any of its versions) against itself', async () => {
    const released = await release(await mode('Seal leaks'));
    const next = await updateCatalogRecord(w.author, released.id, { version: released.version, values: { severity: 4 } });
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: 'Seal leaks', id: next.id })).toEqual({ valid: true });
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: 'Seal leaks', id: released.id })).toEqual({ valid: true });
  });

  it('forgets deleted records, as the save does', async () => {
    const gone = await mode('Seal leaks');
    await deleteCatalogRecord(w.author, gone.id, { version: gone.version });
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: 'Seal leaks' })).toEqual({ valid: true });
  });

  it('answers the save’s conflict message while the same content is under review', async () => {
    const draft = await mode('Seal leaks');
    await applyCatalogRecord(w.author, draft.id, { version: draft.version });
    const answer = await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: 'Seal leaks' });
    expect(answer).toEqual({ valid: false, issue: { messageKey: 'catalog.content_under_review', field: 'invalidmode', params: { serialNum: draft.serialNum } } });
  });

  it('answers the field’s own problem (too long, empty when required) before any rule', async () => {
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: 'x'.repeat(201) })).toMatchObject({ valid: false, issue: { messageKey: 'validation.too_long', field: 'invalidmode' } });
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: ' ' })).toMatchObject({ valid: false, issue: { messageKey: 'validation.required' } });
    // a field in no unique rule: only its own checks
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'severity', value: 11 })).toMatchObject({ valid: false, issue: { messageKey: 'catalog.above_max' } });
    expect(await probeCatalogValue(w.reader, 'invalidMode', { field: 'severity', value: '7' })).toEqual({ valid: true });
  });

  it('checks a combined rule with the form’s other values, or the edited record’s (customer + priority)', async () => {
    const general = await createCatalogRecord(w.author, 'featureClassification', { values: { category: '关键', priority: 1 } });
    await createCatalogRecord(w.author, 'featureClassification', { values: { category: 'CC', priority: 1, customer: 'BYD' } });
    const probe = (value: unknown, values?: Record<string, unknown>, id?: string) => probeCatalogValue(w.reader, 'featureClassification', { field: 'priority', value, values, id });
    expect(await probe(1)).toMatchObject({ valid: false, issue: { messageKey: 'catalog.duplicate_combined', field: 'customer', params: { value: ' + 1' } } });
    expect(await probe('1', { customer: 'byd ' })).toMatchObject({ valid: false, issue: { messageKey: 'catalog.duplicate_combined' } });
    expect(await probe(1, { customer: 'SAIC' })).toEqual({ valid: true });
    expect(await probe(2)).toEqual({ valid: true });
    // the general class itself, edited: its own priority is no clash
    expect(await probe(1, {}, general.id)).toEqual({ valid: true });
  });

  it('refuses an undeclared field, and needs the type’s route', async () => {
    await expect(probeCatalogValue(w.reader, 'invalidMode', { field: 'colour', value: 'red' })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ messageKey: 'catalog.field_unknown', field: 'colour' }],
    });
    const stranger = await catalogPerson(w.t, 'stranger', { routes: ['function_index'] });
    await expect(probeCatalogValue(stranger, 'invalidMode', { field: 'invalidmode', value: 'x' })).rejects.toMatchObject({ code: 'not_allowed' });
    const other = await createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Seal' } });
    await expect(probeCatalogValue(w.reader, 'invalidMode', { field: 'invalidmode', value: 'x', id: other.id })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('a record by its number (selectBySerial)', () => {
  it('is its latest version: the release while the next version is prepared, the new one once approved', async () => {
    const released = await release(await mode('Seal leaks'));
    const next = await updateCatalogRecord(w.author, released.id, { version: released.version, values: { severity: 4 } });
    expect(await getCatalogRecordBySerial(w.reader, 'invalidMode', ` ${released.serialNum} `)).toMatchObject({ id: released.id, versionNo: 1, isLatestVersion: true });
    await release(next);
    expect(await getCatalogRecordBySerial(w.reader, 'invalidMode', released.serialNum)).toMatchObject({ id: next.id, versionNo: 2, values: { severity: 4 } });
  });

  it('is not found for an unknown or deleted number, or another type’s', async () => {
    const gone = await mode('Seal leaks');
    await deleteCatalogRecord(w.author, gone.id, { version: gone.version });
    await expect(getCatalogRecordBySerial(w.reader, 'invalidMode', gone.serialNum)).rejects.toMatchObject({ code: 'not_found', messageKey: 'catalog.record_not_found' });
    const fn = await createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Seal' } });
    await expect(getCatalogRecordBySerial(w.reader, 'invalidMode', fn.serialNum)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('needs the type’s route and the record’s product type', async () => {
    const seat = await createCatalogRecord(w.admin, 'invalidMode', { values: { invalidmode: 'Seat creaks', productType: SEAT } });
    await expect(getCatalogRecordBySerial(w.reader, 'invalidMode', seat.serialNum)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'catalog.product_type_denied' });
    const stranger = await catalogPerson(w.t, 'stranger', { routes: ['function_index'] });
    await expect(getCatalogRecordBySerial(stranger, 'invalidMode', seat.serialNum)).rejects.toMatchObject({ code: 'not_allowed' });
  });
});
