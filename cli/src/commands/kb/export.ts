/**
 * `fmea kb export <type> [--out file.xlsx] [--scope all|page] [filters] [--as]`:
 * core's sheet export of the type (headers and status names in the run's
 * language, `--lang`), the list filter's records, written atomically; the
 * file name is core's (`<tableKey>-<yyyymmdd>.xlsx`) unless `--out`.
 * `fmea kb template <type> [--out] [--as]`: core's import template of the type.
 */
import { Option, type Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { addFilterOptions, listQuery, type KbFilterOptions } from './filters.ts';
import { actingContext, addAsOption, typedAction, typedCommand, type KbScope } from './shared.ts';

interface KbExportOptions extends KbFilterOptions {
  readonly out?: string;
  readonly scope: 'all' | 'page';
  readonly as?: string;
}

export function registerKbExport(parent: Command, scope: KbScope): void {
  const { t } = contextOf(parent);
  const command = typedCommand(parent, 'export', scope)
    .option('--out <file>', t('cli.kb.export.option_out'))
    .addOption(new Option('--scope <scope>', t('cli.kb.export.option_scope')).choices(['all', 'page']).default('all'));
  addAsOption(addFilterOptions(command, '20')).action(
    typedAction<KbExportOptions>(scope, async ({ context, type, options }) => {
      if (options.out !== undefined) assertExtension(options.out, ['.xlsx']);
      const query = listQuery(options);
      const { exportCatalogRecords } = await import('@fmea/core/services');
      const ctx = await actingContext(context, options.as);
      const exported = await exportCatalogRecords(ctx, type.id, { ...query, scope: options.scope, locale: context.locale });
      const path = options.out ?? exported.fileName;
      await writeOutputFile(path, exported.data);
      const title = type.title[context.locale];
      await context.out.printMessage(context.t('cli.kb.export.done', { count: exported.count, title, path }), { type: type.id, path, count: exported.count });
    }),
  );
}

/** Core's import template: the columns, and under each a row saying what it takes (an import skips that row). */
export function registerKbTemplate(parent: Command, scope: KbScope): void {
  const { t } = contextOf(parent);
  addAsOption(typedCommand(parent, 'template', scope).option('--out <file>', t('cli.kb.template.option_out'))).action(
    typedAction<{ out?: string; as?: string }>(scope, async ({ context, type, options }) => {
      if (options.out !== undefined) assertExtension(options.out, ['.xlsx']);
      const { exportCatalogTemplate } = await import('@fmea/core/services');
      const template = await exportCatalogTemplate(await actingContext(context, options.as), type.id, context.locale);
      const path = options.out ?? template.fileName;
      await writeOutputFile(path, template.data);
      await context.out.printMessage(context.t('cli.kb.template.done', { title: type.title[context.locale], path }), { type: type.id, path });
    }),
  );
}
