import { describe, expect, it } from 'vitest';
import { CODE_PREFIXES } from '../numbering/codes.ts';
import { catalogTextField, defineCatalogType, type CatalogTypeDefinition } from './define.ts';
import { catalogReferencesTo, checkCatalogReferences } from './references.ts';
import { CATALOG_TYPES, functionCatalog, winningClassification } from './types.ts';
import { catalogRecordIssues, catalogUniqueKeys } from './validate.ts';

/** The types of issue 12's second step: each is a declaration, checked here the way the first ten are. */
const ADDED = {
  frequencyMeasure: { prefix: 'FQ', route: 'frequencymeasure_index', unique: [['measureDesc']] },
  monitorMeasure: { prefix: 'MO', route: 'monitormeasure_index', unique: [['measureDesc']] },
  responseMeasure: { prefix: 'RE', route: 'responsemeasure_index', unique: [['measureDesc']] },
  processProcedure: { prefix: 'PP', route: 'processProcedure_index', unique: [['procedureName']] },
  procedureFunction: { prefix: 'PF', route: 'procedureFunction_index', unique: [['functionDesc']] },
  procedureElement: { prefix: 'PE', route: 'procedureElement_index', unique: [['elementName', 'elementType']] },
  elementFunction: { prefix: 'EF', route: 'elementFunction_index', unique: [['functionDesc']] },
  elementInvalid: { prefix: 'EI', route: 'elementInvalid_index', unique: [['invalidmode']] },
  productFeatureCategory: { prefix: 'PD', route: 'product_feature_index', unique: [['featureExplain']] },
  processFeatureCategory: { prefix: 'PC', route: 'process_feature_index', unique: [['featureExplain']] },
  featureClassification: { prefix: 'FC', route: 'feature_classify_index', unique: [['customer', 'category'], ['customer', 'priority']] },
  failureBasicTerminology: { prefix: 'BT', route: 'basicTerminologyOfFailure_index', unique: [['terminology']] },
  gbStandard: { prefix: 'GB', route: 'gb_standard_index', unique: [['standardCode']] },
  productStandard: { prefix: 'PDS', route: 'product_standard_index', unique: [['standardCode']] },
  processStandard: { prefix: 'PCS', route: 'process_standard_index', unique: [['standardCode']] },
  materialStandard: { prefix: 'MTS', route: 'material_standard_index', unique: [['standardCode']] },
  customer: { prefix: 'CU', route: 'clients_list', unique: [['customerName']] },
  productCategory: { prefix: 'PCA', route: 'product_category_index', unique: [['categoryName']] },
  productClassification: { prefix: 'PCL', route: 'product_classification', unique: [['classificationName']] },
  requirement: { prefix: 'RQ', route: 'requirement_index', unique: [['requirement']] },
  customerRequirement: { prefix: 'CR', route: 'customer_requirement_index', unique: [['customerName', 'requirement']] },
} as const;

const types = Object.keys(ADDED).map((id) => [id, CATALOG_TYPES[id as keyof typeof ADDED] as CatalogTypeDefinition] as const);

/** The type's required fields filled with acceptable values. */
function filled(type: CatalogTypeDefinition): Record<string, unknown> {
  return Object.fromEntries(
    type.fields.filter((f) => f.required).map((f) => [f.key, f.kind === 'number' ? (f.min ?? 1) : f.kind === 'enum' ? f.values[0] : f.kind === 'dictionary' ? '1' : 'value']),
  );
}

describe.each(types)('the %s type', (id, type) => {
  const spec = ADDED[id as keyof typeof ADDED];

  it('is numbered by its module’s prefix and governed by its route', () => {
    expect(type.numbering.prefix).toBe(spec.prefix);
    expect(CODE_PREFIXES[type.numbering.module]).toBe(spec.prefix);
    expect(type.route).toBe(spec.route);
  });

  it('requires its description, and only what it declares', () => {
    const text = catalogTextField(type);
    expect(catalogRecordIssues(type, filled(type))).toEqual([]);
    expect(catalogRecordIssues(type, { ...filled(type), [text.key]: ' ' }).map((i) => `${i.field}:${i.messageKey}`)).toEqual([`${text.key}:validation.required`]);
    expect(catalogRecordIssues(type, { ...filled(type), [text.key]: 'x'.repeat(201) }).map((i) => i.messageKey)).toEqual(['validation.too_long']);
  });

  it('requires the English description while EnglishRequiredRuleFlag is on', () => {
    const english = type.fields.find((f) => f.column === 'enText')!;
    expect(english.kind).toBe('enText');
    expect(catalogRecordIssues(type, filled(type), { EnglishRequiredRuleFlag: '1' }).map((i) => `${i.field}:${i.messageKey}`)).toEqual([`${english.key}:catalog.english_required`]);
    expect(catalogRecordIssues(type, { ...filled(type), [english.key]: 'In English' }, { EnglishRequiredRuleFlag: '1' })).toEqual([]);
  });

  it('refuses duplicates by its unique rules', () => {
    expect(type.unique).toEqual(spec.unique);
    const keys = catalogUniqueKeys(type, Object.fromEntries(type.fields.map((f) => [f.key, f.kind === 'number' ? 3 : 'v'])));
    expect(keys.map((k) => k.fields)).toEqual(spec.unique);
  });
});

