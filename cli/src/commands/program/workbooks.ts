/**
 * `fmea program import|export` and `fmea task import|export` (issue 24): core's workbooks of programs and
 * tasks (the spec's exportData / importData). An import is all or nothing: every wrong row listed with its
 * row number, exit 2, nothing written; a column with data no field takes refuses the file unless
 * --accept-unmapped (then listed as left out). A progress bar while the rows are checked and written.
 * Exports are written atomically, headers in the run's language (`--lang`).
 */
import type { Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { assertExtension, readInputFile, writeOutputFile } from '../../shared/files.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { progressCallback } from '../../shared/progress.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

type Kind = 'program' | 'task';

export function registerWorkbookImport(parent: Command, kind: Kind): void {
  const { t } = contextOf(parent);
  const command = parent
    .command('import')
    .description(t(`cli.${kind}.import.description`))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'));
  addAsOption(command).action(async (path: string, options: { acceptUnmapped?: boolean; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { t: tr, out, locale } = context;
    const { assertSpreadsheet, importPrograms, importTasks } = await import('@fmea/core/services');
    const limit = await importLimitBytes(undefined, context.io.env);
    const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limit));
    const ctx = await actingContext(context, options.as);
    const progress = progressCallback(out, tr('cli.progress.import'));
    const run = kind === 'program' ? importPrograms : importTasks;
    const report = await withUnmappedHint(() => run(ctx, file.bytes, { acceptUnmapped: options.acceptUnmapped === true, limit, onProgress: progress.onProgress })).finally(() => progress.done());
    const unmapped = report.unmappedColumns.map((issue: Issue) => ({ ...issue, message: translateIssueLine(locale, issue) }));
    const lines = [tr(`cli.${kind}.import.summary`, { created: report.created, skipped: report.skipped, numbers: report.numbers.join(', ') || '-' })];
    if (unmapped.length > 0) lines.push(tr('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
    await out.printLines(lines, { created: report.created, skipped: report.skipped, numbers: report.numbers, unmapped });
  });
}

export function registerWorkbookExport(parent: Command, kind: Kind): void {
  const { t } = contextOf(parent);
  const command = parent
    .command('export')
    .description(t(`cli.${kind}.export.description`))
    .option('--out <file>', t('cli.program.export.option_out'))
    .option('--template', t('cli.program.export.option_template'));
  if (kind === 'task') command.option('--program <number>', t('cli.task.export.option_program'));
  addAsOption(command).action(async (options: { out?: string; template?: boolean; program?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    if (options.out !== undefined) assertExtension(options.out, ['.xlsx']);
    const { exportProgramTemplate, exportPrograms, exportTasks } = await import('@fmea/core/services');
    const ctx = await actingContext(context, options.as);
    const progress = progressCallback(context.out, context.t('cli.progress.export'));
    progress.onProgress(0, 1);
    const file = options.template
      ? { ...(await exportProgramTemplate(ctx, { locale: context.locale, kind })), count: 0 }
      : kind === 'program'
        ? await exportPrograms(ctx, { locale: context.locale })
        : await exportTasks(ctx, { locale: context.locale, programId: options.program });
    const path = options.out ?? file.fileName;
    await writeOutputFile(path, file.data);
    progress.onProgress(1, 1);
    await progress.done();
    await context.out.printMessage(context.t(options.template ? 'cli.program.export.template_done' : `cli.${kind}.export.done`, { count: file.count, path }), { path, count: file.count });
  });
}
