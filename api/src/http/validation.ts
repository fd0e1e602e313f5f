import type { z } from 'zod';
import { InvalidInputError, unsafeTextIssues, type Issue, type MessageParams } from '@fmea/core';

type ZodIssue = z.core.$ZodIssue;

/**
 * The message keys a request's validation can answer with, one per kind of
 * problem (zod 4's issue codes, read in plain words). Both catalogs hold each
 * (api/src/locales, `validation.*` in core's); `{field}` is the field's label,
 * filled in when the message is translated (http/labels.ts).
 */
export const REQUEST_MESSAGE_KEYS = [
  'request.missing',
  'validation.required',
  'validation.not_text',
  'validation.too_long',
  'request.too_short',
  'request.length_exact',
  'request.too_few_items',
  'request.too_many_items',
  'request.number_too_small',
  'request.number_not_above',
  'request.number_too_big',
  'request.number_not_below',
  'request.not_whole_number',
  'request.not_multiple',
  'request.not_number',
  'request.not_boolean',
  'request.not_list',
  'request.not_object',
  'request.not_file',
  'request.invalid_date',
  'request.wrong_type',
  'request.invalid_email',
  'request.invalid_format',
  'request.one_of',
  'request.unknown_field',
  'request.invalid_value',
] as const;

export type RequestMessageKey = (typeof REQUEST_MESSAGE_KEYS)[number];

/**
 * A refinement names its own message: `.refine(check, { params: { messageKey, ...params } })`
 * with one of the keys above (or any catalog key); without it the field "is not valid".
 */
export interface RefinementParams {
  messageKey: string;
  [param: string]: string | number;
}

/** Types that say only "this branch of a union is not the one"; a date that is no date says more. */
const PLAIN_TYPES = new Set(['string', 'number', 'int', 'boolean', 'null', 'undefined', 'object', 'array', 'record', 'tuple', 'bigint', 'symbol', 'nan']);

const WRONG_TYPE: Record<string, RequestMessageKey> = {
  string: 'validation.not_text',
  number: 'request.not_number',
  int: 'request.not_whole_number',
  bigint: 'request.not_whole_number',
  nan: 'request.not_number',
  boolean: 'request.not_boolean',
  array: 'request.not_list',
  tuple: 'request.not_list',
  set: 'request.not_list',
  object: 'request.not_object',
  record: 'request.not_object',
  map: 'request.not_object',
  date: 'request.invalid_date',
  file: 'request.not_file',
};

const DATE_FORMATS = new Set(['date', 'datetime', 'time', 'duration']);

type Path = readonly PropertyKey[];

function valueAt(input: unknown, path: Path): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const dotted = (path: Path): string => path.map(String).join('.');

/** One issue of ours: the field is the dotted path (the workbench places the message under it; none for the request as a whole) and goes into the params for the label. */
function issueAt(path: Path, messageKey: string, params: MessageParams = {}): Issue {
  const field = dotted(path);
  return field ? { messageKey, field, params: { field, ...params } } : { messageKey, params: { field, ...params } };
}

const shown = (value: unknown): string => (value === '' ? '""' : String(value));

