import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRecord } from '../../db/schema/index.ts';
import { DomainError } from '../../errors.ts';
import { translateError, type Locale } from '../../i18n/index.ts';
import { addDictionaryItems } from '../../testing/index.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import { saveCustomField, type CustomFieldInput } from '../custom-fields/fields.ts';
import { createCatalogRecord, getCatalogRecord, listCatalogRecords, updateCatalogRecord } from './records.ts';
import { exportCatalogRecords, importCatalogRecords } from './sheet.ts';
import { exportCatalogTemplate } from './template.ts';

// custom fields (entity catalog) in the catalog workbooks: columns after the record's own, as the problem and task workbooks
let w: CatalogWorld;
beforeAll(async () => {
  w = await openCatalogWorld();
  await addDictionaryItems(w.t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen']]);
  const field = (over: Partial<CustomFieldInput>): CustomFieldInput => ({ entity: 'catalog', systemName: 'plant', sort: 1, fieldType: 'text', required: false, shown: true, alias: '工厂', aliasEn: 'Plant', ...over });
  await saveCustomField(w.t.ctx, field({}));
  await saveCustomField(w.t.ctx, field({ systemName: 'weight', sort: 2, fieldType: 'number', alias: '重量', aliasEn: 'Weight' }));
  await saveCustomField(w.t.ctx, field({ systemName: 'madeOn', sort: 3, fieldType: 'date', alias: '制造日期', aliasEn: 'Made on' }));
  await saveCustomField(w.t.ctx, field({ systemName: 'buyer', sort: 4, fieldType: 'choice', dictType: 'customer', alias: '买方', aliasEn: 'Buyer' }));
});
afterAll(() => w.t.dispose());

const VALUES = { plant: 'P1', weight: '2.5', madeOn: '2026-03-02', buyer: '1' };
const HEADERS: Record<Locale, string[]> = { 'zh-CN': ['工厂', '重量', '制造日期', '买方'], 'en-US': ['Plant', 'Weight', 'Made on', 'Buyer'] };

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** The export of one record as a workbook to change, its row and the custom columns (1-based) by header. */
async function exported(serialNum: string, locale: Locale) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await exportCatalogRecords(w.author, 'invalidMode', { locale, search: serialNum })).data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const row = sheet.getRow(2);
  const column = (name: string) => header.indexOf(name);
  return { sheet, header, row, column, bytes: async () => new Uint8Array(await workbook.xlsx.writeBuffer()) };
}

const recordCount = async () => (await w.t.db.select({ id: catalogRecord.id }).from(catalogRecord).where(eq(catalogRecord.type, 'invalidMode'))).length;

