import type { Issue, MessageParams } from '../../errors.ts';
import type { PasswordMessageKey } from './messages.ts';
import type { PasswordPolicy } from './policy.ts';

export interface PasswordCheckContext {
  /** The current password, when the user changes their own. */
  readonly oldPassword?: string;
  /** Refused as a part of the password (case-insensitive) when given. */
  readonly userName?: string;
  /** The "repeat password" field of the change form, when given. */
  readonly confirmation?: string;
}

/**
 * Character classes. Only ASCII counts: the legacy forms test `[a-z]`, `[A-Z]`,
 * `[0-9]`, and a keyboard-independent rule is easier to explain. Non-ASCII
 * characters (é, 中, full-width ！) count towards the length but satisfy no
 * class, in particular they are not "special".
 */
const isLower = (c: string) => c >= 'a' && c <= 'z';
const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isDigit = (c: string) => c >= '0' && c <= '9';
/** Printable ASCII (0x21–0x7E) that is neither letter nor digit; space is refused separately. */
const isSpecial = (c: string) => c >= '!' && c <= '~' && !isLower(c) && !isUpper(c) && !isDigit(c);

/** ASCII-only case folding, so 'İ' (which lower-cases to two code points) stays out of runs. */
const foldAscii = (c: string) => (isUpper(c) ? c.toLowerCase() : c);

/** User names shorter than this are too common as substrings to refuse. */
const MIN_USER_NAME_LENGTH = 3;

/**
 * The first run of three consecutive letters or digits, ascending or
 * descending, ignoring case (abc, CBA, 123, 987), or null. No wrap-around:
 * "890" and "zab" are not runs.
 */
export function findSequence(password: string): string | null {
  const chars = [...password];
  for (let i = 0; i + 2 < chars.length; i++) {
    const [a, b, c] = [chars[i]!, chars[i + 1]!, chars[i + 2]!].map(foldAscii) as [string, string, string];
    const sameKind = [a, b, c].every(isLower) || [a, b, c].every(isDigit);
    if (!sameKind) continue;
    const step = b.charCodeAt(0) - a.charCodeAt(0);
    if ((step === 1 || step === -1) && c.charCodeAt(0) - b.charCodeAt(0) === step) {
      return chars.slice(i, i + 3).join('');
    }
  }
  return null;
}

const issue = (messageKey: PasswordMessageKey, params?: MessageParams): Issue => ({
  messageKey,
  field: 'password',
  ...(params === undefined ? {} : { params }),
});

/**
 * Checks a new password against the policy (spec 000 §5). Returns every
 * problem in a fixed order; an empty password yields only `password.required`.
 * Length counts Unicode code points, so an emoji is one character.
 */
export function checkPassword(password: string, policy: PasswordPolicy, context: PasswordCheckContext = {}): Issue[] {
  if (password.length === 0) return [issue('password.required')];
  const issues: Issue[] = [];
  const chars = [...password];

  if (/\s/u.test(password)) issues.push(issue('password.no_spaces'));
  if (chars.length < policy.minLength) issues.push(issue('password.too_short', { min: policy.minLength }));
  if (chars.length > policy.maxLength) issues.push(issue('password.too_long', { max: policy.maxLength }));
  if (policy.requireLower && !chars.some(isLower)) issues.push(issue('password.missing_lower'));
  if (policy.requireUpper && !chars.some(isUpper)) issues.push(issue('password.missing_upper'));
  if (policy.requireDigit && !chars.some(isDigit)) issues.push(issue('password.missing_digit'));
  if (policy.requireSpecial && !chars.some(isSpecial)) issues.push(issue('password.missing_special'));
  if (policy.forbidSequences) {
    const sequence = findSequence(password);
    if (sequence !== null) issues.push(issue('password.no_sequences', { sequence }));
  }

  const { oldPassword, userName, confirmation } = context;
  if (oldPassword !== undefined && password === oldPassword) issues.push(issue('password.same_as_old'));
  const name = userName?.trim() ?? '';
  if (name.length >= MIN_USER_NAME_LENGTH && password.toLowerCase().includes(name.toLowerCase())) {
    issues.push(issue('password.contains_user_name'));
  }
  if (confirmation !== undefined && confirmation !== password) {
    issues.push({ messageKey: 'password.confirmation_mismatch', field: 'confirmation' });
  }
  return issues;
}

/** How many stored passwords (newest first, the current one included) a new one may not match. */
export function reuseWindow(policy: PasswordPolicy): number {
  return Math.max(1, policy.historyCount);
}

/**
 * History check without hashing: the caller verifies the candidate against
 * each stored hash, newest (the current password) first, and passes the
 * results. Matches beyond the window are allowed again.
 */
export function checkReuse(matchesNewestFirst: readonly boolean[], policy: PasswordPolicy): Issue[] {
  const window = reuseWindow(policy);
  return matchesNewestFirst.slice(0, window).some(Boolean) ? [issue('password.reused', { count: window })] : [];
}
