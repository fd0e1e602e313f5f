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
