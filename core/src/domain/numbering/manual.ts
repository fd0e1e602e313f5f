import { ConflictError, InvalidInputError, NotAllowedError } from '../../errors.ts';
import type { NumberingMessageKey } from './messages.ts';
import type { NumberingRule } from './rule.ts';

export const MANUAL_NUMBER_MAX = 50;
/** Letters, digits and the separators a rule can produce; no spaces, so numbers survive copy and paste. */
const MANUAL_NUMBER_PATTERN = /^[A-Za-z0-9_./-]+$/;

const key = (k: NumberingMessageKey) => k;

/**
 * Accepts a number typed by a user, or throws: NotAllowedError when the rule
 * does not allow manual numbers, InvalidInputError when the text is empty,
 * longer than 50 characters or has characters other than letters, digits and
 * `_ . / -`, ConflictError when it is already among `existing` (compared
 * exactly, as the database compares). Returns the accepted value.
 */
export function checkManualNumber(
  rule: NumberingRule,
  value: string,
  existing: Iterable<string> = [],
): string {
  if (!rule.allowManual) throw new NotAllowedError(key('numbering.manual_not_allowed'), { module: rule.module });
  if (typeof value !== 'string' || value.length > MANUAL_NUMBER_MAX || !MANUAL_NUMBER_PATTERN.test(value)) {
    throw new InvalidInputError(key('numbering.manual_invalid'), { max: MANUAL_NUMBER_MAX });
  }
  for (const taken of existing) {
    if (taken === value) throw new ConflictError(key('numbering.manual_duplicate'), { value });
  }
  return value;
}
