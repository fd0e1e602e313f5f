/** `fmea bom export <product> <file.xlsx> [--as]`: the BOM as the sheet `fmea bom import` reads back, headers in the chosen language. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerBomExport(bom: Command): void {
  const { t } = contextOf(bom);
  const command = bom.command('export').description(t('cli.bom.export.description')).argument('<product>', t('cli.bom.arg_product')).argument('<file>', t('cli.arg_xlsx_out'));
  addAsOption(command).action(async (product: string, path: string, options: { as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    assertExtension(path, ['.xlsx']);
    const { exportBom } = await import('@fmea/core/services');
    const sheet = await exportBom(await actingContext(context, options.as), product, context.locale);
    await writeOutputFile(path, sheet.data);
    await context.out.printMessage(context.t('cli.bom.export.done', { count: sheet.count, path }), { path, parts: sheet.count });
  });
}
