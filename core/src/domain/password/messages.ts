/**
 * Every message key the password rules can emit. The catalog test reads this
 * list, and the `PasswordMessageKey` type keeps the code from emitting a key
 * that is not in it.
 */
export const PASSWORD_MESSAGE_KEYS = [
  'password.required',
  'password.no_spaces',
  'password.too_short',
  'password.too_long',
  'password.missing_lower',
  'password.missing_upper',
  'password.missing_digit',
  'password.missing_special',
  'password.no_sequences',
  'password.same_as_old',
  'password.contains_user_name',
  'password.confirmation_mismatch',
  'password.reused',
  'password.policy.no_class_required',
  'password.policy.not_integer',
  'password.policy.negative',
  'password.policy.min_length_too_small',
  'password.policy.max_length_too_large',
  'password.policy.min_above_max',
  'password.policy.max_below_required_classes',
  'password.policy.max_wrong_attempts_too_small',
  'password.policy.warning_not_below_expiry',
  'password.policy.address_window_too_small',
] as const;

export type PasswordMessageKey = (typeof PASSWORD_MESSAGE_KEYS)[number];
