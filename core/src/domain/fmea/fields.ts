import type { Issue, MessageParams } from '../../errors.ts';
import { assertRating } from '../ap/index.ts';
import { isDomainError } from '../../errors.ts';
import { checkText, SHORT_TEXT_LIMIT } from '../validation/index.ts';
import type { FmeaMessageKey } from './messages.ts';

/** Small field checks shared by the engine's rules; each returns issues, never throws. */

export const fieldIssue = (messageKey: FmeaMessageKey, field: string, params: MessageParams = {}): Issue => ({
  messageKey,
  field,
  params: { field, ...params },
});

/** A rating 1–10 through the AP domain's own check, as an issue. `null`/`undefined` mean "not rated yet". */
export function ratingIssues(value: unknown, field: string): Issue[] {
  if (value === null || value === undefined) return [];
  try {
    assertRating(value, field);
    return [];
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return [{ messageKey: error.messageKey, field, params: error.params }];
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as `YYYY-MM-DD` that really exists (no 2025-02-30). Blank means none. */
export function dateIssues(value: unknown, field: string): Issue[] {
  if (value === null || value === undefined || value === '') return [];
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d) return [];
  }
  return [fieldIssue('fmea.date_invalid', field, { value: String(value) })];
}

/** A value that must be one of a list. */
export function oneOfIssues(value: unknown, allowed: readonly unknown[], field: string): Issue[] {
  return allowed.includes(value) ? [] : [fieldIssue('fmea.value_invalid', field, { value: String(value) })];
}

/** Required text of at most 200 characters (spec 001 §5). */
export const requiredText = (value: unknown, field: string) => checkText(value, { field, required: true });
export const optionalText = (value: unknown, field: string) => checkText(value, { field });
export const shortText = (value: unknown, field: string) => checkText(value, { field, max: SHORT_TEXT_LIMIT });

/** A sort value: a positive whole number (spec 001 §5), so orders compare the same in SQL and here. */
export function sortIssues(value: unknown, field = 'sort'): Issue[] {
  if (value === undefined) return [];
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_000_000_000
    ? []
    : [fieldIssue('fmea.value_invalid', field, { value: String(value) })];
}
