import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../errors.ts';
import { assertRating, compileApTable, evaluateAp, parseRuleSelection } from './evaluate.ts';
import { rpn, type ApRule } from './rules.ts';
import { DEFAULT_AP_RULES } from './tables.ts';

/** Runs `fn` and returns the InvalidInputError it throws. */
function refusal(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as InvalidInputError;
  }
  throw new Error('expected a refusal');
}

const BAD_RATINGS: readonly [string, unknown][] = [
  ['0', 0],
  ['11', 11],
  ['2.5', 2.5],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ["the string '7'", '7'],
  ['null', null],
  ['undefined', undefined],
];

describe('rpn', () => {
  it('multiplies severity, occurrence and detection', () => {
    expect(rpn({ s: 7, o: 4, d: 3 })).toBe(84);
    expect(rpn({ s: 10, o: 10, d: 10 })).toBe(1000);
  });
});

describe('assertRating', () => {
  it('accepts every integer from 1 to 10 and returns it', () => {
    for (let v = 1; v <= 10; v++) expect(assertRating(v, 'severity')).toBe(v);
  });

  it.each(BAD_RATINGS)('refuses %s with the field and value in the message', (_, value) => {
    const error = refusal(() => assertRating(value, 'occurrence'));
    expect(error.messageKey).toBe('ap.rating_out_of_range');
    expect(error.params).toEqual({ field: 'occurrence', value: typeof value === 'number' ? value : String(value) });
  });
});

describe('parseRuleSelection', () => {
  it('reads "SOD" as the single type SOD, not as S, O and D', () => {
    expect(parseRuleSelection('SOD')).toEqual(['SOD']);
    expect(parseRuleSelection('SOSD')).toEqual(['SOSD']);
  });

  it('splits on commas, bars, semicolons and whitespace', () => {
    expect(parseRuleSelection('S,SO,RPN')).toEqual(['S', 'SO', 'RPN']);
    expect(parseRuleSelection('S|SO')).toEqual(['S', 'SO']);
    expect(parseRuleSelection('  SD ;  OD\tRPL\n')).toEqual(['SD', 'OD', 'RPL']);
    expect(parseRuleSelection('S , | SO')).toEqual(['S', 'SO']);
  });

  it('ignores case and repeats', () => {
    expect(parseRuleSelection('sod, SOD, so')).toEqual(['SOD', 'SO']);
  });

  it('takes a list as it is', () => {
    expect(parseRuleSelection(['RPN', 'SOSD'])).toEqual(['RPN', 'SOSD']);
  });

  it('gives an empty list, meaning every type, for a blank or missing selection', () => {
    expect(parseRuleSelection('')).toEqual([]);
    expect(parseRuleSelection('  , ')).toEqual([]);
    expect(parseRuleSelection(undefined)).toEqual([]);
    expect(parseRuleSelection(null)).toEqual([]);
    expect(parseRuleSelection([])).toEqual([]);
  });

  it('refuses an unknown type in a string, naming it', () => {
    const error = refusal(() => parseRuleSelection('S,SOX'));
    expect(error.messageKey).toBe('ap.unknown_rule_type');
    expect(error.params).toEqual({ ruleType: 'SOX' });
  });

  it('refuses an unknown type in a list', () => {
    const error = refusal(() => parseRuleSelection(['S', 'XY'] as never));
    expect(error.params).toEqual({ ruleType: 'XY' });
  });
});

