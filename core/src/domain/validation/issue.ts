import { InvalidInputError, type Issue, type MessageParams } from '../../errors.ts';
import type { ValidationMessageKey } from './messages.ts';

/** Builds an issue; `field` goes both on the issue (for forms) and into the params (for the message). */
export function fieldIssue(messageKey: ValidationMessageKey, field: string, params: MessageParams = {}, row?: number): Issue {
  return row === undefined
    ? { messageKey, field, params: { field, ...params } }
    : { messageKey, field, row, params: { field, ...params } };
}

/**
 * Throws the collected issues as one InvalidInputError, or does nothing when
 * there are none. The headline defaults to the generic "validation failed".
 */
export function assertNoIssues(issues: readonly Issue[], headlineKey: string = 'validation.failed' satisfies ValidationMessageKey): void {
  if (issues.length > 0) throw new InvalidInputError(headlineKey, {}, issues);
}
