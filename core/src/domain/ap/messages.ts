/**
 * Every message key the AP rules can emit. The catalog test reads this list,
 * and the `ApMessageKey` type keeps the code from emitting a key that is not in it.
 */
export const AP_MESSAGE_KEYS = [
  'ap.rating_out_of_range',
  'ap.unknown_rule_type',
  'ap.unknown_level',
  'ap.bound_out_of_range',
  'ap.bound_min_exceeds_max',
  'ap.rule_without_bounds',
] as const;

export type ApMessageKey = (typeof AP_MESSAGE_KEYS)[number];
