import { describe, expect, it } from 'vitest';
import type { CatalogTypeDefinition } from './define.ts';
import { CATALOG_TYPES, dvpStandardCatalog, experienceCatalog, hardwareResourceCatalog, invalidModeCatalog, productCatalog } from './types.ts';
import { catalogDuplicateIssue, catalogRecordIssues, catalogUniqueKeys, readCatalogValues } from './validate.ts';

const keysOf = (issues: readonly { messageKey: string; field?: string }[]) => issues.map((i) => `${i.field}:${i.messageKey}`);

describe('catalogRecordIssues', () => {
  it('accepts a failure mode with every field and cleans the values', () => {
    const { values, issues } = readCatalogValues(invalidModeCatalog, {
      invalidmode: '  Seal leaks ',
      enInvalidMode: 'Seal leaks',
      invalidUseType: 'invalidmode, invalidreason',
      invalidType: 'T1',
      failureClass: 'A',
      applicableObject: 'Door seal',
      standardCode: 'GB/T 2828.1-2012',
      processCode: 'P-10',
      productType: '7',
      rejectRatio: '0.05',
      severity: 8,
      occurrence: '3',
    });
    expect(issues).toEqual([]);
    expect(values).toMatchObject({ invalidmode: 'Seal leaks', invalidUseType: ['invalidmode', 'invalidreason'], rejectRatio: 0.05, severity: 8, occurrence: 3, productType: '7' });
  });

  it('reads empty optional fields as null', () => {
    const { values, issues } = readCatalogValues(invalidModeCatalog, { invalidmode: 'Seal leaks', severity: '', invalidUseType: [] });
    expect(issues).toEqual([]);
    expect(values.severity).toBeNull();
    expect(values.invalidUseType).toBeNull();
    expect(values.enInvalidMode).toBeNull();
  });

  it('requires the description and names the field', () => {
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: '   ' })).toEqual([{ messageKey: 'validation.required', field: 'invalidmode', params: { field: 'invalidmode' } }]);
  });

  it('makes the English text required while EnglishRequiredRuleFlag is on', () => {
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'Seal leaks' }, { EnglishRequiredRuleFlag: '0' })).toEqual([]);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'Seal leaks' }, { EnglishRequiredRuleFlag: '1' }))).toEqual(['enInvalidMode:catalog.english_required']);
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'Seal leaks', enInvalidMode: 'Seal leaks' }, { EnglishRequiredRuleFlag: '1' })).toEqual([]);
  });

  it('makes the failure use type required while failureToUseRequired is on', () => {
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'Seal leaks' }, { failureToUseRequired: '1' }).map((i) => i.field)).toEqual(['invalidUseType']);
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'Seal leaks', invalidUseType: ['invalidresult'] }, { failureToUseRequired: '1' })).toEqual([]);
  });

  it('holds ratings to whole numbers 1..10', () => {
    const issues = catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', severity: 11, occurrence: 0 });
    expect(issues).toEqual([
      { messageKey: 'catalog.above_max', field: 'severity', params: { field: 'severity', max: 10 } },
      { messageKey: 'catalog.below_min', field: 'occurrence', params: { field: 'occurrence', min: 1 } },
    ]);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', severity: 2.5, occurrence: 'high' }))).toEqual(['severity:catalog.not_integer', 'occurrence:catalog.not_a_number']);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', rejectRatio: 1.5 }))).toEqual(['rejectRatio:catalog.above_max']);
  });

  it('takes only the listed use types, as a list or comma-separated', () => {
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', invalidUseType: 'invalidmode，invalidresult' })).toEqual([]);
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', invalidUseType: ['invalidmode', 'other'] })).toEqual([
      { messageKey: 'catalog.value_not_allowed', field: 'invalidUseType', params: { field: 'invalidUseType', value: 'other', allowed: 'invalidmode, invalidreason, invalidresult' } },
    ]);
  });

  it('takes a use type’s name in either language for its code, once however often it is named', () => {
    expect(readCatalogValues(invalidModeCatalog, { invalidmode: 'x', invalidUseType: '失效模式，Failure effect, invalidmode' }).values.invalidUseType).toEqual(['invalidmode', 'invalidresult']);
    expect(readCatalogValues(experienceCatalog, { problemType: ' design problem ' }).values.problemType).toBe('designProblem');
    expect(readCatalogValues(experienceCatalog, { problemType: '设备问题' }).values.problemType).toBe('equipmentProblem');
  });

  it('checks dictionary codes against the live codes it is given', () => {
    const lookups = { dictionaries: { productType: ['7', '8'] } };
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', productType: '7' }, {}, lookups)).toEqual([]);
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', productType: '9' }, {}, lookups)).toEqual([
      { messageKey: 'catalog.code_unknown', field: 'productType', params: { field: 'productType', value: '9', dictionary: 'productType' } },
    ]);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', productType: ['7', '8'] }, {}, lookups))).toEqual(['productType:catalog.one_value_only']);
  });

  it('holds texts to 200 characters and short codes to 20, on one line', () => {
    expect(catalogRecordIssues(invalidModeCatalog, { invalidmode: '失'.repeat(200) })).toEqual([]);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: '失'.repeat(201) }))).toEqual(['invalidmode:validation.too_long']);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', failureClass: 'A'.repeat(21) }))).toEqual(['failureClass:validation.too_long']);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', failureClass: 'A\nB' }))).toEqual(['failureClass:catalog.code_one_line']);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x\u0007' }))).toEqual(['invalidmode:validation.control_character']);
  });

  it('refuses fields the type does not declare, and texts that are no text', () => {
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: 'x', invalidMode: 'typo' }))).toEqual(['invalidMode:catalog.field_unknown']);
    expect(keysOf(catalogRecordIssues(invalidModeCatalog, { invalidmode: { text: 'x' } }))).toEqual(['invalidmode:validation.not_text']);
  });

  it('requires the experience fields the spec names', () => {
    const issues = catalogRecordIssues(experienceCatalog, {});
    expect(issues.map((i) => i.field).sort()).toEqual(['cause', 'classification', 'failureDesc', 'preventiveMeasures', 'problemType', 'product'].sort());
    expect(
      catalogRecordIssues(experienceCatalog, {
        problemType: 'produceProblem',
        classification: 'Welding',
        failureDesc: 'Weld seam cracked',
        product: 'Bracket',
        cause: 'Current too low',
        preventiveMeasures: 'Monitor the current',
      }),
    ).toEqual([]);
    expect(keysOf(catalogRecordIssues(experienceCatalog, { problemType: 'otherProblem' })).filter((k) => k.startsWith('problemType'))).toEqual(['problemType:catalog.value_not_allowed']);
  });

  it('requires a product name and a DVP test quantity', () => {
    expect(keysOf(catalogRecordIssues(productCatalog, { enProductName: 'Door' }))).toEqual(['productName:validation.required']);
    expect(keysOf(catalogRecordIssues(dvpStandardCatalog, { standardName: 'Salt spray', testProject: 'Corrosion', testQuantity: 0 }))).toEqual(['testQuantity:catalog.below_min']);
  });

  it('reads every declared type with its required fields filled', () => {
    for (const type of Object.values(CATALOG_TYPES) as CatalogTypeDefinition[]) {
      const input = Object.fromEntries(
        type.fields
          .filter((f) => f.required)
          .map((f) => [f.key, f.kind === 'number' ? (f.min ?? 1) : f.kind === 'enum' ? f.values[0] : f.kind === 'dictionary' ? '1' : 'value']),
      );
      expect(catalogRecordIssues(type, input), type.id).toEqual([]);
    }
  });
});

