import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, requiredClassCount, validatePolicy, type PasswordPolicy } from './policy.ts';

const base = DEFAULT_PASSWORD_POLICY;
const issuesOf = (changes: Partial<PasswordPolicy>) => validatePolicy({ ...base, ...changes });
const keys = (changes: Partial<PasswordPolicy>) => issuesOf(changes).map((i) => i.messageKey);

describe('DEFAULT_PASSWORD_POLICY', () => {
  it('follows spec 000 §5 and §9', () => {
    expect(base).toEqual({
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
  });

  it('is frozen so no caller can change it for everyone', () => {
    expect(Object.isFrozen(base)).toBe(true);
  });

  it('passes its own validation', () => {
    expect(validatePolicy(base)).toEqual([]);
  });
});

describe('validatePolicy', () => {
  it('refuses a policy that requires no character class', () => {
    expect(keys({ requireLower: false, requireUpper: false, requireDigit: false, requireSpecial: false })).toEqual([
      'password.policy.no_class_required',
    ]);
  });

  it.each(['requireLower', 'requireUpper', 'requireDigit', 'requireSpecial'] as const)(
    'accepts a policy that requires only %s',
    (field) => {
      const only = { requireLower: false, requireUpper: false, requireDigit: false, requireSpecial: false, [field]: true };
      expect(keys(only)).toEqual([]);
    },
  );

  it('refuses a minimum length of 0', () => {
    expect(issuesOf({ minLength: 0 })).toEqual([
      { messageKey: 'password.policy.min_length_too_small', field: 'minLength', params: { min: 1 } },
    ]);
  });

  it('accepts a minimum length of 1 when one class is required', () => {
    expect(keys({ minLength: 1, requireUpper: false, requireDigit: false, requireSpecial: false })).toEqual([]);
  });

  it('refuses a minimum above the maximum', () => {
    expect(issuesOf({ minLength: 17 })).toEqual([
      { messageKey: 'password.policy.min_above_max', field: 'minLength', params: { min: 17, max: 16 } },
    ]);
  });

  it('accepts a minimum equal to the maximum', () => {
    expect(keys({ minLength: 16 })).toEqual([]);
  });

  it('refuses a maximum above 64 and accepts 64', () => {
    expect(issuesOf({ maxLength: 65 })).toEqual([
      { messageKey: 'password.policy.max_length_too_large', field: 'maxLength', params: { max: 64 } },
    ]);
    expect(keys({ maxLength: 64 })).toEqual([]);
  });

  it('refuses a maximum shorter than the number of required classes', () => {
    expect(issuesOf({ minLength: 1, maxLength: 3 })).toEqual([
      { messageKey: 'password.policy.max_below_required_classes', field: 'maxLength', params: { count: 4 } },
    ]);
    expect(keys({ minLength: 1, maxLength: 4 })).toEqual([]);
  });

  it.each([
    'minLength',
    'maxLength',
    'historyCount',
    'maxWrongAttempts',
    'idleLogoutMinutes',
    'expiryDays',
    'expiryWarningDays',
  ] as const)('refuses a fractional or non-numeric %s', (field) => {
    for (const value of [2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(issuesOf({ [field]: value })).toEqual([
        { messageKey: 'password.policy.not_integer', field, params: { field } },
      ]);
    }
  });

  it.each(['historyCount', 'idleLogoutMinutes', 'expiryDays', 'expiryWarningDays', 'maxWrongAttempts'] as const)(
    'refuses a negative %s',
    (field) => {
      expect(issuesOf({ [field]: -1 })).toEqual([{ messageKey: 'password.policy.negative', field, params: { field } }]);
    },
  );

  it('refuses negative lengths without piling up range issues', () => {
    expect(keys({ minLength: -1 })).toEqual(['password.policy.negative']);
    expect(keys({ maxLength: -1 })).toEqual(['password.policy.negative']);
  });

  it('refuses zero allowed wrong attempts', () => {
    expect(issuesOf({ maxWrongAttempts: 0 })).toEqual([
      { messageKey: 'password.policy.max_wrong_attempts_too_small', field: 'maxWrongAttempts', params: { min: 1 } },
    ]);
    expect(keys({ maxWrongAttempts: 1 })).toEqual([]);
  });

  it('accepts 0 for history, idle logout, expiry and warning meaning "off"', () => {
    expect(keys({ historyCount: 0, idleLogoutMinutes: 0, expiryDays: 0, expiryWarningDays: 0 })).toEqual([]);
  });

  it('refuses a warning period as long as the validity period', () => {
    expect(issuesOf({ expiryDays: 7, expiryWarningDays: 7 })).toEqual([
      { messageKey: 'password.policy.warning_not_below_expiry', field: 'expiryWarningDays', params: { days: 7 } },
    ]);
    expect(keys({ expiryDays: 8, expiryWarningDays: 7 })).toEqual([]);
  });

  it('ignores the warning period when passwords never expire', () => {
    expect(keys({ expiryDays: 0, expiryWarningDays: 30 })).toEqual([]);
  });

  it('reports every problem at once', () => {
    expect(
      keys({
        requireLower: false,
        requireUpper: false,
        requireDigit: false,
        requireSpecial: false,
        minLength: 0,
        maxLength: 100,
        maxWrongAttempts: 0,
        historyCount: 1.5,
      }),
    ).toEqual([
      'password.policy.no_class_required',
      'password.policy.not_integer',
      'password.policy.min_length_too_small',
      'password.policy.max_length_too_large',
      'password.policy.max_wrong_attempts_too_small',
    ]);
  });
});

describe('requiredClassCount', () => {
  it('counts the ticked classes', () => {
    expect(requiredClassCount(base)).toBe(4);
    expect(requiredClassCount({ ...base, requireSpecial: false, requireUpper: false })).toBe(2);
  });
});
