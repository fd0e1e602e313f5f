/** `fmea dict export <file.xlsx>`: every item with its type, in the import layout, written atomically. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';

export function registerDictExport(dict: Command): void {
  const { t } = contextOf(dict);
  dict
    .command('export')
    .description(t('cli.dict.export.description'))
    .argument('<file>', t('cli.arg_xlsx_out'))
    .action(async (path: string, _options: object, command: Command) => {
      const context = contextOf(command);
      assertExtension(path, ['.xlsx']);
      const { dictionaryTree, exportDictionaries } = await import('@fmea/core/services');
      const ctx = await context.services();
      const bytes = await exportDictionaries(ctx);
      const count = (await dictionaryTree(ctx)).reduce((n, type) => n + type.children.length, 0);
      await writeOutputFile(path, bytes);
      await context.out.printMessage(context.t('cli.export.done', { count, path }), { path, count });
    });
}
