import type { Issue } from '../../errors.ts';
import { InvalidInputError } from '../../errors.ts';
import { checkText, SHORT_TEXT_LIMIT } from '../validation/index.ts';
import type { UserMessageKey } from './messages.ts';

/** Gender codes of a user (spec 000 §5): 0 unknown, 1 male, 2 female. */
export const GENDERS = ['0', '1', '2'] as const;
export type Gender = (typeof GENDERS)[number];

/** The longest real name (the spec's 50 for names shown in lists and headers). */
export const REAL_NAME_MAX = 50;

const USER_NAME = /^[\p{L}\p{N}._@-]{1,50}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A user name as stored: trimmed; letters, digits and . _ - @, 1 to 50 characters. */
export function normalizeUserName(userName: string): string {
  const trimmed = userName.trim();
  if (!USER_NAME.test(trimmed)) throw new InvalidInputError('user.name_invalid' satisfies UserMessageKey);
  return trimmed;
}

/** The profile fields a user or an administrator may set. */
export interface ProfileFields {
  realName?: string | null;
  /** The name English readers see; empty: the real name. */
  realNameEn?: string | null;
  jobNumber?: string | null;
  mobile?: string | null;
  email?: string | null;
  signature?: string | null;
  gender?: string;
}

/** What is wrong with the profile fields given (absent fields are not checked). */
export function profileIssues(input: ProfileFields): Issue[] {
  const issues: Issue[] = [
    ...checkText(input.realName ?? '', { field: 'realName', max: REAL_NAME_MAX }),
    ...checkText(input.realNameEn ?? '', { field: 'realNameEn', max: REAL_NAME_MAX }),
    ...checkText(input.jobNumber ?? '', { field: 'jobNumber', max: SHORT_TEXT_LIMIT }),
    ...checkText(input.mobile ?? '', { field: 'mobile', max: SHORT_TEXT_LIMIT }),
    ...checkText(input.email ?? '', { field: 'email' }),
    ...checkText(input.signature ?? '', { field: 'signature' }),
  ];
  if (input.email && !EMAIL.test(input.email)) issues.push({ messageKey: 'user.email_invalid' satisfies UserMessageKey, field: 'email' });
  if (input.gender !== undefined && !(GENDERS as readonly string[]).includes(input.gender)) issues.push({ messageKey: 'user.gender_invalid' satisfies UserMessageKey, field: 'gender' });
  return issues;
}