describe('evaluateAp by rule type', () => {
  const ap = (rule: ApRule, s: number, o: number, d: number) => evaluateAp([rule], { s, o, d });

  it('matches an S rule on severity alone, bounds inclusive', () => {
    const rule: ApRule = { ruleType: 'S', ap: 'H', sMin: 8, sMax: 9 };
    expect(ap(rule, 8, 1, 1)).toBe('H');
    expect(ap(rule, 9, 10, 10)).toBe('H');
    expect(ap(rule, 7, 10, 10)).toBe('L');
    expect(ap(rule, 10, 10, 10)).toBe('L');
  });

  it('matches an SO rule on severity and occurrence', () => {
    const rule: ApRule = { ruleType: 'SO', ap: 'M', sMin: 5, oMin: 6 };
    expect(ap(rule, 5, 6, 1)).toBe('M');
    expect(ap(rule, 4, 6, 1)).toBe('L');
    expect(ap(rule, 5, 5, 10)).toBe('L');
  });

  it('matches an SD rule on severity and detection', () => {
    const rule: ApRule = { ruleType: 'SD', ap: 'H', sMin: 9, dMin: 7, dMax: 8 };
    expect(ap(rule, 9, 1, 7)).toBe('H');
    expect(ap(rule, 9, 1, 9)).toBe('L');
    expect(ap(rule, 8, 1, 7)).toBe('L');
  });

  it('matches an OD rule on occurrence and detection, whatever the severity', () => {
    const rule: ApRule = { ruleType: 'OD', ap: 'M', oMin: 8, dMin: 8 };
    expect(ap(rule, 1, 8, 8)).toBe('M');
    expect(ap(rule, 10, 7, 10)).toBe('L');
  });

  it('matches an RPN rule on S×O×D', () => {
    const rule: ApRule = { ruleType: 'RPN', ap: 'H', rpnMin: 100, rpnMax: 200 };
    expect(ap(rule, 5, 5, 4)).toBe('H'); // 100
    expect(ap(rule, 10, 5, 4)).toBe('H'); // 200
    expect(ap(rule, 3, 3, 10)).toBe('L'); // 90
    expect(ap(rule, 10, 10, 3)).toBe('L'); // 300
  });

  it('matches an SOD rule on all three ratings', () => {
    const rule: ApRule = { ruleType: 'SOD', ap: 'H', sMin: 7, sMax: 8, oMin: 4, oMax: 5, dMin: 7, dMax: 10 };
    expect(ap(rule, 7, 4, 7)).toBe('H');
    expect(ap(rule, 8, 5, 10)).toBe('H');
    expect(ap(rule, 8, 5, 6)).toBe('L');
    expect(ap(rule, 9, 5, 7)).toBe('L');
  });

  it('matches an RPL rule only when both the severity and the RPN limits hold', () => {
    const rule: ApRule = { ruleType: 'RPL', ap: 'H', sMin: 5, rpnMin: 120 };
    expect(ap(rule, 5, 6, 4)).toBe('H'); // S5, RPN 120
    expect(ap(rule, 4, 10, 10)).toBe('L'); // RPN 400 but S4
    expect(ap(rule, 10, 3, 3)).toBe('L'); // S10 but RPN 90
  });

  it('matches an SOSD rule on the S×O product alone when only so is set', () => {
    const rule: ApRule = { ruleType: 'SOSD', ap: 'M', so: 40 };
    expect(ap(rule, 8, 5, 1)).toBe('M'); // S×O 40
    expect(ap(rule, 7, 5, 10)).toBe('L'); // S×O 35
  });

  it('matches an SOSD rule on the S×D product alone when only sd is set', () => {
    const rule: ApRule = { ruleType: 'SOSD', ap: 'M', sd: 50 };
    expect(ap(rule, 5, 1, 10)).toBe('M');
    expect(ap(rule, 7, 10, 7)).toBe('L'); // S×D 49
  });

  it('needs both products and any severity bounds when an SOSD rule sets them all', () => {
    const rule: ApRule = { ruleType: 'SOSD', ap: 'H', sMax: 8, so: 30, sd: 30 };
    expect(ap(rule, 6, 5, 5)).toBe('H');
    expect(ap(rule, 6, 5, 4)).toBe('L'); // S×D 24
    expect(ap(rule, 6, 4, 5)).toBe('L'); // S×O 24
    expect(ap(rule, 9, 10, 10)).toBe('L'); // above sMax
  });

  it('ignores bounds that the rule type does not read', () => {
    const rule: ApRule = { ruleType: 'S', ap: 'H', sMin: 9, oMin: 10, dMin: 10, rpnMin: 1000, so: 100 };
    expect(ap(rule, 9, 1, 1)).toBe('H');
  });

  it('never matches a rule that sets none of the bounds its type reads', () => {
    expect(ap({ ruleType: 'SOD', ap: 'H' }, 10, 10, 10)).toBe('L');
    expect(ap({ ruleType: 'RPN', ap: 'H', sMin: 1, sMax: null }, 10, 10, 10)).toBe('L');
  });

  it('skips rules whose type or level it does not know', () => {
    const rules = [
      { ruleType: 'XYZ', ap: 'H', sMin: 1 },
      { ruleType: 'S', ap: 'X', sMin: 1 },
    ] as unknown as ApRule[];
    expect(evaluateAp(rules, { s: 10, o: 10, d: 10 })).toBe('L');
  });
});

