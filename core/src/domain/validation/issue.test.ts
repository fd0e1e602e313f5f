import { describe, expect, it } from 'vitest';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { assertNoIssues } from './issue.ts';

const ISSUES: Issue[] = [{ messageKey: 'validation.required', field: 'name', params: { field: 'name' } }];

function thrown(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as InvalidInputError;
  }
  throw new Error('expected a refusal');
}

describe('assertNoIssues', () => {
  it('does nothing when there are no issues', () => {
    expect(() => assertNoIssues([])).not.toThrow();
  });

  it('throws the issues under the generic headline', () => {
    const error = thrown(() => assertNoIssues(ISSUES));
    expect(error.code).toBe('invalid_input');
    expect(error.messageKey).toBe('validation.failed');
    expect(error.params).toEqual({});
    expect(error.issues).toEqual(ISSUES);
  });

  it('uses the headline it is given', () => {
    expect(thrown(() => assertNoIssues(ISSUES, 'ap.rule_without_bounds')).messageKey).toBe('ap.rule_without_bounds');
  });
});
