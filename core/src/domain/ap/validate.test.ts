import { describe, expect, it } from 'vitest';
import { validateApRule, validateApRules, type ApRuleInput } from './validate.ts';

const keys = (rule: ApRuleInput) => validateApRule(rule).map((issue) => issue.messageKey);

describe('validateApRule', () => {
  it('accepts a complete rule of every type', () => {
    const rules: ApRuleInput[] = [
      { ruleType: 'S', ap: 'H', sMin: 9, sMax: 10 },
      { ruleType: 'SO', ap: 'M', sMin: 1, oMax: 10 },
      { ruleType: 'SD', ap: 'L', dMin: 1 },
      { ruleType: 'OD', ap: 'H', oMin: 5, dMin: 5 },
      { ruleType: 'RPN', ap: 'H', rpnMin: 1, rpnMax: 1000 },
      { ruleType: 'SOD', ap: 'M', sMin: 4, sMax: 6, oMin: 8, oMax: 10, dMin: 2, dMax: 4 },
      { ruleType: 'RPL', ap: 'H', sMin: 5, rpnMin: 120 },
      { ruleType: 'SOSD', ap: 'M', so: 1, sd: 100 },
    ];
    for (const rule of rules) expect(validateApRule(rule)).toEqual([]);
  });

  it('accepts null for bounds that are not set', () => {
    expect(validateApRule({ ruleType: 'S', ap: 'H', sMin: 9, sMax: null, oMin: null, so: null })).toEqual([]);
  });

  it('refuses an unknown rule type, naming it', () => {
    expect(validateApRule({ ruleType: 'SOX', ap: 'H', sMin: 1 })).toEqual([
      { messageKey: 'ap.unknown_rule_type', field: 'ruleType', params: { ruleType: 'SOX' } },
    ]);
  });

  it('refuses an unknown or missing AP level', () => {
    expect(validateApRule({ ruleType: 'S', ap: 'X', sMin: 1 })).toEqual([
      { messageKey: 'ap.unknown_level', field: 'ap', params: { ap: 'X' } },
    ]);
    expect(keys({ ruleType: 'S', sMin: 1 })).toEqual(['ap.unknown_level']);
  });

  it.each([
    ['sMin', 0, 1, 10],
    ['sMax', 11, 1, 10],
    ['oMin', 2.5, 1, 10],
    ['oMax', '7', 1, 10],
    ['dMin', Number.NaN, 1, 10],
    ['dMax', -1, 1, 10],
    ['rpnMin', 0, 1, 1000],
    ['rpnMax', 1001, 1, 1000],
    ['so', 101, 1, 100],
    ['sd', 0, 1, 100],
  ] as const)('refuses %s = %s outside %s..%s', (field, value, min, max) => {
    const rule = { ruleType: 'SOD', ap: 'H', sMin: 1, [field]: value } as ApRuleInput;
    expect(validateApRule(rule)).toContainEqual({
      messageKey: 'ap.bound_out_of_range',
      field,
      params: { field, min, max, value: String(value) },
    });
  });

  it('refuses out-of-range bounds even on fields the rule type ignores', () => {
    expect(keys({ ruleType: 'S', ap: 'H', sMin: 9, rpnMax: 5000 })).toEqual(['ap.bound_out_of_range']);
  });

  it.each([
    ['sMin', 'sMax'],
    ['oMin', 'oMax'],
    ['dMin', 'dMax'],
    ['rpnMin', 'rpnMax'],
  ] as const)('refuses %s greater than %s', (minField, maxField) => {
    const rule = { ruleType: 'SOD', ap: 'H', sMin: 1, [minField]: 9, [maxField]: 3 } as ApRuleInput;
    expect(validateApRule(rule)).toEqual([
      { messageKey: 'ap.bound_min_exceeds_max', field: minField, params: { minField, maxField } },
    ]);
  });

  it('accepts equal min and max', () => {
    expect(validateApRule({ ruleType: 'S', ap: 'H', sMin: 7, sMax: 7 })).toEqual([]);
  });

  it('does not compare min and max when one of them is already refused', () => {
    expect(keys({ ruleType: 'S', ap: 'H', sMin: 11, sMax: 3 })).toEqual(['ap.bound_out_of_range']);
  });

  it('refuses a rule that sets none of the bounds its type reads, listing them', () => {
    expect(validateApRule({ ruleType: 'RPN', ap: 'H', sMin: 9 })).toEqual([
      {
        messageKey: 'ap.rule_without_bounds',
        field: 'ruleType',
        params: { ruleType: 'RPN', fields: 'rpnMin, rpnMax' },
      },
    ]);
    expect(keys({ ruleType: 'SOSD', ap: 'H', oMin: 3, dMin: 3 })).toEqual(['ap.rule_without_bounds']);
  });

  it('reports every problem of a rule at once', () => {
    expect(keys({ ruleType: 'Q', ap: 'Z', sMin: 0 })).toEqual([
      'ap.unknown_rule_type',
      'ap.unknown_level',
      'ap.bound_out_of_range',
    ]);
  });
});

describe('validateApRules', () => {
  it('tags each issue with the 1-based row of its rule', () => {
    const issues = validateApRules([
      { ruleType: 'S', ap: 'H', sMin: 9 },
      { ruleType: 'S', ap: 'H', sMin: 0 },
      { ruleType: 'XX', ap: 'H', sMin: 1 },
    ]);
    expect(issues.map((i) => [i.row, i.messageKey])).toEqual([
      [2, 'ap.bound_out_of_range'],
      [3, 'ap.unknown_rule_type'],
    ]);
  });

  it('finds nothing wrong with an empty list', () => {
    expect(validateApRules([])).toEqual([]);
  });
});
