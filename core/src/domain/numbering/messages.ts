/**
 * Every message key the numbering rules can emit. The catalog test reads this
 * list, and the `NumberingMessageKey` type keeps the code from emitting a key
 * that is not in it.
 */
export const NUMBERING_MESSAGE_KEYS = [
  'numbering.unknown_module',
  'numbering.rule_invalid',
  'numbering.prefix_invalid',
  'numbering.too_many_elements',
  'numbering.unknown_element',
  'numbering.date_format_invalid',
  'numbering.serial_digits_invalid',
  'numbering.separator_invalid',
  'numbering.serial_count',
  'numbering.date_count',
  'numbering.date_invalid',
  'numbering.serial_invalid',
  'numbering.serial_exhausted',
  'numbering.manual_not_allowed',
  'numbering.manual_invalid',
  'numbering.manual_duplicate',
] as const;

export type NumberingMessageKey = (typeof NUMBERING_MESSAGE_KEYS)[number];