describe('evaluateAp across rules', () => {
  const rules: ApRule[] = [
    { ruleType: 'S', ap: 'M', sMin: 5 },
    { ruleType: 'SO', ap: 'H', sMin: 8, oMin: 8 },
    { ruleType: 'RPN', ap: 'L', rpnMin: 1 },
  ];

  it('picks the highest AP of all matching rules, whatever their order', () => {
    expect(evaluateAp(rules, { s: 9, o: 9, d: 1 })).toBe('H');
    expect(evaluateAp([...rules].reverse(), { s: 9, o: 9, d: 1 })).toBe('H');
    expect(evaluateAp(rules, { s: 9, o: 2, d: 1 })).toBe('M');
  });

  it('answers L when no rule matches, or there are no rules', () => {
    expect(evaluateAp(rules.slice(0, 2), { s: 4, o: 10, d: 10 })).toBe('L');
    expect(evaluateAp([], { s: 10, o: 10, d: 10 })).toBe('L');
  });

  it('applies only the selected rule types', () => {
    expect(evaluateAp(rules, { s: 9, o: 9, d: 1 }, 'S')).toBe('M');
    expect(evaluateAp(rules, { s: 9, o: 9, d: 1 }, ['RPN'])).toBe('L');
    expect(evaluateAp(rules, { s: 9, o: 9, d: 1 }, 'S|SO')).toBe('H');
  });

  it('applies every type present in the rules when the selection is blank', () => {
    expect(evaluateAp(rules, { s: 9, o: 9, d: 1 }, '')).toBe('H');
    expect(evaluateAp(rules, { s: 9, o: 9, d: 1 }, [])).toBe('H');
  });

  it.each(BAD_RATINGS)('refuses a severity of %s', (_, value) => {
    const error = refusal(() => evaluateAp(rules, { s: value as number, o: 5, d: 5 }));
    expect(error.messageKey).toBe('ap.rating_out_of_range');
    expect(error.params.field).toBe('severity');
  });

  it('names occurrence and detection in their refusals', () => {
    expect(refusal(() => evaluateAp(rules, { s: 5, o: 0, d: 5 })).params.field).toBe('occurrence');
    expect(refusal(() => evaluateAp(rules, { s: 5, o: 5, d: 11 })).params.field).toBe('det');
  });

  it('refuses an unknown rule type in the selection', () => {
    expect(refusal(() => evaluateAp(rules, { s: 5, o: 5, d: 5 }, 'S,Q')).messageKey).toBe('ap.unknown_rule_type');
  });
});

describe('compileApTable', () => {
  const mixed: ApRule[] = [
    { ruleType: 'S', ap: 'M', sMin: 9 },
    { ruleType: 'SD', ap: 'H', sMin: 7, dMin: 9 },
    { ruleType: 'OD', ap: 'M', oMin: 9, dMin: 9 },
    { ruleType: 'RPN', ap: 'M', rpnMin: 300 },
    { ruleType: 'RPL', ap: 'H', sMin: 6, rpnMin: 500 },
    { ruleType: 'SOSD', ap: 'H', so: 72, sd: 30 },
    { ruleType: 'SO', ap: 'H', sMin: 10, oMin: 10 },
  ];

  it.each([undefined, 'S', 'SD,OD', 'RPN|RPL', 'SOSD SO'])(
    'agrees with evaluateAp on all 1000 combinations for mixed rules and selection %s',
    (selection) => {
      const lookup = compileApTable(mixed, selection);
      for (let s = 1; s <= 10; s++) {
        for (let o = 1; o <= 10; o++) {
          for (let d = 1; d <= 10; d++) expect(lookup(s, o, d)).toBe(evaluateAp(mixed, { s, o, d }, selection));
        }
      }
    },
  );

  it.each(BAD_RATINGS)('refuses %s in any position', (_, value) => {
    const lookup = compileApTable(DEFAULT_AP_RULES.dfmea);
    const v = value as number;
    expect(refusal(() => lookup(v, 5, 5)).params.field).toBe('severity');
    expect(refusal(() => lookup(5, v, 5)).params.field).toBe('occurrence');
    expect(refusal(() => lookup(5, 5, v)).params.field).toBe('det');
  });

  it('refuses a fractional rating even when the other ratings would round the table index to a whole cell', () => {
    const lookup = compileApTable(DEFAULT_AP_RULES.dfmea);
    expect(refusal(() => lookup(1.05, 1, 1)).messageKey).toBe('ap.rating_out_of_range');
  });

  it('refuses an unknown rule type in the selection when compiling', () => {
    expect(refusal(() => compileApTable(mixed, 'SODD')).params).toEqual({ ruleType: 'SODD' });
  });
});
