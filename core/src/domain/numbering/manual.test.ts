import { describe, expect, it } from 'vitest';
import { ConflictError, DomainError, InvalidInputError, NotAllowedError } from '../../errors.ts';
import { checkManualNumber } from './manual.ts';
import { defaultNumberingRule } from './rule.ts';

const closed = defaultNumberingRule('product');
const open = { ...closed, allowManual: true };

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('checkManualNumber', () => {
  it('refuses any manual number when the rule does not allow them', () => {
    const error = thrown(() => checkManualNumber(closed, 'PA1803090001'));
    expect(error).toBeInstanceOf(NotAllowedError);
    expect(error.messageKey).toBe('numbering.manual_not_allowed');
    expect(error.params).toEqual({ module: 'product' });
  });

  it('refuses before looking at the value, so even a bad value gets not-allowed', () => {
    expect(thrown(() => checkManualNumber(closed, '')).messageKey).toBe('numbering.manual_not_allowed');
  });

  it('accepts letters, digits and _ . / - and returns the value', () => {
    expect(checkManualNumber(open, 'PA-2018/03.09_a1')).toBe('PA-2018/03.09_a1');
    expect(checkManualNumber(open, 'x'.repeat(50))).toBe('x'.repeat(50));
  });

  it.each([
    ['empty', ''],
    ['51 characters', 'x'.repeat(51)],
    ['a leading space', ' PA001'],
    ['a trailing newline', 'PA001\n'],
    ['an inner space', 'PA 001'],
    ['Chinese characters', '产品001'],
    ['a hash', 'PA#001'],
    ['not text', 1803090001],
  ])('refuses a number with %s', (_, value) => {
    const error = thrown(() => checkManualNumber(open, value as string));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.messageKey).toBe('numbering.manual_invalid');
    expect(error.params).toEqual({ max: 50 });
  });

  it('refuses a number that is already taken, compared exactly', () => {
    const error = thrown(() => checkManualNumber(open, 'PA001', ['PA000', 'PA001']));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.messageKey).toBe('numbering.manual_duplicate');
    expect(error.params).toEqual({ value: 'PA001' });
    expect(checkManualNumber(open, 'pa001', ['PA001'])).toBe('pa001');
  });

  it('takes the existing numbers as any iterable, such as a Set', () => {
    expect(thrown(() => checkManualNumber(open, 'PA001', new Set(['PA001']))).messageKey).toBe('numbering.manual_duplicate');
  });
});
