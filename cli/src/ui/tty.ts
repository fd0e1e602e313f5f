/**
 * Interactive terminals: tables, records and errors rendered with Ink, a live
 * progress bar. Ink is imported on first use only.
 */
import { toFailure } from '../errors.ts';
import { translator, type Locale } from '../i18n/index.ts';
import { cellOf, formatCell } from './format.ts';
import { createPlainOutput, failureLines, writeLines } from './plain.ts';
import type { CliIo, Output, Progress } from './types.ts';

/** Beyond this many rows a table is printed as plain text (Ink lays out every cell). */
export const MAX_INK_TABLE_ROWS = 1000;

const loadInk = () => import('./ink/index.tsx');

export function createTtyOutput(io: CliIo, locale: Locale): Output {
  const t = translator(locale);
  const plain = createPlainOutput(io, locale);
  const width = (stream: { columns?: number }) => (stream.columns || 80);
  // bars still running when the command fails or ends are stopped where they are before anything else is printed
  const running = new Set<() => Promise<void>>();
  const stopBars = async () => {
    for (const stop of [...running]) await stop();
  };

  return {
    ...plain,
    mode: 'tty',
    async printTable(rows, columns) {
      if (rows.length > MAX_INK_TABLE_ROWS) return plain.printTable(rows, columns);
      const ink = await loadInk();
      const text = ink.tableToString(
        {
          headers: columns.map((c) => c.header),
          rows: rows.map((row) => columns.map((c) => cellOf(row, c, t))),
          aligns: columns.map((c) => c.align),
          emptyText: t('cli.table.empty'),
        },
        width(io.stdout),
      );
      writeLines(io.stdout, [text]);
    },
    async printRecord(record, labels = {}) {
      const ink = await loadInk();
      const entries = Object.entries(record).map(([key, value]) => [labels[key] ?? key, formatCell(value, t)] as const);
      writeLines(io.stdout, [ink.recordToString(entries, width(io.stdout))]);
    },
    async printError(error) {
      await stopBars();
      if (!io.stderr.isTTY) return plain.printError(error);
      const ink = await loadInk();
      const lines = failureLines(toFailure(error, locale, io.env), t);
      writeLines(io.stderr, [ink.errorToString(t('cli.error.title'), lines, width(io.stderr))]);
    },
    createProgress(label, total): Progress {
      if (!io.stderr.isTTY) return plain.createProgress(label, total);
      let current = 0;
      let bar: Awaited<ReturnType<typeof startProgressLater>> | undefined;
      const started = startProgressLater(io.stderr as NodeJS.WriteStream, label, total).then((b) => {
        bar = b;
        b.set(current);
        return b;
      });
      const finish = (complete: boolean) => async () => {
        if (!running.delete(stop)) return;
        const handle = await started;
        await (complete ? handle.done() : handle.stop());
      };
      const stop = finish(false);
      running.add(stop);
      return {
        tick(n = 1) {
          current += n;
          bar?.set(current);
        },
        done: finish(true),
      };
    },
    async finish() {
      await stopBars();
    },
  };
}

async function startProgressLater(stream: NodeJS.WriteStream, label: string, total: number) {
  const ink = await loadInk();
  return ink.startProgressBar(stream, label, total);
}