describe.each(['zh-CN', 'en-US'] as const)('custom fields in the catalog workbook (%s)', (locale) => {
  it('are columns after the record’s own, headed by the alias, and come back the same (a changed record, a new one)', async () => {
    const made = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: `密封泄漏 ${locale}`, severity: 8 }, customFields: VALUES });
    const book = await exported(made.serialNum, locale);
    const columns = HEADERS[locale].map(book.column);
    expect(Math.min(...columns)).toBeGreaterThan(book.column(locale === 'zh-CN' ? '引用次数' : 'Quote count'));
    expect(columns.map((c) => book.row.getCell(c).value)).toEqual(Object.values(VALUES));

    // the record changed since: its export in mode cover gives the exported values back
    await updateCatalogRecord(w.author, made.id, { version: made.version, customFields: { plant: 'P9', weight: '7' } });
    expect(await importCatalogRecords(w.author, 'invalidMode', await book.bytes(), { mode: 'cover' })).toMatchObject({ updated: 1, created: 0 });
    expect((await getCatalogRecord(w.author, made.id)).customFields).toEqual(VALUES);

    // without its number and with another description, the row is a new record (the bulk path) with the same values
    book.row.getCell(1).value = null;
    book.row.getCell(2).value = `密封撕裂 ${locale}`;
    expect(await importCatalogRecords(w.author, 'invalidMode', await book.bytes())).toMatchObject({ created: 1 });
    const created = (await listCatalogRecords(w.author, 'invalidMode', { search: `密封撕裂 ${locale}` })).items;
    expect(created.map((r) => r.customFields)).toEqual([VALUES]);
  });

  it('refuses a bad number, date or choice with its row and alias in the user’s language, and writes nothing', async () => {
    const made = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: `磨损 ${locale}` }, customFields: { plant: 'P1' } });
    const book = await exported(made.serialNum, locale);
    const [, weight, madeOn, buyer] = HEADERS[locale].map(book.column);
    book.row.getCell(1).value = null;
    book.row.getCell(2).value = `新磨损 ${locale}`;
    book.row.getCell(weight!).value = 'heavy';
    book.row.getCell(madeOn!).value = '2026-13-45';
    book.row.getCell(buyer!).value = '99';
    const before = await recordCount();
    const refused = await errorOf(importCatalogRecords(w.author, 'invalidMode', await book.bytes()));
    expect(refused.messageKey).toBe('catalog.import_invalid');
    expect(refused.issues.map((i) => [i.row, i.field])).toEqual([
      [2, 'customFields.weight'],
      [2, 'customFields.madeOn'],
      [2, 'customFields.buyer'],
    ]);
    const text = translateError(locale, refused);
    if (locale === 'en-US') {
      expect(text).toContain('Row 2: Weight must be a number (got heavy)');
      expect(text).toMatch(/Made on.*2026-13-45/);
      expect(text).toMatch(/Buyer.*99/);
    } else {
      expect(text).toContain('第 2 行');
      expect(text).toMatch(/重量.*heavy/);
      expect(text).toMatch(/买方.*99/);
    }
    expect(await recordCount()).toBe(before);
  });

  it('reports a column no field takes (refused unless accepted) and reads a column headed by the system name', async () => {
    const made = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: `断裂 ${locale}` } });
    const book = await exported(made.serialNum, locale);
    const end = book.header.length;
    book.sheet.getRow(1).getCell(book.column(HEADERS[locale][0]!)).value = 'plant';
    book.row.getCell(book.column(HEADERS[locale][0]!)).value = 'P3';
    book.sheet.getRow(1).getCell(end).value = 'Colour';
    book.row.getCell(end).value = 'red';
    const refused = await errorOf(importCatalogRecords(w.author, 'invalidMode', await book.bytes(), { mode: 'cover' }));
    expect(translateError(locale, refused)).toContain('Colour');
    expect((await getCatalogRecord(w.author, made.id)).customFields).toEqual({});
    const done = await importCatalogRecords(w.author, 'invalidMode', await book.bytes(), { mode: 'cover', acceptUnmapped: true });
    expect(done.unmappedColumns.map((i) => i.params?.header)).toEqual(['Colour']);
    expect((await getCatalogRecord(w.author, made.id)).customFields).toEqual({ plant: 'P3' });
  });

  it('the template has the columns with what they take; filled in, it imports them', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportCatalogTemplate(w.author, 'invalidMode', locale)).data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const columns = HEADERS[locale].map((h) => header.indexOf(h));
    expect(Math.min(...columns)).toBeGreaterThan(0);
    const other = HEADERS[locale === 'zh-CN' ? 'en-US' : 'zh-CN'];
    expect(String(sheet.getRow(2).getCell(columns[2]!).value)).toContain(other[2]);
    expect(String(sheet.getRow(2).getCell(columns[2]!).value)).toContain('YYYY-MM-DD');
    const row = sheet.getRow(3);
    row.getCell(header.indexOf(locale === 'zh-CN' ? '失效描述' : 'Failure description')).value = `模板 ${locale}`;
    columns.forEach((c, i) => (row.getCell(c).value = Object.values(VALUES)[i]!));
    expect(await importCatalogRecords(w.author, 'invalidMode', new Uint8Array(await workbook.xlsx.writeBuffer()))).toMatchObject({ created: 1 });
    expect((await listCatalogRecords(w.author, 'invalidMode', { search: `模板 ${locale}` })).items.map((r) => r.customFields)).toEqual([VALUES]);
  });
});
