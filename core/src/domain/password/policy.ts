import type { Issue, MessageParams } from '../../errors.ts';
import type { PasswordMessageKey } from './messages.ts';

/** The administrator's password settings (spec 000 §5 "Admin password settings"). */
export interface PasswordPolicy {
  readonly minLength: number;
  readonly maxLength: number;
  readonly requireLower: boolean;
  readonly requireUpper: boolean;
  readonly requireDigit: boolean;
  readonly requireSpecial: boolean;
  /** Refuse runs of three consecutive letters or digits (abc, 321). */
  readonly forbidSequences: boolean;
  /** The last N passwords may not be reused; 0 = only the current one is refused. */
  readonly historyCount: number;
  readonly maxWrongAttempts: number;
  /**
   * A lock caused by wrong passwords lifts after this many minutes; 0 = it
   * stays until an administrator unlocks. A lock set by an administrator never lifts by itself.
   */
  readonly lockoutMinutes: number;
  /**
   * Failed sign-ins from one network address within the window before each further failure from it is answered
   * slowly (1 s, doubling, up to 30 s); a pair of address and user name also waits longer with each of its own
   * failures. Nobody is refused: a right password is accepted. 0 = no throttle (session.ts, pairDelayMs).
   */
  readonly addressMaxFailures: number;
  readonly addressWindowMinutes: number;
  /** 0 = never log out for idleness. */
  readonly idleLogoutMinutes: number;
  readonly forceChangeOnFirstLogin: boolean;
  /** 0 = passwords never expire. */
  readonly expiryDays: number;
  readonly expiryWarningDays: number;
}

/** Spec 000 §5 and §9: 12–16 characters, all four classes, lock after 5 failures. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = Object.freeze({
  minLength: 12,
  maxLength: 16,
  requireLower: true,
  requireUpper: true,
  requireDigit: true,
  requireSpecial: true,
  forbidSequences: true,
  historyCount: 3,
  maxWrongAttempts: 5,
  lockoutMinutes: 30,
  addressMaxFailures: 20,
  addressWindowMinutes: 15,
  idleLogoutMinutes: 30,
  forceChangeOnFirstLogin: true,
  expiryDays: 90,
  expiryWarningDays: 7,
});

/** Upper bound for maxLength: long enough for passphrases, short enough to bound hashing cost. */
export const PASSWORD_MAX_LENGTH_LIMIT = 64;

/** Counts that must be whole numbers ≥ 0; listed once so the checks cannot drift from the interface. */
const COUNT_FIELDS = [
  'minLength',
  'maxLength',
  'historyCount',
  'maxWrongAttempts',
  'lockoutMinutes',
  'addressMaxFailures',
  'addressWindowMinutes',
  'idleLogoutMinutes',
  'expiryDays',
  'expiryWarningDays',
] as const satisfies readonly (keyof PasswordPolicy)[];

const CLASS_FIELDS = ['requireLower', 'requireUpper', 'requireDigit', 'requireSpecial'] as const satisfies readonly (keyof PasswordPolicy)[];

const issue = (messageKey: PasswordMessageKey, field?: keyof PasswordPolicy, params?: MessageParams): Issue => ({
  messageKey,
  ...(field === undefined ? {} : { field }),
  ...(params === undefined ? {} : { params }),
});

/** Number of character classes the policy demands. */
export function requiredClassCount(policy: PasswordPolicy): number {
  return CLASS_FIELDS.filter((field) => policy[field]).length;
}

/**
 * Checks an administrator's policy before it is saved. Returns every problem,
 * each with the offending field; an empty list means the policy is usable.
 */
export function validatePolicy(policy: PasswordPolicy): Issue[] {
  const issues: Issue[] = [];
  const classes = requiredClassCount(policy);
  if (classes === 0) issues.push(issue('password.policy.no_class_required'));

  const badCount = new Set<keyof PasswordPolicy>();
  for (const field of COUNT_FIELDS) {
    const value = policy[field];
    if (!Number.isInteger(value)) {
      issues.push(issue('password.policy.not_integer', field, { field }));
      badCount.add(field);
    } else if (value < 0) {
      issues.push(issue('password.policy.negative', field, { field }));
      badCount.add(field);
    }
  }
  // Range rules only make sense on whole, non-negative numbers; skip them otherwise
  // so one typo does not produce a cascade of issues.
  const ok = (field: keyof PasswordPolicy) => !badCount.has(field);

  if (ok('minLength') && policy.minLength < 1) {
    issues.push(issue('password.policy.min_length_too_small', 'minLength', { min: 1 }));
  }
  if (ok('maxLength') && policy.maxLength > PASSWORD_MAX_LENGTH_LIMIT) {
    issues.push(issue('password.policy.max_length_too_large', 'maxLength', { max: PASSWORD_MAX_LENGTH_LIMIT }));
  }
  if (ok('minLength') && ok('maxLength') && policy.minLength > policy.maxLength) {
    issues.push(issue('password.policy.min_above_max', 'minLength', { min: policy.minLength, max: policy.maxLength }));
  }
  // A maximum shorter than the number of demanded classes admits no password at all.
  if (ok('maxLength') && classes > 0 && policy.maxLength < classes) {
    issues.push(issue('password.policy.max_below_required_classes', 'maxLength', { count: classes }));
  }
  if (ok('maxWrongAttempts') && policy.maxWrongAttempts < 1) {
    issues.push(issue('password.policy.max_wrong_attempts_too_small', 'maxWrongAttempts', { min: 1 }));
  }
  if (ok('addressMaxFailures') && ok('addressWindowMinutes') && policy.addressMaxFailures > 0 && policy.addressWindowMinutes < 1) {
    issues.push(issue('password.policy.address_window_too_small', 'addressWindowMinutes', { min: 1 }));
  }
  // A warning period as long as the validity would warn from the day of the change.
  if (ok('expiryDays') && ok('expiryWarningDays') && policy.expiryDays > 0 && policy.expiryWarningDays >= policy.expiryDays) {
    issues.push(
      issue('password.policy.warning_not_below_expiry', 'expiryWarningDays', { days: policy.expiryDays }),
    );
  }
  return issues;
}
