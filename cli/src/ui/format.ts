import type { Column } from './types.ts';

/** A cell as one line of text. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

export function cellOf<Row extends object>(row: Row, column: Column<Row>): string {
  const { value } = column;
  return formatCell(typeof value === 'function' ? value(row) : row[value]);
}

export function isCi(env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}
