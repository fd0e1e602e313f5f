/**
 * `fmea spc import <study> <file.csv|file.xlsx> [--accept-unmapped] [--max-mb <n>] [--as <user>]` (issue 25):
 * a study's measurements from a file, all or nothing (docs/domain/spc.md). The characteristic is named by
 * its study's number as the SPC list shows it (SP…; the id works too): a control plan line may carry
 * several studies (an X̄-R and an I-MR of the same diameter), so the study, not the line, is what a user
 * types. A wrong row → every row-numbered issue, exit 2, nothing added; columns no field takes → listed,
 * exit 2, unless --accept-unmapped. A progress bar follows large files.
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

export function registerSpcImport(spc: Command): void {
  const { t } = contextOf(spc);
  const command = spc
    .command('import')
    .description(t('cli.spc.import.description'))
    .argument('<study>', t('cli.spc.import.argument_study'))
    .argument('<file>', t('cli.spc.analyze.argument_file'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'));
  addAsOption(command).action(async (study: string, path: string, options: { acceptUnmapped?: boolean; maxMb?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { assertMeasurementsFile, importMeasurementFile } = await import('@fmea/core/services');
    const limit = await importLimitBytes(options.maxMb, context.io.env);
    const file = await readInputFile(path, (name, size) => assertMeasurementsFile(name, size, limit));
    const ctx = await actingContext(context, options.as);
    const progress = progressCallback(context.out, context.t('cli.progress.import'));
    const report = await withUnmappedHint(() => importMeasurementFile(ctx, study, file.bytes, { fileName: file.name, acceptUnmapped: options.acceptUnmapped === true, limit, onProgress: progress.onProgress }));
    await progress.done();
    const unmapped = report.unmapped.map((issue: Issue) => ({ ...issue, message: translateIssueLine(context.locale, issue) }));
    const lines = [context.t('cli.spc.import.done', { study, added: report.added, firstSeq: report.firstSeq, lastSeq: report.lastSeq })];
    if (unmapped.length > 0) lines.push(context.t('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
    await context.out.printLines(lines, { study, added: report.added, firstSeq: report.firstSeq, lastSeq: report.lastSeq, unmapped });
  });
}
