/**
 * `fmea dict import <file.xlsx> [--accept-unmapped]`: items (and missing
 * types) from a sheet, all or nothing: any bad row → every row-numbered
 * error, exit 2, no change; a column with data under no known header → the
 * list, exit 2, no change, unless --accept-unmapped.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { readInputFile } from '../../shared/files.ts';
import { progressCallback } from '../../shared/progress.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { translateIssueLine } from '../../i18n/index.ts';

export function registerDictImport(dict: Command): void {
  const { t } = contextOf(dict);
  dict
    .command('import')
    .description(t('cli.dict.import.description'))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .action(async (path: string, options: { acceptUnmapped?: boolean }, command: Command) => {
      const context = contextOf(command);
      const { assertSpreadsheet, importDictionaries } = await import('@fmea/core/services');
      // the same operator limit as the server's import routes (IMPORT_MAX_MB)
      const limit = await importLimitBytes(undefined, context.io.env);
      const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limit));
      const progress = progressCallback(context.out, context.t('cli.progress.import'));
      const services = await context.services();
      const report = await withUnmappedHint(() => importDictionaries(services, file.bytes, { limit, onProgress: progress.onProgress, acceptUnmapped: options.acceptUnmapped === true }));
      await progress.done();
      const unmapped = report.unmapped.map((issue) => ({ ...issue, message: translateIssueLine(context.locale, issue) }));
      const lines = [context.t('cli.dict.import.done', { created: report.created, updated: report.updated })];
      if (unmapped.length > 0) lines.push(context.t('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
      await context.out.printLines(lines, { ...report, unmapped });
    });
}
