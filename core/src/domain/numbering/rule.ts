import { InvalidInputError, type Issue, type MessageParams } from '../../errors.ts';
import { CODE_PREFIXES, isNumberingModule, type NumberingModule } from './codes.ts';
import type { NumberingMessageKey } from './messages.ts';

export const NUMBER_ELEMENT_KINDS = ['prefix', 'date', 'serial', 'separator', 'space'] as const;
export type NumberElementKind = (typeof NUMBER_ELEMENT_KINDS)[number];

/** Date patterns and their fixed widths; fixed widths are what make a number parseable again. */
export const DATE_FORMAT_WIDTHS = { yyMMdd: 6, yyyyMMdd: 8, yyMM: 4, yyyyMM: 6, yyyy: 4 } as const;
export type DateFormat = keyof typeof DATE_FORMAT_WIDTHS;
export const DATE_FORMATS = Object.keys(DATE_FORMAT_WIDTHS) as readonly DateFormat[];

export const SEPARATORS = ['-', '_', '.', '/'] as const;
export type Separator = (typeof SEPARATORS)[number];

export const SERIAL_DIGITS_MIN = 3;
export const SERIAL_DIGITS_MAX = 8;
export const MAX_NUMBER_ELEMENTS = 8;
/** Uppercase ASCII letters and digits, 1 to 10 of them: what fits the legacy number columns. */
export const PREFIX_PATTERN = /^[A-Z0-9]{1,10}$/;

export type NumberElement =
  | { readonly kind: 'prefix' }
  | { readonly kind: 'date'; readonly format: DateFormat }
  | { readonly kind: 'serial'; readonly digits: number }
  | { readonly kind: 'separator'; readonly value: Separator }
  | { readonly kind: 'space' };

export interface NumberingRule {
  readonly module: NumberingModule;
  readonly prefix: string;
  readonly elements: readonly NumberElement[];
  /** Whether users may type a number instead of taking the generated one. */
  readonly allowManual: boolean;
}

/**
 * Prefix, date yyMMdd, 4-digit serial: the spec's tail "1803090001" is
 * 180309 + 0001, so a DFMEA project created on 2018-03-09 is DF1803090001.
 * Manual entry is off by default; an administrator turns it on per module.
 */
export function defaultNumberingRule(module: NumberingModule): NumberingRule {
  if (!isNumberingModule(module)) throw new InvalidInputError('numbering.unknown_module' satisfies NumberingMessageKey, { module: String(module) });
  return {
    module,
    prefix: CODE_PREFIXES[module],
    elements: [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }],
    allowManual: false,
  };
}

const issue = (messageKey: NumberingMessageKey, field: string, params: MessageParams = {}): Issue => ({
  messageKey,
  field,
  params,
});

/** One element's problems; `position` is 1-based, as a user counts. */
function elementIssues(element: unknown, position: number): Issue[] {
  const el = (element ?? {}) as Record<string, unknown>;
  switch (el.kind) {
    case 'prefix':
    case 'space':
      return [];
    case 'date':
      return Object.hasOwn(DATE_FORMAT_WIDTHS, String(el.format))
        ? []
        : [issue('numbering.date_format_invalid', 'elements', { position, format: String(el.format) })];
    case 'serial': {
      const digits = el.digits;
      const ok = typeof digits === 'number' && Number.isInteger(digits) && digits >= SERIAL_DIGITS_MIN && digits <= SERIAL_DIGITS_MAX;
      return ok
        ? []
        : [issue('numbering.serial_digits_invalid', 'elements', { position, digits: String(digits), min: SERIAL_DIGITS_MIN, max: SERIAL_DIGITS_MAX })];
    }
    case 'separator':
      return (SEPARATORS as readonly unknown[]).includes(el.value)
        ? []
        : [issue('numbering.separator_invalid', 'elements', { position, value: String(el.value) })];
    default:
      return [issue('numbering.unknown_element', 'elements', { position, kind: String(el.kind) })];
  }
}

/** Everything wrong with a rule, so an administrator can fix it in one go. */
export function validateNumberingRule(rule: NumberingRule): Issue[] {
  const issues: Issue[] = [];
  if (!isNumberingModule(rule.module)) issues.push(issue('numbering.unknown_module', 'module', { module: String(rule.module) }));
  if (typeof rule.prefix !== 'string' || !PREFIX_PATTERN.test(rule.prefix)) {
    issues.push(issue('numbering.prefix_invalid', 'prefix', { prefix: String(rule.prefix) }));
  }
  const elements: readonly unknown[] = Array.isArray(rule.elements) ? rule.elements : [];
  if (elements.length > MAX_NUMBER_ELEMENTS) {
    issues.push(issue('numbering.too_many_elements', 'elements', { count: elements.length, max: MAX_NUMBER_ELEMENTS }));
  }
  elements.forEach((element, index) => issues.push(...elementIssues(element, index + 1)));
  const count = (kind: NumberElementKind) => elements.filter((e) => (e as { kind?: unknown } | null)?.kind === kind).length;
  const serials = count('serial');
  if (serials !== 1) issues.push(issue('numbering.serial_count', 'elements', { count: serials }));
  const dates = count('date');
  if (dates > 1) issues.push(issue('numbering.date_count', 'elements', { count: dates }));
  return issues;
}

/** Throws the rule's issues under one headline; used before a rule renders or parses anything. */
export function assertValidRule(rule: NumberingRule): void {
  const issues = validateNumberingRule(rule);
  if (issues.length > 0) throw new InvalidInputError('numbering.rule_invalid' satisfies NumberingMessageKey, { module: String(rule.module) }, issues);
}
