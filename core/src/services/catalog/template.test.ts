import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_TYPES, catalogSheetColumns } from '../../domain/catalog/index.ts';
import { InvalidInputError } from '../../errors.ts';
import { readSheet, writeSheet } from '../shared/xlsx.ts';
import { labelCatalogError } from './labels.ts';
import { createCatalogRecord, listCatalogRecords } from './records.ts';
import { importCatalogRecords } from './sheet.ts';
import { catalogTemplateDescriptions, exportCatalogTemplate, isCatalogTemplateRow } from './template.ts';
import { catalogPerson, openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

const failure = CATALOG_TYPES.invalidMode;
const texts = async () => (await listCatalogRecords(w.author, 'invalidMode', { limit: 100 })).items.map((r) => r.values.invalidmode).sort();

describe('the import template (exportDescription)', () => {
  it('heads the columns in the reader’s language and describes each under it, with the other language’s header', async () => {
    const { data, fileName } = await exportCatalogTemplate(w.reader, 'invalidMode', 'zh-CN');
    expect(fileName).toBe('invalidmode-template.xlsx');
    const { rows } = await readSheet(data, catalogSheetColumns(failure, 'zh-CN'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values).toMatchObject({
      invalidmodeNum: 'Failure number\n留空则按编号规则取下一个编号；仅当编号规则允许手工编号时可填写',
      invalidmode: 'Failure description\n必填\n文本，最多 200 个字符',
      enInvalidMode: 'Failure description (English)\n开启英文必填时必填\n文本，最多 200 个字符',
      invalidUseType: 'Failure use type\n开启失效使用类型必填时必填\n以下之一：失效模式, 失效原因, 失效影响\n可填多个，用逗号分隔',
      rejectRatio: 'Reject ratio\n数字，0 到 1',
      severity: 'Severity\n整数，1 到 10',
      productType: 'Product type\n字典“productType”中的条目：名称（中文或英文）或编码',
    });
    expect(catalogTemplateDescriptions(CATALOG_TYPES.product, 'en-US').productNum).toBe('产品编号\nRequired: the record’s own number, at most 50 characters; never changes');
  });

  it('is refused to someone without the type’s route', async () => {
    const stranger = await catalogPerson(w.t, 'stranger', { routes: ['function_index'] });
    await expect(exportCatalogTemplate(stranger, 'invalidMode')).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('tells its description row from a data row, in either language', () => {
    expect(isCatalogTemplateRow(failure, catalogTemplateDescriptions(failure, 'en-US'))).toBe(true);
    expect(isCatalogTemplateRow(failure, { invalidmode: catalogTemplateDescriptions(failure, 'zh-CN').invalidmode!, severity: '' })).toBe(true);
    expect(isCatalogTemplateRow(failure, { invalidmode: catalogTemplateDescriptions(failure, 'zh-CN').invalidmode!, severity: '3' })).toBe(false);
    expect(isCatalogTemplateRow(failure, { invalidmode: '' })).toBe(false);
  });
});

describe('import with goodRowsOnly', () => {
  it('writes the good rows (a template’s description row skipped), reports the wrong ones, and writes nothing without it', async () => {
    const columns = catalogSheetColumns(failure, 'zh-CN');
    const data = await writeSheet('Sheet1', columns, [
      catalogTemplateDescriptions(failure, 'zh-CN'),
      { invalidmode: 'Kept one', severity: 4 },
      { invalidmode: 'Too severe', severity: 12 },
      // a typed number the rule does not allow: refused while the row is written (inside its savepoint)
      { invalidmodeNum: 'MANUAL-1', invalidmode: 'Typed number' },
      { invalidmode: 'kept one' },
      { invalidmode: 'Kept two' },
    ]);
    await expect(importCatalogRecords(w.author, 'invalidMode', data)).rejects.toMatchObject({ messageKey: 'catalog.import_invalid' });
    expect(await texts()).toEqual([]);

    const report = await importCatalogRecords(w.author, 'invalidMode', data, { goodRowsOnly: true });
    expect(report).toMatchObject({ created: 2, updated: 0, versioned: 0, skipped: 1, unmappedColumns: [] });
    expect(report.rowErrors.map((i) => [i.row, i.field])).toEqual([
      [4, 'severity'],
      [5, 'invalidmodeNum'],
    ]);
    expect(await texts()).toEqual(['Kept one', 'Kept two']);
  });

  it('reports the columns left out with acceptUnmapped', async () => {
    const data = await writeSheet('Sheet1', [...catalogSheetColumns(failure, 'en-US'), { key: 'note', headers: ['Note'] }], [{ invalidmode: 'Noted', note: 'x' }]);
    const report = await importCatalogRecords(w.author, 'invalidMode', data, { acceptUnmapped: true });
    expect(report.unmappedColumns).toEqual([expect.objectContaining({ messageKey: 'import.column_unmapped', params: expect.objectContaining({ header: 'Note' }) })]);
  });
});

describe('labelCatalogError', () => {
  it('names the type’s fields by their headers in the reader’s language and leaves other issues alone', () => {
    const error = new InvalidInputError('validation.failed', {}, [
      { messageKey: 'validation.required', field: 'invalidmode', params: { field: 'invalidmode' } },
      { messageKey: 'validation.required', field: 'invalidmodeNum', params: { field: 'invalidmodeNum' } },
      { messageKey: 'import.column_unmapped', field: 'J', params: { column: 'J' } },
    ]);
    const labelled = labelCatalogError(error, failure, 'en-US') as InvalidInputError;
    expect(labelled).toMatchObject({ code: 'invalid_input', messageKey: 'validation.failed' });
    expect(labelled.issues.map((i) => [i.field, i.params?.field ?? null])).toEqual([
      ['invalidmode', 'Failure description'],
      ['invalidmodeNum', 'Failure number'],
      ['J', null],
    ]);
    const plain = new Error('boom');
    expect(labelCatalogError(plain, failure, 'zh-CN')).toBe(plain);
  });

  it('lists an enum’s allowed values by their names in the reader’s language', async () => {
    const refused = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks', invalidUseType: 'leak' } }).catch((e: unknown) => e);
    const labelled = labelCatalogError(refused, failure, 'zh-CN') as InvalidInputError;
    expect(labelled.issues).toEqual([
      { messageKey: 'catalog.value_not_allowed', field: 'invalidUseType', params: { field: '失效使用类型', value: 'leak', allowed: '失效模式, 失效原因, 失效影响' } },
    ]);
  });
});
