/**
 * `fmea dfmea|pfmea baselines <projectNum>`, `… diff <projectNum> <a> [b]
 * [--out file.xlsx]` and `… verify <file.xlsx> [--project <num>]`: the baselines a project's
 * releases froze, what changed between two of them (or one and the working
 * copy, `working`), and what an exported workbook is
 * (docs/domain/fmea-baselines.md). Thin over core's fmea-baseline service;
 * the CLI acts as the system operator (an administrator), like export.
 */
import type { Command } from 'commander';
import { contextOf } from '../context.ts';
import { EXIT_SYSTEM, UsageError, type CliFailure } from '../errors.ts';
import { formatDateTime } from '../ui/index.ts';
import { assertExtension, readInputFile, writeOutputFile } from './files.ts';
import type { FmeaCommandKind } from './fmea-commands.ts';
import { importLimitBytes } from './options.ts';
import { sameSide } from '@fmea/core/domain';

const shown = (v: string | number | boolean | null) => (v === null ? '' : String(v));

export function registerFmeaBaselines(parent: Command, kind: FmeaCommandKind): void {
  const { t } = contextOf(parent);
  parent
    .command('baselines')
    .description(t('cli.baseline.list.description'))
    .argument('<projectNum>', t(kind.keys.argProjectNum))
    .action(async (projectNum: string, _options: unknown, command: Command) => {
      const context = contextOf(command);
      const ctx = await context.services();
      const { getProjectBySerialNumber, listBaselines } = await import('@fmea/core/services');
      const project = await getProjectBySerialNumber(ctx, projectNum);
      if (!sameSide(project.projectType, kind.projectType)) throw new UsageError('cli.review.type_mismatch', { serialNum: project.serialNum, command: kind.projectType });
      const baselines = await listBaselines(ctx, project.id);
      const rows = baselines.map((b) => ({
        label: b.label,
        version: b.versionLabel,
        released: formatDateTime(b.createdAt, context.locale, context.io.env),
        by: b.createdByName ?? '',
        chains: String(b.chainCount),
        hash: b.contentHash.slice(0, 12),
      }));
      const columns = (['label', 'version', 'released', 'by', 'chains', 'hash'] as const).map((value) => ({ header: context.t(`cli.baseline.column.${value}`), value }));
      if (rows.length === 0 && !context.json) {
        await context.out.printMessage(context.t('cli.baseline.none', { serialNum: project.serialNum }));
        return;
      }
      await context.out.printTable(rows, columns, { serialNum: project.serialNum, baselines });
    });

  parent
    .command('diff')
    .description(t('cli.baseline.diff.description'))
    .argument('<projectNum>', t(kind.keys.argProjectNum))
    .argument('<a>', t('cli.baseline.arg_from'))
    .argument('[b]', t('cli.baseline.arg_to'), 'working')
    .option('--out <file>', t('cli.baseline.option_out'))
    .action(async (projectNum: string, a: string, b: string, options: { out?: string }, command: Command) => {
      const context = contextOf(command);
      if (options.out) assertExtension(options.out, ['.xlsx']);
      const ctx = await context.services();
      const { diffBaselines, diffFieldName, diffWorkbook, getProjectBySerialNumber } = await import('@fmea/core/services');
      const project = await getProjectBySerialNumber(ctx, projectNum);
      if (!sameSide(project.projectType, kind.projectType)) throw new UsageError('cli.review.type_mismatch', { serialNum: project.serialNum, command: kind.projectType });
      const diff = await diffBaselines(ctx, project.id, a, b);
      const side = (s: typeof diff.from) => (s.baseline ? `${s.baseline.label} (${s.baseline.versionLabel})` : context.t('fmeaBaseline.diff.working'));
      const summary = context.t('cli.baseline.diff.summary', { serialNum: diff.serialNum, from: side(diff.from), to: side(diff.to), added: diff.added, removed: diff.removed, changed: diff.changed });
      if (options.out) {
        await writeOutputFile(options.out, await diffWorkbook(diff, context.locale));
        await context.out.printMessage(`${summary}\n${context.t('cli.baseline.diff.written', { path: options.out })}`, { path: options.out, added: diff.added, removed: diff.removed, changed: diff.changed });
        return;
      }
      const rows = diff.items.flatMap((item) =>
        (item.fields.length ? item.fields : [{ field: '', old: null, new: null }]).map((f) => ({
          change: context.t(`fmeaBaseline.change.${item.change}`),
          kind: context.t(`fmeaBaseline.kind.${item.kind}`),
          path: item.path,
          field: diffFieldName(context.locale, f.field),
          old: shown(f.old),
          new: shown(f.new),
        })),
      );
      const columns = (['change', 'kind', 'path', 'field', 'old', 'new'] as const).map((value) => ({ header: context.t(`fmeaBaseline.diff.${value}`), value }));
      if (context.json) {
        await context.out.printTable(rows, columns, diff);
        return;
      }
      if (rows.length > 0) await context.out.printTable(rows, columns);
      await context.out.printMessage(summary);
    });

  parent
    .command('verify')
    .description(t('cli.baseline.verify.description'))
    .argument('<file>', t('cli.baseline.arg_workbook'))
    .option('--project <num>', t('cli.baseline.verify.option_project'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (path: string, options: { maxMb?: string; project?: string }, command: Command) => {
      const context = contextOf(command);
      const { assertWorkbookFile, getProjectBySerialNumber, verifyWorkbook } = await import('@fmea/core/services');
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(path, (name, size) => assertWorkbookFile(name, size, limit));
      const ctx = await context.services();
      const projectId = options.project ? (await getProjectBySerialNumber(ctx, options.project)).id : undefined;
      const verdict = await verifyWorkbook(ctx, file.bytes, { fileName: file.name, locale: context.locale, limit, ...(projectId ? { projectId } : {}) });
      if (verdict.outcome === 'changed' || verdict.outcome === 'otherProject') {
        // exit 1: a file that is not what was exported (or not this project's) must fail a CI step
        throw { code: 'conflict', message: verdict.message, issues: [], exitCode: EXIT_SYSTEM } satisfies CliFailure;
      }
      await context.out.printMessage(verdict.message, verdict);
    });
}
