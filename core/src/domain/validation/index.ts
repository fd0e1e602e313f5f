export { VALIDATION_MESSAGE_KEYS, type ValidationMessageKey } from './messages.ts';
export { assertNoIssues } from './issue.ts';
export {
  SHORT_TEXT_LIMIT,
  TEXT_LIMIT,
  checkIdentifier,
  checkText,
  checkUniqueName,
  unsafeCharacter,
  unsafeCharacterIssue,
  unsafeTextIssues,
  type TextOptions,
  type UnsafeCharacter,
} from './text.ts';
export {
  RESPONSIBLE_ROLE,
  checkExactlyOneResponsible,
  checkFrequencyRatios,
  checkSortValues,
  type Member,
  type SortOptions,
} from './lists.ts';
