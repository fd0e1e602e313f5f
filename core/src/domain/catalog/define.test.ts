import { describe, expect, it } from 'vitest';
import { CODE_PREFIXES } from '../numbering/codes.ts';
import { catalogSheetColumns } from './sheet.ts';
import { defineCatalogType, type CatalogTypeDefinition } from './define.ts';
import { CATALOG_ROUTES, CATALOG_TYPES, CATALOG_TYPE_IDS, invalidModeCatalog, productCatalog } from './types.ts';

const base: CatalogTypeDefinition = {
  id: 'gadget',
  route: 'gadget_index',
  area: 'knowledge',
  tableKey: 'gadget',
  serialField: 'gadgetNum',
  serialHeader: { 'zh-CN': '编号', 'en-US': 'Number' },
  numbering: { module: 'function', prefix: 'FU' },
  title: { 'zh-CN': '小工具', 'en-US': 'Gadget' },
  fields: [
    { key: 'name', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '名称', 'en-US': 'Name' } },
    { key: 'enName', kind: 'enText', of: 'name', column: 'enText', header: { 'zh-CN': '英文名称', 'en-US': 'Name (English)' } },
  ],
};

describe('defineCatalogType', () => {
  it('accepts a sound declaration as it is', () => {
    expect(defineCatalogType(base)).toBe(base);
  });

  it.each([
    ['a prefix that is not the module’s', { numbering: { module: 'function', prefix: 'FA' } }, /prefix FA/],
    ['no description field', { fields: [{ key: 'name', kind: 'text', header: base.title }] }, /text column/],
    ['an optional description', { fields: [{ ...base.fields[0]!, required: false }, base.fields[1]!] }, /must be required/],
    ['a field declared twice', { fields: [...base.fields, base.fields[0]!] }, /declared twice/],
    ['a field named like an engine column', { fields: [...base.fields, { key: 'status', kind: 'text', header: base.title }] }, /engine uses/],
    ['the serial field as a field', { fields: [...base.fields, { key: 'gadgetNum', kind: 'code', header: base.title }] }, /engine uses/],
    ['an English text of no text', { fields: [base.fields[0]!, { key: 'enName', kind: 'enText', of: 'nothing', column: 'enText', header: base.title }] }, /translates nothing/],
    ['a unique rule on an unknown field', { unique: [['name', 'colour']] }, /unknown field colour/],
    ['an empty unique rule', { unique: [[]] }, /empty unique/],
    ['two fields in one column', { fields: [...base.fields, { key: 'other', kind: 'text', column: 'text', header: base.title }] }, /two fields in column text/],
    ['a product type that is not the dictionary', { fields: [...base.fields, { key: 'pt', kind: 'text', column: 'productType', header: base.title }] }, /productType dictionary/],
    ['an enum without values', { fields: [...base.fields, { key: 'kind', kind: 'enum', values: [], header: base.title }] }, /no values/],
    ['a reference from a number', { fields: [...base.fields, { key: 'n', kind: 'number', references: { type: 'gadget', field: 'name' }, header: base.title }] }, /text or code/],
    ['bounds the wrong way round', { fields: [...base.fields, { key: 'n', kind: 'number', min: 5, max: 1, header: base.title }] }, /min above max/],
  ] as [string, Partial<CatalogTypeDefinition>, RegExp][])('refuses %s', (_, change, message) => {
    expect(() => defineCatalogType({ ...base, ...change })).toThrow(message);
  });
});

describe('the declared types', () => {
  it('are listed under their own ids, with the spec’s prefixes and distinct routes', () => {
    for (const id of CATALOG_TYPE_IDS) {
      const type = CATALOG_TYPES[id];
      expect(type.id).toBe(id);
      expect(CODE_PREFIXES[type.numbering.module]).toBe(type.numbering.prefix);
    }
    expect(new Set(CATALOG_ROUTES).size).toBe(CATALOG_ROUTES.length);
    expect(Object.fromEntries(CATALOG_TYPE_IDS.map((id) => [id, CATALOG_TYPES[id].numbering.prefix]))).toEqual({
      function: 'FU',
      invalidMode: 'FA',
      preventionMeasure: 'PR',
      detectionMeasure: 'DE',
      interfaceDescription: 'IF',
      hardwareResource: 'HR',
      technicalStandard: 'TS',
      dvpStandard: 'DP',
      frequencyMeasure: 'FQ',
      monitorMeasure: 'MO',
      responseMeasure: 'RE',
      processProcedure: 'PP',
      procedureFunction: 'PF',
      procedureElement: 'PE',
      elementFunction: 'EF',
      elementInvalid: 'EI',
      productFeatureCategory: 'PD',
      processFeatureCategory: 'PC',
      featureClassification: 'FC',
      failureBasicTerminology: 'BT',
      gbStandard: 'GB',
      productStandard: 'PDS',
      processStandard: 'PCS',
      materialStandard: 'MTS',
      experience: 'EX',
      product: 'PA',
      customer: 'CU',
      productCategory: 'PCA',
      productClassification: 'PCL',
      requirement: 'RQ',
      customerRequirement: 'CR',
    });
  });

  it('give every field a header in both languages, Chinese in Chinese', () => {
    for (const type of Object.values(CATALOG_TYPES)) {
      for (const field of [...type.fields, { key: type.serialField, header: type.serialHeader }]) {
        expect(field.header['zh-CN'], `${type.id}.${field.key}`).toMatch(/[\u4e00-\u9fff]/);
        expect(field.header['en-US'], `${type.id}.${field.key}`).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it('govern master data (products, customers, categories, classifications, requirements) by the master-data creator rule and the rest by the knowledge rule', () => {
    expect(CATALOG_TYPE_IDS.filter((id) => CATALOG_TYPES[id].area === 'masterData')).toEqual([
      'product',
      'customer',
      'productCategory',
      'productClassification',
      'requirement',
      'customerRequirement',
    ]);
  });
});

describe('catalogSheetColumns', () => {
  it('has the number, every field and the engine columns, headers in the reader’s language first', () => {
    const zh = catalogSheetColumns(invalidModeCatalog, 'zh-CN');
    expect(zh.map((c) => c.key)).toEqual(['invalidmodeNum', ...invalidModeCatalog.fields.map((f) => f.key), 'versionNo', 'status', 'quoteCount']);
    expect(zh[1]).toMatchObject({ key: 'invalidmode', headers: ['失效描述', 'Failure description'], required: true });
    expect(catalogSheetColumns(invalidModeCatalog, 'en-US')[1]!.headers).toEqual(['Failure description', '失效描述']);
  });

  it('requires the number column only where users type numbers', () => {
    expect(catalogSheetColumns(invalidModeCatalog, 'en-US')[0]!.required).toBe(false);
    expect(catalogSheetColumns(productCatalog, 'en-US')[0]).toMatchObject({ key: 'productNum', required: true });
  });
});
