/**
 * `fmea ewo import <file> [--accept-unmapped] [--as]`: every row of the workbook opens a new EWO (issue 24). A
 * wrong row → every row-numbered issue, exit 2, nothing written; columns no field takes → listed, exit 2,
 * unless --accept-unmapped.
 */
import type { Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerEwoImport(ewo: Command): void {
  const { t } = contextOf(ewo);
  const command = ewo
    .command('import')
    .description(t('cli.ewo.import.description'))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'));
  addAsOption(command).action(async (path: string, options: { acceptUnmapped?: boolean; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { assertSpreadsheet, importEwos } = await import('@fmea/core/services');
    const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size));
    const ctx = await actingContext(context, options.as);
    const report = await withUnmappedHint(() => importEwos(ctx, file.bytes, { fileName: file.name, acceptUnmapped: options.acceptUnmapped === true }));
    const unmapped = report.unmapped.map((issue: Issue) => ({ ...issue, message: translateIssueLine(context.locale, issue) }));
    const lines = report.created.map((c) => context.t('cli.ewo.import.done', { ewoNum: c.ewoNum }));
    if (unmapped.length > 0) lines.push(context.t('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
    await context.out.printLines(lines, { created: report.created, unmapped });
  });
}
