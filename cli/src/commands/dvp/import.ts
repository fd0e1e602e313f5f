/**
 * `fmea dvp import <plan> <file.xlsx> [--accept-unmapped] [--max-mb <n>] [--as]`: a DVP&R workbook into a plan
 * (issue 25): a row whose test number the plan has updates that test, any other row adds one. A wrong row →
 * every row-numbered issue, exit 2, nothing written; columns no field takes → listed, exit 2, unless
 * --accept-unmapped. A progress bar while the rows are written.
 */
import type { Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { progressCallback } from '../../shared/progress.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';
import { planKeyOf } from './plan-key.ts';

export function registerDvpImport(dvp: Command): void {
  const { t } = contextOf(dvp);
  const command = dvp
    .command('import')
    .description(t('cli.dvp.import.description'))
    .argument('<plan>', t('cli.dvp.arg_plan'))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'));
  addAsOption(command).action(async (plan: string, path: string, options: { acceptUnmapped?: boolean; maxMb?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { assertWorkbookFile, importDvpWorkbook } = await import('@fmea/core/services');
    const limit = await importLimitBytes(options.maxMb, context.io.env);
    const file = await readInputFile(path, (name, size) => assertWorkbookFile(name, size, limit));
    const ctx = await actingContext(context, options.as);
    const progress = progressCallback(context.out, context.t('cli.progress.import'));
    const report = await withUnmappedHint(async () =>
      importDvpWorkbook(ctx, await planKeyOf(ctx, plan), file.bytes, { fileName: file.name, acceptUnmapped: options.acceptUnmapped === true, onProgress: progress.onProgress }),
    );
    await progress.done();
    const unmapped = report.unmapped.map((issue: Issue) => ({ ...issue, message: translateIssueLine(context.locale, issue) }));
    const lines = [context.t('cli.dvp.import.done', { created: report.created, updated: report.updated })];
    if (unmapped.length > 0) lines.push(context.t('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
    await context.out.printLines(lines, { created: report.created, updated: report.updated, unmapped });
  });
}
