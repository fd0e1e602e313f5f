import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLog } from '../../db/schema/index.ts';
import { readSheet, writeSheet } from '../shared/xlsx.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from './flow.ts';
import { createCatalogRecord, deleteCatalogRecord, listCatalogRecords, updateCatalogRecord } from './records.ts';
import { exportCatalogRecords, importCatalogRecords } from './sheet.ts';
import type { CatalogRecordView } from './store.ts';
import { DOOR, openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';

/** The types declared after the first ten live the engine's life unchanged; the references between them guard deletes. */

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

async function release(record: CatalogRecordView): Promise<CatalogRecordView> {
  const applied = await applyCatalogRecord(w.author, record.id, { version: record.version });
  const audited = await auditCatalogRecord(w.auditor, record.id, { version: applied.version, opinion: 'Reviewed' });
  return approveCatalogRecord(w.approver, record.id, { version: audited.version });
}

describe('the added types through the review flow', () => {
  it.each([
    ['frequencyMeasure', { measureDesc: 'Watchdog resets the controller', frequency: 3, productType: DOOR }, 'FQ2603010001'],
    ['gbStandard', { standardCode: 'GB/T 2828.1-2012', standardName: 'Sampling by attributes', standardNature: 'recommended' }, 'GB2603010001'],
    ['customer', { customerName: 'FAW', contactPerson: 'Li Lei' }, 'CU2603010001'],
  ] as const)('numbers a %s by its prefix and takes it from editing to released, logging each step', async (typeId, values, serialNum) => {
    const draft = await createCatalogRecord(w.author, typeId, { values });
    expect(draft).toMatchObject({ type: typeId, serialNum, status: '0', values });
    const released = await release(draft);
    expect(released).toMatchObject({ status: '2', isLatestVersion: true, versionNo: 1 });
    const log = await w.t.db.select({ action: catalogLog.action, type: catalogLog.type }).from(catalogLog).where(eq(catalogLog.recordId, draft.id)).orderBy(asc(catalogLog.id));
    expect(log).toEqual(['create', 'apply', 'audit', 'approve'].map((action) => ({ action, type: typeId })));
  });

  it('refuses a repeated priority within one customer, not across customers (spec 001 §5)', async () => {
    await createCatalogRecord(w.author, 'featureClassification', { values: { category: 'CC', priority: 1, customer: 'FAW' } });
    await expect(createCatalogRecord(w.author, 'featureClassification', { values: { category: 'SC', priority: 1, customer: 'faw' } })).rejects.toMatchObject({
      issues: [{ field: 'customer', messageKey: 'catalog.duplicate_combined', params: { value: 'faw + 1' } }],
    });
    await expect(createCatalogRecord(w.author, 'featureClassification', { values: { category: 'SC', priority: 1, customer: 'SAIC' } })).resolves.toMatchObject({ serialNum: 'FC2603010002' });
    await expect(createCatalogRecord(w.author, 'featureClassification', { values: { category: 'SC', priority: 2, customer: 'FAW' } })).resolves.toMatchObject({ values: { priority: 2 } });
  });
});

describe('references guard deletes (spec 001 §5)', () => {
  it('refuses deleting a product category a product or a characteristic uses, until they let it go', async () => {
    const category = await createCatalogRecord(w.author, 'productCategory', { values: { categoryName: 'Closures' } });
    const door = await createCatalogRecord(w.author, 'product', { values: { productName: 'Door', productCategoryName: ' closures ' }, serialNum: 'P-1' });
    await createCatalogRecord(w.author, 'productFeatureCategory', { values: { featureExplain: 'Gap 4±0.5 mm', productCategoryName: 'Closures' } });
    await expect(deleteCatalogRecord(w.author, category.id, { version: category.version })).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'catalog.referenced',
      params: { value: 'Closures', count: 2 },
    });
    await deleteCatalogRecord(w.author, door.id, { version: door.version });
    await expect(deleteCatalogRecord(w.author, category.id, { version: category.version })).rejects.toMatchObject({ params: { count: 1 } });
  });

  it('counts the name of every live version: a renamed draft does not hide the released name in use', async () => {
    const released = await release(await createCatalogRecord(w.author, 'customer', { values: { customerName: 'FAW' } }));
    await createCatalogRecord(w.author, 'customerRequirement', { values: { customerName: 'FAW', requirement: 'Salt spray 480 h' } });
    const renamed = await updateCatalogRecord(w.author, released.id, { version: released.version, values: { customerName: 'FAW-VW' } });
    expect(renamed).toMatchObject({ versionNo: 2, isLatestVersion: false });
    await expect(deleteCatalogRecord(w.author, released.id, { version: released.version })).rejects.toMatchObject({ messageKey: 'catalog.referenced', params: { value: 'FAW' } });
    // the draft alone may go: the released record stays
    await expect(deleteCatalogRecord(w.author, renamed.id, { version: renamed.version })).resolves.toEqual({ deleted: 1 });
  });

  it('refuses deleting a primary classification with secondaries, not the secondaries or an unused primary', async () => {
    const body = await createCatalogRecord(w.author, 'productClassification', { values: { classificationName: 'Body' } });
    const closures = await createCatalogRecord(w.author, 'productClassification', { values: { classificationName: 'Closures', parentClassification: 'Body' } });
    const chassis = await createCatalogRecord(w.author, 'productClassification', { values: { classificationName: 'Chassis' } });
    await expect(deleteCatalogRecord(w.author, body.id, { version: body.version })).rejects.toMatchObject({ messageKey: 'catalog.referenced', params: { value: 'Body', count: 1 } });
    await expect(deleteCatalogRecord(w.author, closures.id, { version: closures.version })).resolves.toEqual({ deleted: 1 });
    await expect(deleteCatalogRecord(w.author, body.id, { version: body.version })).resolves.toEqual({ deleted: 1 });
    await expect(deleteCatalogRecord(w.author, chassis.id, { version: chassis.version })).resolves.toEqual({ deleted: 1 });
  });
});

