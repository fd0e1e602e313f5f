import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../errors.ts';
import { CODE_PREFIXES, NUMBERING_MODULES, isNumberingModule, type NumberingModule } from './codes.ts';
import { defaultNumberingRule, validateNumberingRule, type NumberElement, type NumberingRule } from './rule.ts';

const rule = (elements: readonly unknown[], extra: Partial<NumberingRule> = {}): NumberingRule => ({
  module: 'product',
  prefix: 'PA',
  allowManual: false,
  elements: elements as NumberElement[],
  ...extra,
});
const keys = (r: NumberingRule) => validateNumberingRule(r).map((i) => i.messageKey);
const SERIAL = { kind: 'serial', digits: 4 } as const;

describe('code prefixes', () => {
  it('lists the prefixes of spec 001 §3 for its thirty numbered entities, and the catalog types it gives no prefix', () => {
    expect(NUMBERING_MODULES).toHaveLength(46);
    expect(CODE_PREFIXES.spcStudy).toBe('SP');
    expect(CODE_PREFIXES.drbfm).toBe('DR');
    expect(CODE_PREFIXES.faultTree).toBe('FT');
    expect(CODE_PREFIXES.dfmeaProject).toBe('DF');
    expect(CODE_PREFIXES.processFlowChart).toBe('PFD');
    expect(CODE_PREFIXES.ewo).toBe('EC');
    expect(CODE_PREFIXES.elementFailure).toBe('EI');
  });

  it('keeps the two prefixes the legacy product shares between modules', () => {
    expect(CODE_PREFIXES.preventionMeasure).toBe(CODE_PREFIXES.task);
    expect(CODE_PREFIXES.pfmeaProject).toBe(CODE_PREFIXES.procedureFunction);
  });

  it('recognises module keys and nothing else', () => {
    expect(isNumberingModule('bom')).toBe(true);
    expect(isNumberingModule('toString')).toBe(false);
    expect(isNumberingModule('BOM')).toBe(false);
    expect(isNumberingModule(7)).toBe(false);
  });
});

describe('defaultNumberingRule', () => {
  it('is prefix, date yyMMdd and a four-digit serial, with manual entry off', () => {
    expect(defaultNumberingRule('dfmeaProject')).toEqual({
      module: 'dfmeaProject',
      prefix: 'DF',
      elements: [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }],
      allowManual: false,
    });
  });

  it.each(NUMBERING_MODULES)('gives %s a valid rule with its own prefix', (module) => {
    const r = defaultNumberingRule(module);
    expect(r.prefix).toBe(CODE_PREFIXES[module]);
    expect(validateNumberingRule(r)).toEqual([]);
  });

  it('refuses a module it does not know', () => {
    expect(() => defaultNumberingRule('nope' as NumberingModule)).toThrow(InvalidInputError);
    try {
      defaultNumberingRule('nope' as NumberingModule);
    } catch (error) {
      expect((error as InvalidInputError).messageKey).toBe('numbering.unknown_module');
      expect((error as InvalidInputError).params).toEqual({ module: 'nope' });
    }
  });
});

describe('validateNumberingRule', () => {
  it('accepts every element kind, date format and separator', () => {
    const formats = ['yyMMdd', 'yyyyMMdd', 'yyMM', 'yyyyMM', 'yyyy'] as const;
    for (const format of formats) {
      expect(keys(rule([{ kind: 'prefix' }, { kind: 'date', format }, SERIAL]))).toEqual([]);
    }
    for (const value of ['-', '_', '.', '/'] as const) {
      expect(keys(rule([{ kind: 'prefix' }, { kind: 'separator', value }, { kind: 'space' }, SERIAL]))).toEqual([]);
    }
  });

  it('accepts a rule that is a serial alone', () => {
    expect(keys(rule([SERIAL]))).toEqual([]);
  });

  it.each(['', 'pa', 'P-A', 'ABCDEFGHIJK', 'ＰＡ'])('refuses the prefix %j', (prefix) => {
    expect(validateNumberingRule(rule([SERIAL], { prefix }))).toEqual([
      { messageKey: 'numbering.prefix_invalid', field: 'prefix', params: { prefix } },
    ]);
  });

  it('accepts prefixes of 1 to 10 uppercase letters and digits', () => {
    expect(keys(rule([SERIAL], { prefix: 'P' }))).toEqual([]);
    expect(keys(rule([SERIAL], { prefix: 'PFD2024ABC' }))).toEqual([]);
  });

  it('refuses an unknown module', () => {
    expect(keys(rule([SERIAL], { module: 'nope' as NumberingModule }))).toEqual(['numbering.unknown_module']);
  });

  it('refuses a rule without a serial, or with two', () => {
    expect(validateNumberingRule(rule([{ kind: 'prefix' }]))).toEqual([
      { messageKey: 'numbering.serial_count', field: 'elements', params: { count: 0 } },
    ]);
    expect(keys(rule([SERIAL, SERIAL]))).toEqual(['numbering.serial_count']);
  });

  it('refuses two date elements', () => {
    const date = { kind: 'date', format: 'yyMM' };
    expect(validateNumberingRule(rule([date, date, SERIAL]))).toEqual([
      { messageKey: 'numbering.date_count', field: 'elements', params: { count: 2 } },
    ]);
  });

  it('refuses more than eight elements and accepts exactly eight', () => {
    const space = { kind: 'space' };
    expect(keys(rule([SERIAL, space, space, space, space, space, space, space]))).toEqual([]);
    expect(validateNumberingRule(rule([SERIAL, space, space, space, space, space, space, space, space]))).toEqual([
      { messageKey: 'numbering.too_many_elements', field: 'elements', params: { count: 9, max: 8 } },
    ]);
  });

  it('refuses an unknown element kind, giving its 1-based position', () => {
    expect(validateNumberingRule(rule([SERIAL, { kind: 'checksum' }]))).toEqual([
      { messageKey: 'numbering.unknown_element', field: 'elements', params: { position: 2, kind: 'checksum' } },
    ]);
    expect(keys(rule([SERIAL, null]))).toEqual(['numbering.unknown_element']);
  });

  it('refuses an unknown date format', () => {
    expect(validateNumberingRule(rule([{ kind: 'date', format: 'ddMMyy' }, SERIAL]))).toEqual([
      { messageKey: 'numbering.date_format_invalid', field: 'elements', params: { position: 1, format: 'ddMMyy' } },
    ]);
  });

  it.each([2, 9, 4.5, '4', undefined])('refuses a serial of %s digits', (digits) => {
    expect(validateNumberingRule(rule([{ kind: 'serial', digits }]))).toEqual([
      {
        messageKey: 'numbering.serial_digits_invalid',
        field: 'elements',
        params: { position: 1, digits: String(digits), min: 3, max: 8 },
      },
    ]);
  });

  it('accepts serials of 3 and of 8 digits', () => {
    expect(keys(rule([{ kind: 'serial', digits: 3 }]))).toEqual([]);
    expect(keys(rule([{ kind: 'serial', digits: 8 }]))).toEqual([]);
  });

  it('refuses an unknown separator', () => {
    expect(validateNumberingRule(rule([{ kind: 'separator', value: '#' }, SERIAL]))).toEqual([
      { messageKey: 'numbering.separator_invalid', field: 'elements', params: { position: 1, value: '#' } },
    ]);
  });

  it('reports every problem at once', () => {
    expect(keys(rule([{ kind: 'date', format: 'x' }], { prefix: 'x' }))).toEqual([
      'numbering.prefix_invalid',
      'numbering.date_format_invalid',
      'numbering.serial_count',
    ]);
  });
});
