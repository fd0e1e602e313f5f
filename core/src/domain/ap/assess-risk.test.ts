import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../errors.ts';
import { assessRisk } from './evaluate.ts';
import type { ApRule } from './rules.ts';
import { DEFAULT_AP_RULES } from './tables.ts';

function refusal(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as InvalidInputError;
  }
  throw new Error('expected a refusal');
}

describe('assessRisk', () => {
  const rules = DEFAULT_AP_RULES.dfmea;

  it('rates a row without residual ratings', () => {
    expect(assessRisk({ severity: 9, occurrence: 5, det: 6 }, rules)).toEqual({ ap: 'H', rpn: 270 });
  });

  it('rates the residual risk when all three residual ratings are present', () => {
    const row = { severity: 9, occurrence: 5, det: 6, raseverity: 9, raoccurrence: 2, radet: 2 };
    expect(assessRisk(row, rules)).toEqual({ ap: 'H', rpn: 270, raAp: 'L', rarpn: 36 });
  });

  it('leaves the residual risk out while a residual rating is missing or null', () => {
    const result = assessRisk({ severity: 9, occurrence: 5, det: 6, raseverity: 9, raoccurrence: null, radet: 2 }, rules);
    expect(result).toEqual({ ap: 'H', rpn: 270 });
    expect('raAp' in result).toBe(false);
  });

  it('still checks a residual rating that is present when the set is incomplete', () => {
    const error = refusal(() => assessRisk({ severity: 9, occurrence: 5, det: 6, raseverity: 11 }, rules));
    expect(error.params).toEqual({ field: 'raseverity', value: 11 });
  });

  it.each([
    ['severity', { severity: 0, occurrence: 5, det: 5 }],
    ['occurrence', { severity: 5, occurrence: 2.5, det: 5 }],
    ['det', { severity: 5, occurrence: 5, det: '7' }],
    ['raoccurrence', { severity: 5, occurrence: 5, det: 5, raseverity: 5, raoccurrence: Number.NaN, radet: 5 }],
    ['radet', { severity: 5, occurrence: 5, det: 5, raseverity: 5, raoccurrence: 5, radet: 11 }],
  ])('refuses a bad %s with the spec field name', (field, row) => {
    const error = refusal(() => assessRisk(row, rules));
    expect(error.messageKey).toBe('ap.rating_out_of_range');
    expect(error.params.field).toBe(field);
  });

  it('applies the selection to both the current and the residual risk', () => {
    const custom: ApRule[] = [
      { ruleType: 'S', ap: 'H', sMin: 9 },
      { ruleType: 'RPN', ap: 'M', rpnMin: 100 },
    ];
    const row = { severity: 9, occurrence: 5, det: 6, raseverity: 4, raoccurrence: 5, radet: 6 };
    expect(assessRisk(row, custom, 'RPN')).toEqual({ ap: 'M', rpn: 270, raAp: 'M', rarpn: 120 });
    expect(assessRisk(row, custom, 'S')).toEqual({ ap: 'H', rpn: 270, raAp: 'L', rarpn: 120 });
  });
});