describe('import and export of an added type', () => {
  const columnsOf = (headers: readonly string[]) => headers.map((h) => ({ key: h, headers: [h] }));

  it('imports customer requirements from a sheet in either language and exports them under the reader’s headers', async () => {
    const data = await writeSheet(
      'Sheet1',
      ['客户', 'Requirement', 'Severity', '产品系列'].map((h, i) => ({ key: `c${i}`, headers: [h] })),
      [
        { c0: 'FAW', c1: 'Salt spray 480 h', c2: 8, c3: 'Doors' },
        { c0: 'SAIC', c1: 'Salt spray 480 h', c2: null, c3: null },
      ],
    );
    expect(await importCatalogRecords(w.author, 'customerRequirement', data)).toMatchObject({ created: 2, updated: 0 });
    // the same requirement of the same customer again is left out
    expect(await importCatalogRecords(w.author, 'customerRequirement', data)).toMatchObject({ created: 0, skipped: 2 });

    const { data: file, fileName, count } = await exportCatalogRecords(w.author, 'customerRequirement', { locale: 'en-US' });
    expect([fileName, count]).toEqual(['customer_requirement-20260301.xlsx', 2]);
    const { rows } = await readSheet(file, columnsOf(['Requirement number', 'Customer', 'Requirement', 'Product series', 'Severity']), undefined, { acceptUnmapped: true });
    expect(rows.map((r) => r.values).sort((a, b) => String(a.Customer).localeCompare(String(b.Customer)))).toEqual([
      { 'Requirement number': 'CR2603010001', Customer: 'FAW', Requirement: 'Salt spray 480 h', 'Product series': 'Doors', Severity: '8' },
      { 'Requirement number': 'CR2603010002', Customer: 'SAIC', Requirement: 'Salt spray 480 h', 'Product series': '', Severity: '' },
    ]);
    expect((await listCatalogRecords(w.author, 'customerRequirement', { search: 'CR2603010002' })).items.map((r) => r.values.customerName)).toEqual(['SAIC']);
  });
});
