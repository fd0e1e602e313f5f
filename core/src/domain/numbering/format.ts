import { InvalidInputError } from '../../errors.ts';
import type { NumberingMessageKey } from './messages.ts';
import { assertValidRule, DATE_FORMAT_WIDTHS, type DateFormat, type NumberElement, type NumberingRule } from './rule.ts';

const key = (k: NumberingMessageKey) => k;

function assertDate(date: unknown): Date {
  if (date instanceof Date && !Number.isNaN(date.getTime())) {
    const year = date.getUTCFullYear();
    // Four-digit years only: a fifth digit would break the fixed width parseNumber relies on.
    if (year >= 1 && year <= 9999) return date;
  }
  throw new InvalidInputError(key('numbering.date_invalid'), { date: String(date) });
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Renders in UTC so the number, and the counter it belongs to, never depend on the server's zone. */
export function renderDate(date: Date, format: DateFormat): string {
  const yyyy = pad(date.getUTCFullYear(), 4);
  const MM = pad(date.getUTCMonth() + 1, 2);
  const dd = pad(date.getUTCDate(), 2);
  switch (format) {
    case 'yyMMdd':
      return yyyy.slice(2) + MM + dd;
    case 'yyyyMMdd':
      return yyyy + MM + dd;
    case 'yyMM':
      return yyyy.slice(2) + MM;
    case 'yyyyMM':
      return yyyy + MM;
    case 'yyyy':
      return yyyy;
  }
}

const dateElement = (rule: NumberingRule) =>
  rule.elements.find((e): e is Extract<NumberElement, { kind: 'date' }> => e.kind === 'date');

/**
 * The key of the counter a new number's serial comes from: the module plus the
 * rendered date part, so the serial restarts whenever that part changes (daily
 * for yyMMdd, monthly for yyMM, yearly for yyyy). A rule without a date keeps
 * one counter per module.
 */
export function counterScope(rule: NumberingRule, date: Date): string {
  assertValidRule(rule);
  const element = dateElement(rule);
  return element ? `${rule.module}:${renderDate(assertDate(date), element.format)}` : rule.module;
}

export interface NumberParts {
  readonly date: Date;
  readonly serial: number;
}

/** The number for a date and serial, e.g. DF1803090001. Refuses a serial that does not fit its digits. */
export function formatNumber(rule: NumberingRule, { date, serial }: NumberParts): string {
  assertValidRule(rule);
  if (typeof serial !== 'number' || !Number.isInteger(serial) || serial < 1) {
    throw new InvalidInputError(key('numbering.serial_invalid'), { serial: String(serial) });
  }
  const needsDate = dateElement(rule) !== undefined;
  const when = needsDate ? assertDate(date) : date;
  return rule.elements
    .map((element) => {
      switch (element.kind) {
        case 'prefix':
          return rule.prefix;
        case 'date':
          return renderDate(when, element.format);
        case 'serial': {
          const max = 10 ** element.digits - 1;
          if (serial > max) {
            throw new InvalidInputError(key('numbering.serial_exhausted'), { module: rule.module, digits: element.digits, max });
          }
          return pad(serial, element.digits);
        }
        case 'separator':
          return element.value;
        case 'space':
          return ' ';
      }
    })
    .join('');
}

export interface ParsedNumber {
  readonly serial: number;
  /** The counter this number belongs to, as counterScope gives it. */
  readonly scope: string;
  /** Start of the rendered date period (UTC), when the rule has a date. */
  readonly date?: Date;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** Reads the rendered date part back; undefined when it is not a real date (e.g. month 13). */
function readDate(text: string, format: DateFormat): Date | undefined {
  const long = format.startsWith('yyyy');
  const yearWidth = long ? 4 : 2;
  // Two-digit years are taken as 20yy: the product has no numbers from before 2000.
  const year = Number(text.slice(0, yearWidth)) + (long ? 0 : 2000);
  const month = format.includes('MM') ? Number(text.slice(yearWidth, yearWidth + 2)) : 1;
  const day = format.endsWith('dd') ? Number(text.slice(yearWidth + 2, yearWidth + 4)) : 1;
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, keeps years below 100 as they are
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/**
 * The date and serial of a number written by this rule, or undefined when the
 * value does not follow the rule. Used when a number is typed by hand, to keep
 * the counter of its scope ahead of it.
 */
export function parseNumber(rule: NumberingRule, value: string): ParsedNumber | undefined {
  assertValidRule(rule);
  if (typeof value !== 'string') return undefined;
  let pattern = '';
  for (const element of rule.elements) {
    switch (element.kind) {
      case 'prefix':
        pattern += escapeRegExp(rule.prefix);
        break;
      case 'date':
        pattern += `(?<date>\\d{${DATE_FORMAT_WIDTHS[element.format]}})`;
        break;
      case 'serial':
        pattern += `(?<serial>\\d{${element.digits}})`;
        break;
      case 'separator':
        pattern += escapeRegExp(element.value);
        break;
      case 'space':
        pattern += ' ';
        break;
    }
  }
  const match = new RegExp(`^${pattern}$`).exec(value);
  const serial = Number(match?.groups?.serial);
  if (!match || !(serial >= 1)) return undefined;
  const element = dateElement(rule);
  if (!element) return { serial, scope: rule.module };
  const datePart = match.groups!.date!;
  const date = readDate(datePart, element.format);
  return date ? { serial, scope: `${rule.module}:${datePart}`, date } : undefined;
}
