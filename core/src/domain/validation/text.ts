import type { Issue } from '../../errors.ts';
import { fieldIssue } from './issue.ts';

/** Spec 001 §5: text fields hold 200 characters, some short ones 20. */
export const TEXT_LIMIT = 200;
export const SHORT_TEXT_LIMIT = 20;

export interface TextOptions {
  readonly field: string;
  readonly max?: number;
  readonly required?: boolean;
}

/**
 * A free-text field: optional unless `required` (then blank or whitespace-only
 * is refused), at most `max` characters. Length counts Unicode code points, so
 * a Chinese character or an emoji counts as one, as a user counts them.
 */
export function checkText(value: unknown, { field, max = TEXT_LIMIT, required = false }: TextOptions): Issue[] {
  if (value === null || value === undefined) return required ? [fieldIssue('validation.required', field)] : [];
  if (typeof value !== 'string') return [fieldIssue('validation.not_text', field)];
  if (required && value.trim() === '') return [fieldIssue('validation.required', field)];
  return longerThan(value, max) ? [fieldIssue('validation.too_long', field, { max })] : [];
}

/** Counts code points only as far as needed; a string never has more code points than UTF-16 units. */
function longerThan(value: string, max: number): boolean {
  if (value.length <= max) return false;
  let count = 0;
  for (const _codePoint of value) if (++count > max) return true;
  return false;
}

const IDENTIFIER = /^[A-Za-z]+$/;

/**
 * A field identifier (spec 001 §5): English letters only, unique ignoring case
 * among `existing`. When editing, leave the record's own identifier out of `existing`.
 */
export function checkIdentifier(value: unknown, existing: readonly string[], { field }: { readonly field: string }): Issue[] {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) return [fieldIssue('validation.identifier_letters_only', field)];
  const lower = value.toLowerCase();
  return existing.some((other) => other.toLowerCase() === lower)
    ? [fieldIssue('validation.identifier_duplicate', field, { value })]
    : [];
}

/**
 * A name that must not repeat among its siblings (roles, departments,
 * dictionary names under one parent). Compared exactly after trimming both
 * sides; a blank name is left to checkText. Leave the record's own name out of
 * `existing` when editing.
 */
export function checkUniqueName(value: unknown, existing: readonly string[], { field }: { readonly field: string }): Issue[] {
  if (typeof value !== 'string') return [];
  const name = value.trim();
  if (name === '') return [];
  return existing.some((other) => other.trim() === name) ? [fieldIssue('validation.duplicate_name', field, { value: name })] : [];
}
