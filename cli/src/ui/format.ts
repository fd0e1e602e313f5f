import type { Translate } from '../i18n/index.ts';
import type { Column } from './types.ts';

/** A cell as one line of text; booleans as the locale's yes/no when `t` is given. */
export function formatCell(value: unknown, t?: Translate): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean' && t) return t(value ? 'cli.yes' : 'cli.no');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

export function cellOf<Row extends object>(row: Row, column: Column<Row>, t?: Translate): string {
  const { value } = column;
  return formatCell(typeof value === 'function' ? value(row) : row[value], t);
}

export function isCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * A moment as the reader's locale writes it, in local time (TZ of the run's
 * environment, else the machine's), without seconds: the workbench's format.
 * JSON output keeps ISO stamps; this is for people.
 */
export function formatDateTime(value: Date | string | null | undefined, locale: string, env: NodeJS.ProcessEnv = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };
  try {
    return date.toLocaleString(locale, env.TZ ? { ...options, timeZone: env.TZ } : options);
  } catch {
    return date.toLocaleString(locale, options); // a TZ name Intl does not know: the machine's zone
  }
}
