/**
 * `fmea dict import <file.xlsx>`: items (and missing types) from a sheet,
 * all or nothing: any bad row → every row-numbered error, exit 2, no change.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { readInputFile } from '../../shared/files.ts';
import { progressCallback } from '../../shared/progress.ts';
import { importLimitBytes } from '../../shared/options.ts';

export function registerDictImport(dict: Command): void {
  const { t } = contextOf(dict);
  dict
    .command('import')
    .description(t('cli.dict.import.description'))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .action(async (path: string, _options: object, command: Command) => {
      const context = contextOf(command);
      const { assertSpreadsheet, importDictionaries } = await import('@fmea/core/services');
      // the same operator limit as the server's import routes (IMPORT_MAX_MB)
      const limit = await importLimitBytes(undefined, context.io.env);
      const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limit));
      const progress = progressCallback(context.out, context.t('cli.progress.import'));
      const report = await importDictionaries(await context.services(), file.bytes, { limit, onProgress: progress.onProgress });
      await progress.done();
      await context.out.printMessage(context.t('cli.dict.import.done', { created: report.created, updated: report.updated }), report);
    });
}
