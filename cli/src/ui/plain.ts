/** Text output for pipes, files and CI: stable, greppable, no escape codes. */
import { toFailure, type CliFailure } from '../errors.ts';
import { translator, type Locale, type Translate } from '../i18n/index.ts';
import { cellOf, formatCell } from './format.ts';
import type { CliIo, Output, Progress } from './types.ts';

/** How many issues text output lists before summarising the rest. */
export const MAX_LISTED_ISSUES = 20;

export function failureLines(failure: CliFailure, t: Translate): string[] {
  const lines = [failure.message];
  const listed = failure.issues.slice(0, MAX_LISTED_ISSUES);
  for (const issue of listed) lines.push(`  ${issue.message}`);
  const rest = failure.issues.length - listed.length;
  if (rest > 0) lines.push(`  ${t('cli.error.more_issues', { count: rest })}`);
  if (failure.code === 'usage') lines.push(t('cli.usage.hint'));
  if (failure.stack) lines.push(failure.stack);
  return lines;
}

export function writeLines(stream: NodeJS.WritableStream, lines: readonly string[]): void {
  if (lines.length > 0) stream.write(`${lines.join('\n')}\n`);
}

/** `label 40%` on stderr at each new tenth, so logs get a handful of lines. */
export function createPlainProgress(stderr: NodeJS.WritableStream, label: string, total: number): Progress {
  let current = 0;
  let shownTenth = -1;
  const show = (force: boolean) => {
    const ratio = total > 0 ? Math.min(current / total, 1) : 1;
    const tenth = Math.floor(ratio * 10);
    if (tenth > shownTenth || force) {
      shownTenth = tenth;
      stderr.write(`${label} ${Math.round(ratio * 100)}%\n`);
    }
  };
  return {
    tick(n = 1) {
      current += n;
      show(false);
    },
    async done() {
      if (shownTenth < 10) {
        current = total;
        show(true);
      }
    },
  };
}

export function createPlainOutput(io: CliIo, locale: Locale): Output {
  const t = translator(locale);
  return {
    mode: 'plain',
    async printTable(rows, columns) {
      const lines = [columns.map((c) => formatCell(c.header)).join('\t')];
      for (const row of rows) lines.push(columns.map((c) => cellOf(row, c, t)).join('\t'));
      writeLines(io.stdout, lines);
    },
    async printRecord(record, labels = {}) {
      writeLines(
        io.stdout,
        Object.entries(record).map(([key, value]) => `${labels[key] ?? key}\t${formatCell(value, t)}`),
      );
    },
    async printLines(lines) {
      writeLines(io.stdout, lines);
    },
    async printMessage(text) {
      writeLines(io.stdout, [text]);
    },
    async printNotice(text) {
      writeLines(io.stderr, [text]);
    },
    async printError(error) {
      writeLines(io.stderr, failureLines(toFailure(error, locale, io.env), t));
    },
    createProgress(label, total) {
      return createPlainProgress(io.stderr, label, total);
    },
    async finish() {},
  };
}