describe('the added types’ own rules', () => {
  it('hold FMEA-MSR ratings and requirement severities to 1..10', () => {
    expect(catalogRecordIssues(CATALOG_TYPES.frequencyMeasure, { measureDesc: 'x', frequency: 11 }).map((i) => i.messageKey)).toEqual(['catalog.above_max']);
    expect(catalogRecordIssues(CATALOG_TYPES.monitorMeasure, { measureDesc: 'x', monitoring: 2.5 }).map((i) => i.messageKey)).toEqual(['catalog.not_integer']);
    expect(catalogRecordIssues(CATALOG_TYPES.requirement, { requirement: 'x', severity: 0 }).map((i) => i.messageKey)).toEqual(['catalog.below_min']);
  });

  it('take work element types of the 6M only', () => {
    expect(catalogRecordIssues(CATALOG_TYPES.procedureElement, { elementName: 'Welder', elementType: 'machine' })).toEqual([]);
    expect(catalogRecordIssues(CATALOG_TYPES.procedureElement, { elementName: 'Welder', elementType: 'robot' }).map((i) => i.messageKey)).toEqual(['catalog.value_not_allowed']);
  });

  it('require a standard code and name, the GB nature among the three', () => {
    expect(catalogRecordIssues(CATALOG_TYPES.gbStandard, {}).map((i) => i.field)).toEqual(['standardCode', 'standardName']);
    expect(catalogRecordIssues(CATALOG_TYPES.gbStandard, { standardCode: 'GB/T 2828.1-2012', standardName: 'Sampling', standardNature: 'recommended' })).toEqual([]);
    expect(catalogRecordIssues(CATALOG_TYPES.gbStandard, { standardCode: 'GB 1', standardName: 'x', standardNature: 'optional' }).map((i) => i.field)).toEqual(['standardNature']);
  });

  it('require a priority of at least 1 for a characteristic classification, and a customer for a customer requirement', () => {
    expect(catalogRecordIssues(CATALOG_TYPES.featureClassification, { category: 'SC' }).map((i) => i.field)).toEqual(['priority']);
    expect(catalogRecordIssues(CATALOG_TYPES.featureClassification, { category: 'SC', priority: 0 }).map((i) => i.messageKey)).toEqual(['catalog.below_min']);
    expect(catalogRecordIssues(CATALOG_TYPES.customerRequirement, { requirement: 'x' }).map((i) => i.field)).toEqual(['customerName']);
  });

  it('let the smallest priority win among competing classifications', () => {
    const classes = [
      { category: 'SC', priority: 3 },
      { category: 'CC', priority: 1 },
      { category: 'none', priority: null },
    ];
    expect(winningClassification(classes)?.category).toBe('CC');
    expect(winningClassification([])).toBeUndefined();
  });
});

describe('references between types', () => {
  it('name who uses categories, classifications and customers', () => {
    const users = (id: string) => catalogReferencesTo(CATALOG_TYPES, id).map((r) => `${r.type.id}.${r.field}`);
    expect(users('productCategory')).toEqual(['productFeatureCategory.productCategoryName', 'productStandard.productCategoryName', 'product.productCategoryName']);
    expect(users('productClassification')).toEqual(['productClassification.parentClassification']);
    expect(users('customer')).toEqual(['featureClassification.customer', 'customerRequirement.customerName']);
    expect(users('function')).toEqual([]);
  });

  it('are refused at import time when they name no type, no field or a field that does not name one record', () => {
    const naming = (type: string, field: string) =>
      defineCatalogType({
        ...functionCatalog,
        id: 'gadget',
        fields: [...functionCatalog.fields, { key: 'owner', kind: 'text', references: { type, field }, header: { 'zh-CN': '所属', 'en-US': 'Owner' } }],
      });
    expect(() => checkCatalogReferences({ function: functionCatalog, gadget: naming('nothing', 'x') })).toThrow('names unknown type nothing');
    expect(() => checkCatalogReferences({ function: functionCatalog, gadget: naming('function', 'colour') })).toThrow('no text or code field');
    expect(() => checkCatalogReferences({ function: functionCatalog, gadget: naming('function', 'requirement') })).toThrow('not unique on its own');
    const sound = { function: functionCatalog, gadget: naming('function', 'functionDesc') };
    expect(checkCatalogReferences(sound)).toBe(sound);
  });
});