/** The reading of one zod issue; `input` is the request part as received (to tell "missing" from "wrong type"). */
function readIssue(issue: ZodIssue, input: unknown, base: Path = []): Issue[] {
  const path = [...base, ...issue.path];
  switch (issue.code) {
    case 'invalid_type': {
      const value = valueAt(input, path);
      if (value === undefined || issue.expected === 'nonoptional' || (value === null && issue.expected !== 'null')) return [issueAt(path, 'request.missing')];
      return [issueAt(path, WRONG_TYPE[issue.expected] ?? 'request.wrong_type')];
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        if (issue.exact && issue.origin === 'string') return [issueAt(path, 'request.length_exact', { length: min })];
        if (min <= 1) return [issueAt(path, 'validation.required')];
        return [issueAt(path, issue.origin === 'string' ? 'request.too_short' : 'request.too_few_items', { min })];
      }
      if (issue.origin === 'date') return [issueAt(path, 'request.invalid_date')];
      return [issueAt(path, issue.inclusive === false ? 'request.number_not_above' : 'request.number_too_small', { min })];
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return [issueAt(path, issue.exact ? 'request.length_exact' : 'validation.too_long', issue.exact ? { length: max } : { max })];
      if (issue.origin === 'array' || issue.origin === 'set') return [issueAt(path, 'request.too_many_items', { max })];
      if (issue.origin === 'date') return [issueAt(path, 'request.invalid_date')];
      return [issueAt(path, issue.inclusive === false ? 'request.number_not_below' : 'request.number_too_big', { max })];
    }
    case 'invalid_format':
      if (issue.format === 'email') return [issueAt(path, 'request.invalid_email')];
      if (DATE_FORMATS.has(issue.format)) return [issueAt(path, 'request.invalid_date')];
      return [issueAt(path, 'request.invalid_format')];
    case 'not_multiple_of':
      return [issueAt(path, Number(issue.divisor) === 1 ? 'request.not_whole_number' : 'request.not_multiple', { divisor: Number(issue.divisor) })];
    case 'invalid_value':
      return [issueAt(path, 'request.one_of', { options: issue.values.map(shown).join(', ') })];
    case 'unrecognized_keys':
      return issue.keys.map((key) => issueAt([...path, key], 'request.unknown_field'));
    case 'invalid_union': {
      // zod already answers with the one branch whose type matched; here none or several did
      if (issue.errors.length === 0) return [issueAt(path, 'request.invalid_value')];
      const branches = issue.errors.flat();
      const telling = branches.find((b) => !(b.code === 'invalid_type' && PLAIN_TYPES.has(b.expected)));
      if (telling) return readIssue(telling, input, path);
      const value = valueAt(input, path);
      if (value === undefined) return [issueAt(path, 'request.missing')];
      const expected = new Set(branches.map((b) => (b.code === 'invalid_type' ? b.expected : '')));
      // a date sent as text or as a number: what it must be is a date
      if (expected.has('date')) return [issueAt(path, 'request.invalid_date')];
      return [issueAt(path, expected.size === 1 ? (WRONG_TYPE[[...expected][0]!] ?? 'request.wrong_type') : 'request.wrong_type')];
    }
    case 'invalid_key':
    case 'invalid_element':
      return [issueAt(path, 'request.invalid_value')];
    case 'custom': {
      const { messageKey, ...params } = (issue.params ?? {}) as Partial<RefinementParams>;
      if (typeof messageKey !== 'string' && valueAt(input, path) === undefined) return [issueAt(path, 'request.missing')];
      return [issueAt(path, typeof messageKey === 'string' ? messageKey : 'request.invalid_value', params as MessageParams)];
    }
    default:
      return [issueAt(path, 'request.invalid_value')];
  }
}

/** zod issues as ours, in zod's order; a field named twice keeps its first problem. */
export function requestIssues(error: z.ZodError, input?: unknown): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const issue of error.issues.flatMap((i) => readIssue(i, input))) {
    const key = issue.field ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/**
 * Turns a zod failure into our InvalidInputError: one issue per field, its
 * message key one of REQUEST_MESSAGE_KEYS, its field the path. The error
 * envelope (http/errors.ts) translates each with the field's label.
 */
export function requestInvalid(error: z.ZodError, input?: unknown): InvalidInputError {
  return new InvalidInputError('request.invalid', {}, requestIssues(error, input));
}

/**
 * Every validated request part (JSON body, query, path, form fields and file
 * names) passes here after its schema: text holding a control character or a
 * lone surrogate is refused with the field named, so no route stores it.
 */
export function refuseUnsafeText(data: unknown): void {
  const issues = unsafeTextIssues(data);
  if (issues.length) throw new InvalidInputError('request.invalid', {}, issues);
}
