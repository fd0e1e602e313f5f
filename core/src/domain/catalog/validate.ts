import type { Issue, MessageParams } from '../../errors.ts';
import { checkText } from '../validation/text.ts';
import {
  CATALOG_LIST_SEPARATORS,
  catalogEnumCode,
  DEFAULT_CATALOG_CODE_MAX,
  DEFAULT_CATALOG_TEXT_MAX,
  type CatalogField,
  type CatalogRequiredFlag,
  type CatalogTypeDefinition,
} from './define.ts';
import type { CatalogValidationKey } from './messages.ts';
import { readRules, switchOn } from '../rules/read.ts';

/** A field's value as stored: trimmed text, a number, a list of codes, or null when empty. */
export type CatalogValue = string | number | readonly string[] | null;
export type CatalogValues = Readonly<Record<string, CatalogValue>>;

/** The rule flags the catalog reads (their current values; a missing flag counts as off). */
export type CatalogRules = Partial<Record<CatalogRequiredFlag, string>>;

export interface CatalogLookups {
  /** Live codes per dictionary type; a dictionary not given here is not checked (the services give every one a type names). */
  readonly dictionaries?: Readonly<Record<string, readonly string[]>>;
  /** Per dictionary type, each live item's names (either language, lower case) → its code: a sheet names the item (issue 20). */
  readonly dictionaryNames?: Readonly<Record<string, ReadonlyMap<string, string>>>;
}

export interface CatalogRead {
  /** Every declared field, cleaned (null when empty). Only meaningful when `issues` is empty. */
  readonly values: Record<string, CatalogValue>;
  readonly issues: Issue[];
}

const issue = (messageKey: CatalogValidationKey, field: string, params: MessageParams = {}): Issue => ({ messageKey, field, params: { field, ...params } });

