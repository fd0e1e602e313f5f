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
  const unsafe = unsafeCharacterIssue(value, field);
  if (unsafe) return [unsafe];
  return longerThan(value, max) ? [fieldIssue('validation.too_long', field, { max })] : [];
}

/**
 * Characters no text field stores: C0 controls other than tab, line feed and
 * carriage return, DEL and the C1 controls (they come from binary junk or a
 * mis-decoded file, render as nothing or break exports and terminals), and
 * UTF-16 surrogates without their partner (not a character at all: they turn
 * into U+FFFD or an error in every UTF-8 consumer, SQLite included).
 */
const UNSAFE_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface UnsafeCharacter {
  readonly kind: 'control_character' | 'lone_surrogate';
  /** The code unit as U+XXXX, for the message. */
  readonly code: string;
  /** Its position in UTF-16 units. */
  readonly index: number;
}

/** The first character of `value` that no text field may hold, or undefined. */
export function unsafeCharacter(value: string): UnsafeCharacter | undefined {
  const match = UNSAFE_CHARACTER.exec(value);
  if (!match) return undefined;
  const unit = match[0].charCodeAt(0);
  const kind = unit >= 0xd800 && unit <= 0xdfff ? 'lone_surrogate' : 'control_character';
  return { kind, code: `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`, index: match.index };
}

/** The refusal of a text that holds such a character, naming the field and the character. */
export function unsafeCharacterIssue(value: string, field: string, row?: number): Issue | undefined {
  const found = unsafeCharacter(value);
  if (!found) return undefined;
  return fieldIssue(found.kind === 'lone_surrogate' ? 'validation.lone_surrogate' : 'validation.control_character', field, { code: found.code }, row);
}

/**
 * Walks any input (objects, arrays, strings; the names of uploaded files too)
 * and returns one issue per string that holds an unsafe character, its field
 * the dotted path (`items.2.name`). Object keys are checked as well. Used at
 * the API boundary over every parsed request part, so no route stores such text.
 */
export function unsafeTextIssues(value: unknown, path = ''): Issue[] {
  const issues: Issue[] = [];
  const label = (at: string) => at || '-';
  const walk = (item: unknown, at: string, depth: number): void => {
    if (typeof item === 'string') {
      const issue = unsafeCharacterIssue(item, label(at));
      if (issue) issues.push(issue);
      return;
    }
    // deeper than any request schema nests; JSON.parse already bounds it
    if (item === null || typeof item !== 'object' || depth > 64) return;
    if (isNamedBlob(item)) {
      const issue = unsafeCharacterIssue(item.name, label(at));
      if (issue) issues.push(issue);
      return;
    }
    if (Array.isArray(item)) {
      item.forEach((child, index) => walk(child, at ? `${at}.${index}` : String(index), depth + 1));
      return;
    }
    if (Object.getPrototypeOf(item) !== Object.prototype && Object.getPrototypeOf(item) !== null) return; // dates, buffers
    for (const [key, child] of Object.entries(item)) {
      const keyIssue = unsafeCharacter(key);
      // the key itself is shown escaped: the message must not carry the character it refuses
      const name = keyIssue ? key.replace(new RegExp(UNSAFE_CHARACTER.source, 'g'), (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) : key;
      const childPath = at ? `${at}.${name}` : name;
      if (keyIssue) issues.push(unsafeCharacterIssue(key, childPath)!);
      walk(child, childPath, depth + 1);
    }
  };
  walk(value, path, 0);
  return issues;
}

function isNamedBlob(value: object): value is { name: string } {
  return typeof Blob !== 'undefined' && value instanceof Blob && typeof (value as { name?: unknown }).name === 'string';
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
