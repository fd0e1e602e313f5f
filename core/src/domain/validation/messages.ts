/**
 * Every message key the shared validation helpers can emit. The catalog test
 * reads this list, and the `ValidationMessageKey` type keeps the code from
 * emitting a key that is not in it.
 */
export const VALIDATION_MESSAGE_KEYS = [
  'validation.failed',
  'validation.required',
  'validation.not_text',
  'validation.too_long',
  'validation.control_character',
  'validation.lone_surrogate',
  'validation.sort_positive_integer',
  'validation.sort_duplicate',
  'validation.identifier_letters_only',
  'validation.identifier_duplicate',
  'validation.responsible_missing',
  'validation.responsible_multiple',
  'validation.member_duplicate',
  'validation.frequency_ratio_range',
  'validation.frequency_ratio_sum',
  'validation.duplicate_name',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];