describe('catalogUniqueKeys', () => {
  it('gives each unique rule with its values; a rule whose fields are empty does not apply', () => {
    expect(catalogUniqueKeys(hardwareResourceCatalog, { hardwareNumber: 'ECU-1', hardwareName: ' Controller ' })).toEqual([
      { fields: ['hardwareNumber'], values: ['ECU-1'] },
      { fields: ['hardwareName'], values: ['Controller'] },
    ]);
    expect(catalogUniqueKeys(dvpStandardCatalog, { standardName: 'Salt spray', testProject: 'Corrosion' })).toEqual([{ fields: ['standardName', 'testProject'], values: ['Salt spray', 'Corrosion'] }]);
    expect(catalogUniqueKeys(experienceCatalog, { failureDesc: 'x' })).toEqual([]);
  });

  it('names the field of a duplicate, or the first field of a combination', () => {
    expect(catalogDuplicateIssue({ fields: ['hardwareName'], values: ['Controller'] })).toEqual({ messageKey: 'catalog.duplicate', field: 'hardwareName', params: { field: 'hardwareName', value: 'Controller' } });
    expect(catalogDuplicateIssue({ fields: ['standardName', 'testProject'], values: ['Salt spray', 'Corrosion'] })).toEqual({
      messageKey: 'catalog.duplicate_combined',
      field: 'standardName',
      params: { field: 'standardName', value: 'Salt spray + Corrosion' },
    });
  });
});
