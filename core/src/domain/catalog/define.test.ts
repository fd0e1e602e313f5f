import { describe, expect, it } from 'vitest';
import { CODE_PREFIXES } from '../numbering/codes.ts';
import { catalogSheetColumns } from './sheet.ts';
import { catalogEnumCode, catalogEnumLabel, defineCatalogType, type CatalogEnumField, type CatalogTypeDefinition } from './define.ts';
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

/** An enum field of the given labels; its values are the labels' keys unless given. */
const enumOf = (labels: CatalogEnumField['labels'], values = Object.keys(labels)): CatalogEnumField => ({ key: 'size', kind: 'enum', values, labels, header: { 'zh-CN': '大小', 'en-US': 'Size' } });

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
    ['an enum without values', { fields: [...base.fields, { key: 'kind', kind: 'enum', values: [], labels: {}, header: base.title }] }, /no values/],
    ['an enum value without a label', { fields: [...base.fields, enumOf({ big: { 'zh-CN': '大', 'en-US': 'Big' } }, ['big', 'small'])] }, /value small has no zh-CN label/],
    ['an enum value without its English label', { fields: [...base.fields, enumOf({ big: { 'zh-CN': '大', 'en-US': ' ' } })] }, /value big has no en-US label/],
    ['a label for no value', { fields: [...base.fields, enumOf({ big: { 'zh-CN': '大', 'en-US': 'Big' }, huge: { 'zh-CN': '巨', 'en-US': 'Huge' } }, ['big'])] }, /label for unknown value huge/],
    ['two values under one name', { fields: [...base.fields, enumOf({ big: { 'zh-CN': '大', 'en-US': 'Large' }, large: { 'zh-CN': '特大', 'en-US': 'Huge' } })] }, /"Large" names both large and big/],
    ['a name holding a list separator', { fields: [...base.fields, enumOf({ big: { 'zh-CN': '大，宽', 'en-US': 'Big' } })] }, /list separator/],
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

  it('name every value of every enum in both languages, Chinese in Chinese', () => {
    const enums = Object.values(CATALOG_TYPES).flatMap((type) => type.fields.flatMap((f) => (f.kind === 'enum' ? [[type.id, f] as const] : [])));
    expect(enums.map(([id, f]) => `${id}.${f.key}`)).toEqual([
      'invalidMode.invalidUseType',
      'technicalStandard.standardKind',
      'procedureElement.elementType',
      'elementFunction.elementType',
      'elementInvalid.elementType',
      'featureClassification.isRelateSod',
      'gbStandard.standardNature',
      'experience.problemType',
    ]);
    for (const [id, field] of enums as [string, CatalogEnumField][]) {
      expect(Object.keys(field.labels).sort(), `${id}.${field.key}`).toEqual([...field.values].sort());
      for (const value of field.values) {
        expect(field.labels[value]!['zh-CN'], `${id}.${field.key}.${value}`).toMatch(/^[\u4e00-\u9fff]+$/);
        expect(field.labels[value]!['en-US'], `${id}.${field.key}.${value}`).toMatch(/^[A-Z][\x20-\x7e]*$/);
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

describe('enum names', () => {
  const useType = invalidModeCatalog.fields.find((f) => f.key === 'invalidUseType') as CatalogEnumField;

  it('name a value in the reader’s language, and an unknown code as it is', () => {
    expect(catalogEnumLabel(useType, 'invalidreason', 'zh-CN')).toBe('失效原因');
    expect(catalogEnumLabel(useType, 'invalidreason', 'en-US')).toBe('Failure cause');
    expect(catalogEnumLabel(useType, 'gone', 'en-US')).toBe('gone');
  });

  it('read the code, or its name in either language in any case, back to the code', () => {
    expect(['invalidresult', '失效影响', 'Failure effect', ' failure EFFECT '].map((typed) => catalogEnumCode(useType, typed))).toEqual(Array(4).fill('invalidresult'));
    expect(catalogEnumCode(useType, 'Failure')).toBeUndefined();
    expect(catalogEnumCode(useType, 'toString')).toBeUndefined();
  });
});
