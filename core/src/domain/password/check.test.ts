import { describe, expect, it } from 'vitest';
import { checkPassword, checkReuse, findSequence, reuseWindow } from './check.ts';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from './policy.ts';

const policy = DEFAULT_PASSWORD_POLICY;
const good = 'Tq7#mR2!wK9p'; // 12 characters, all four classes, no runs
const keys = (password: string, p: PasswordPolicy = policy, context = {}) =>
  checkPassword(password, p, context).map((issue) => issue.messageKey);
const relaxed: PasswordPolicy = {
  ...policy,
  minLength: 1,
  maxLength: 64,
  requireLower: false,
  requireUpper: false,
  requireDigit: true,
  requireSpecial: false,
  forbidSequences: false,
};

describe('checkPassword', () => {
  it('accepts a 12-character password with all four classes and no runs', () => {
    expect(checkPassword(good, policy)).toEqual([]);
  });

  it('accepts a 16-character password, the default maximum', () => {
    expect(keys('Tq7#mR2!wK9p$Lx4')).toEqual([]);
  });

  it('refuses an empty password with only the required issue', () => {
    expect(checkPassword('', policy)).toEqual([{ messageKey: 'password.required', field: 'password' }]);
  });

  it.each([
    ['a leading space', ` ${good.slice(1)}`],
    ['a space in the middle', 'Tq7#mR 2!wK9p'],
    ['a trailing space', `${good} `],
    ['a tab', 'Tq7#mR\t2!wK9p'],
    ['a newline', 'Tq7#mR\n2!wK9p'],
    ['an ideographic space', 'Tq7#mR\u30002!wK9p'],
  ])('refuses a password with %s', (_, password) => {
    expect(keys(password)).toContain('password.no_spaces');
  });

  it('refuses a password of 11 characters with the minimum as parameter', () => {
    expect(checkPassword('Tq7#mR2!wK9', policy)).toEqual([
      { messageKey: 'password.too_short', field: 'password', params: { min: 12 } },
    ]);
  });

  it('refuses a password of 17 characters with the maximum as parameter', () => {
    expect(checkPassword('Tq7#mR2!wK9p$Lx4v', policy)).toEqual([
      { messageKey: 'password.too_long', field: 'password', params: { max: 16 } },
    ]);
  });

  it('counts an emoji as one character', () => {
    expect(keys('Tq7#mR2!wK9😀')).toEqual([]);
  });

  it.each([
    ['lowercase letter', 'TQ7#MR2!WK9P', 'password.missing_lower'],
    ['uppercase letter', 'tq7#mr2!wk9p', 'password.missing_upper'],
    ['digit', 'Tqx#mRb!wKap', 'password.missing_digit'],
    ['special character', 'Tq7vmR2hwK9p', 'password.missing_special'],
  ])('refuses a password without a %s', (_, password, key) => {
    expect(keys(password)).toEqual([key]);
  });

  it('reports each missing class as its own issue', () => {
    expect(keys('é'.repeat(12))).toEqual([
      'password.missing_lower',
      'password.missing_upper',
      'password.missing_digit',
      'password.missing_special',
    ]);
  });

  it('does not count non-ASCII letters as lowercase, uppercase or special', () => {
    expect(keys('TQ7#MR2!WK9é')).toEqual(['password.missing_lower']);
    expect(keys('tq7#mr2!wk9É')).toEqual(['password.missing_upper']);
    expect(keys('Tq7中mR2文wK9p')).toEqual(['password.missing_special']);
    expect(keys('Tq7！mR2，wK9p')).toEqual(['password.missing_special']);
  });

  it.each([...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'])('counts %s as a special character', (special) => {
    expect(keys(`Tq7${special}mR2xwK9p`)).toEqual([]);
  });

  it('does not demand a class the policy leaves out', () => {
    expect(keys('12579', relaxed)).toEqual([]);
    expect(keys('abcde', relaxed)).toEqual(['password.missing_digit']);
  });

  it.each(['abc', 'CBA', 'xyz', 'aBc', 'ZyX', '123', '321', '789', '987', '012', '210'])(
    'refuses a password with the run %s',
    (run) => {
      const issues = checkPassword(`Tq7#${run}!wK9p`, policy);
      expect(issues.map((i) => i.messageKey)).toContain('password.no_sequences');
      expect(issues.find((i) => i.messageKey === 'password.no_sequences')?.params).toEqual({ sequence: run });
    },
  );

  it.each([
    ['a wrap-around of digits', '890'],
    ['a wrap-around of letters', 'zab'],
    ['a letter next to a digit', 'ab1'],
    ['a repeated character', 'aaa'],
    ['an uneven step', 'ace'],
    ['a turn in the middle', 'aba'],
    ['two-character runs only', 'ab1ba'],
    ['a run broken by a symbol', 'a#bc'],
  ])('allows %s', (_, part) => {
    expect(keys(`Tq7#${part}!wK9p`, { ...policy, maxLength: 64 })).not.toContain('password.no_sequences');
  });

  it('allows runs when the policy does not forbid them', () => {
    expect(keys('Tq7#abc!wK9p', { ...policy, forbidSequences: false })).toEqual([]);
  });

  it('refuses a password equal to the old password', () => {
    expect(keys(good, policy, { oldPassword: good })).toEqual(['password.same_as_old']);
  });

  it('allows a password that differs from the old one only in case', () => {
    expect(keys(good, policy, { oldPassword: good.toLowerCase() })).toEqual([]);
  });

  it('refuses a password containing the user name, ignoring case', () => {
    expect(keys('Tq7#Zhang!wK9p', policy, { userName: 'zhang' })).toEqual(['password.contains_user_name']);
  });

  it('ignores user names shorter than three characters', () => {
    expect(keys(good, policy, { userName: 'Tq' })).toEqual([]);
  });

  it('refuses a confirmation that does not match, on the confirmation field', () => {
    expect(checkPassword(good, policy, { confirmation: `${good}x` })).toEqual([
      { messageKey: 'password.confirmation_mismatch', field: 'confirmation' },
    ]);
    expect(keys(good, policy, { confirmation: good })).toEqual([]);
  });

  it('lists every problem at once in a fixed order', () => {
    expect(keys('abc 1', policy, { oldPassword: 'abc 1', confirmation: 'x' })).toEqual([
      'password.no_spaces',
      'password.too_short',
      'password.missing_upper',
      'password.missing_special',
      'password.no_sequences',
      'password.same_as_old',
      'password.confirmation_mismatch',
    ]);
  });
});