/** A list input: an array, or codes separated by commas (spec 001 §3, "comma-separated codes"). */
function listOf(value: unknown): string[] | undefined {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(CATALOG_LIST_SEPARATORS) : undefined;
  if (!parts || !parts.every((p) => typeof p === 'string' || typeof p === 'number')) return undefined;
  return [...new Set(parts.map((p) => String(p).trim()).filter((p) => p !== ''))];
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

function isRequired(field: CatalogField, rules: CatalogRules): boolean {
  if (field.required) return true;
  if (field.requiredBy && switchOn(rules, field.requiredBy)) return true;
  return field.kind === 'enText' && readRules(rules).englishRequired;
}

function readText(field: CatalogField & { max?: number }, value: unknown, max: number, issues: Issue[]): CatalogValue {
  // numbers typed into a text cell (a code such as 4711) are text here
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  const found = checkText(typeof text === 'string' ? text.trim() : text, { field: field.key, max: field.max ?? max });
  if (found.length) {
    issues.push(...found);
    return null;
  }
  const clean = (text as string).trim();
  if (field.kind === 'code' && /[\r\n]/.test(clean)) {
    issues.push(issue('catalog.code_one_line', field.key));
    return null;
  }
  return clean;
}

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

function readNumber(field: Extract<CatalogField, { kind: 'number' }>, value: unknown, issues: Issue[]): CatalogValue {
  const number = typeof value === 'number' ? value : typeof value === 'string' && NUMERIC.test(value) ? Number(value) : NaN;
  const refusal: Issue | undefined = !Number.isFinite(number)
    ? issue('catalog.not_a_number', field.key)
    : field.integer && !Number.isInteger(number)
      ? issue('catalog.not_integer', field.key)
      : field.min !== undefined && number < field.min
        ? issue('catalog.below_min', field.key, { min: field.min })
        : field.max !== undefined && number > field.max
          ? issue('catalog.above_max', field.key, { max: field.max })
          : undefined;
  if (refusal) issues.push(refusal);
  return refusal ? null : number;
}

function readCodes(
  field: Extract<CatalogField, { kind: 'enum' | 'dictionary' }>,
  value: unknown,
  lookups: CatalogLookups,
  issues: Issue[],
): CatalogValue {
  const allowed = field.kind === 'enum' ? field.values : lookups.dictionaries?.[field.dictionary];
  let codes: string[] | undefined;
  if (field.multiple) codes = listOf(value);
  else if (typeof value === 'string' || typeof value === 'number') codes = [String(value).trim()];
  if (codes === undefined) {
    issues.push(issue(field.multiple ? 'catalog.value_not_allowed' : 'catalog.one_value_only', field.key, { value: '', allowed: allowed?.join(', ') ?? '' }));
    return null;
  }
  const before = issues.length;
  for (const [i, code] of codes.entries()) {
    if (field.kind === 'enum') {
      // an enum takes its code or the code's name in either language (a sheet holds names); the code is kept
      const known = catalogEnumCode(field, code);
      if (known === undefined) issues.push(issue('catalog.value_not_allowed', field.key, { value: code, allowed: field.values.join(', ') }));
      else codes[i] = known;
    } else if (allowed !== undefined && !allowed.includes(code)) {
      // a dictionary item by its name in either language (an export writes names); the code is kept
      const named = lookups.dictionaryNames?.[field.dictionary]?.get(code.toLowerCase());
      if (named !== undefined) codes[i] = named;
      else issues.push(issue('catalog.code_unknown', field.key, { value: code, dictionary: field.dictionary }));
    } else {
      issues.push(...checkText(code, { field: field.key, max: DEFAULT_CATALOG_TEXT_MAX }));
    }
  }
  if (issues.length > before) return null;
  if (codes.length === 0) return null;
  return field.multiple ? [...new Set(codes)] : codes[0]!;
}

/**
 * Reads a record's field values as a type declares them: unknown fields
 * refused, text trimmed and held to its length (200 unless declared, codes
 * 20, on one line), numbers within bounds (a numeric string is read as a
 * number), enum and dictionary codes among their values (an enum also
 * takes a value's name in either language, kept as its code; a multiple
 * field takes a list or comma-separated codes). Required fields, the English text
 * while EnglishRequiredRuleFlag is on, and fields tied to another rule flag
 * must not be empty. Every problem is an issue naming the field.
 */
export function readCatalogValues(type: CatalogTypeDefinition, input: Readonly<Record<string, unknown>>, rules: CatalogRules = {}, lookups: CatalogLookups = {}): CatalogRead {
  const issues: Issue[] = [];
  const values: Record<string, CatalogValue> = {};
  const declared = new Set(type.fields.map((f) => f.key));
  for (const key of Object.keys(input)) if (!declared.has(key)) issues.push(issue('catalog.field_unknown', key));

  for (const field of type.fields) {
    const raw = Object.hasOwn(input, field.key) ? input[field.key] : undefined;
    if (isBlank(raw)) {
      values[field.key] = null;
      if (!isRequired(field, rules)) continue;
      if (field.kind === 'enText' && !field.required && field.requiredBy === undefined) {
        issues.push(issue('catalog.english_required', field.key));
      } else {
        issues.push({ messageKey: 'validation.required', field: field.key, params: { field: field.key } });
      }
      continue;
    }
    switch (field.kind) {
      case 'text':
      case 'enText':
        values[field.key] = readText(field, raw, DEFAULT_CATALOG_TEXT_MAX, issues);
        break;
      case 'code':
        values[field.key] = readText(field, raw, DEFAULT_CATALOG_CODE_MAX, issues);
        break;
      case 'number':
        values[field.key] = readNumber(field, raw, issues);
        break;
      case 'enum':
      case 'dictionary':
        values[field.key] = readCodes(field, raw, lookups, issues);
        break;
    }
  }
  return { values, issues };
}

/** The problems of a record's field values (see readCatalogValues); none when it may be saved. */
export function catalogRecordIssues(type: CatalogTypeDefinition, input: Readonly<Record<string, unknown>>, rules: CatalogRules = {}, lookups: CatalogLookups = {}): Issue[] {
  return readCatalogValues(type, input, rules, lookups).issues;
}

/** One unique rule applied to a record: the fields and their values, as compared (trimmed; the database compares case-insensitively). */
export interface CatalogUniqueKey {
  readonly fields: readonly string[];
  readonly values: readonly string[];
}

const asText = (value: CatalogValue | undefined): string => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value));

/** The unique rules a record's values take part in; a rule whose fields are all empty does not apply. */
export function catalogUniqueKeys(type: CatalogTypeDefinition, values: CatalogValues): CatalogUniqueKey[] {
  return (type.unique ?? []).flatMap((fields) => {
    const texts = fields.map((key) => asText(values[key]).trim());
    return texts.every((t) => t === '') ? [] : [{ fields, values: texts }];
  });
}

/** The issue of a unique rule another current record already holds: under its one field, or under the first of a combination. */
export function catalogDuplicateIssue(key: CatalogUniqueKey): Issue {
  if (key.fields.length === 1) return issue('catalog.duplicate', key.fields[0]!, { value: key.values[0]! });
  return issue('catalog.duplicate_combined', key.fields[0]!, { value: key.values.join(' + ') });
}
