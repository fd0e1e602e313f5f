/** Option values commander hands over as text, checked with translated messages. */
import { UsageError } from '../errors.ts';

/** A whole number ≥ 1 (`--page`, `--limit`, `--licences` allows 0 with `min`). */
export function parseCount(value: string | undefined, option: string, min = 1): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  if (!/^\+?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(min === 0 ? 'cli.option.not_count' : 'cli.option.not_positive', { option, value });
  }
  return n;
}

/** A day (YYYY-MM-DD, local time: its start, or with `end` the start of the next day, so the day counts whole) or an ISO time. */
export function parseTime(value: string | undefined, option: string, end = false): Date | undefined {
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
  const at = new Date(day ? `${value.trim()}T00:00:00` : value.trim());
  if (Number.isNaN(at.getTime())) throw new UsageError('cli.score.bad_time', { option, value });
  if (day && end) at.setDate(at.getDate() + 1);
  return at;
}

/** `a,b, c` → ['a', 'b', 'c'] (full-width commas too). */
export function parseList(value: string | undefined): string[] {
  return (value ?? '').split(/[,，]/).map((item) => item.trim()).filter(Boolean);
}

/**
 * The first line of stdin (`--password-stdin`), without its line break.
 * Stops reading at the first newline, so a terminal user just presses Enter.
 */
export async function readFirstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of stdin) {
    text += chunk as string;
    if (text.includes('\n')) break;
  }
  const line = text.split(/\r?\n/)[0] ?? '';
  if (line === '') throw new UsageError('cli.option.password_stdin_empty');
  return line;
}

/**
 * The spreadsheet import limit in bytes: `--max-mb` wins, then IMPORT_MAX_MB,
 * else core's 1 MB. Whole megabytes from 1 to 100; anything else is a usage
 * error naming the flag or the variable.
 */
export async function importLimitBytes(flag: string | undefined, env: NodeJS.ProcessEnv): Promise<number> {
  const { IMPORT_MAX_MB_MAX, IMPORT_MAX_MB_MIN, parseImportMaxMb, SPREADSHEET_LIMIT_BYTES } = await import('@fmea/core/services');
  const [option, value] = flag !== undefined ? ['--max-mb', flag] : env.IMPORT_MAX_MB?.trim() ? ['IMPORT_MAX_MB', env.IMPORT_MAX_MB] : [];
  if (option === undefined || value === undefined) return SPREADSHEET_LIMIT_BYTES;
  const bytes = parseImportMaxMb(value);
  if (bytes === undefined) throw new UsageError('config.import_max_mb_invalid', { option, value, min: IMPORT_MAX_MB_MIN, max: IMPORT_MAX_MB_MAX });
  return bytes;
}

/**
 * How many spreadsheet imports `fmea serve` runs at once: IMPORT_CONCURRENCY,
 * else core's 2. A whole number from 1 to 16; anything else is a usage error
 * naming the variable.
 */
export async function importConcurrency(env: NodeJS.ProcessEnv): Promise<number> {
  const { IMPORT_CONCURRENCY_DEFAULT, IMPORT_CONCURRENCY_MAX, IMPORT_CONCURRENCY_MIN, parseImportConcurrency } = await import('@fmea/core/services');
  const value = env.IMPORT_CONCURRENCY;
  if (value === undefined || value.trim() === '') return IMPORT_CONCURRENCY_DEFAULT;
  const n = parseImportConcurrency(value);
  if (n === undefined) throw new UsageError('config.import_concurrency_invalid', { option: 'IMPORT_CONCURRENCY', value, min: IMPORT_CONCURRENCY_MIN, max: IMPORT_CONCURRENCY_MAX });
  return n;
}