describe('findSequence', () => {
  it('returns the first run as written', () => {
    expect(findSequence('xxAbC-321')).toBe('AbC');
  });

  it('returns null when there is no run', () => {
    expect(findSequence('Tq7#mR2!wK9p')).toBeNull();
    expect(findSequence('ab')).toBeNull();
    expect(findSequence('')).toBeNull();
  });
});

describe('password history', () => {
  it('compares with the last historyCount passwords', () => {
    expect(reuseWindow(policy)).toBe(3);
  });

  it('still compares with the current password when historyCount is 0', () => {
    expect(reuseWindow({ ...policy, historyCount: 0 })).toBe(1);
  });

  it('refuses a password that matches one of the last three', () => {
    expect(checkReuse([false, false, true], policy)).toEqual([
      { messageKey: 'password.reused', field: 'password', params: { count: 3 } },
    ]);
  });

  it('allows a password last used four changes ago', () => {
    expect(checkReuse([false, false, false, true], policy)).toEqual([]);
  });

  it('refuses reusing the current password even when history is off', () => {
    const none = { ...policy, historyCount: 0 };
    expect(checkReuse([true], none).map((i) => i.messageKey)).toEqual(['password.reused']);
    expect(checkReuse([false, true], none)).toEqual([]);
  });

  it('allows a password when there is no history', () => {
    expect(checkReuse([], policy)).toEqual([]);
  });
});
