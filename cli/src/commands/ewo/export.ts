/** `fmea ewo export <file.xlsx> [--search <text>] [--open|--closed] [--as]`: the EWO list as the workbook `fmea ewo import` reads back, headers in the chosen language (issue 24). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerEwoExport(ewo: Command): void {
  const { t } = contextOf(ewo);
  const command = ewo
    .command('export')
    .description(t('cli.ewo.export.description'))
    .argument('<file>', t('cli.arg_xlsx_out'))
    .option('--search <text>', t('cli.ewo.list.option_search'))
    .option('--open', t('cli.ewo.list.option_open'))
    .option('--closed', t('cli.ewo.list.option_closed'));
  addAsOption(command).action(async (path: string, options: { search?: string; open?: boolean; closed?: boolean; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    assertExtension(path, ['.xlsx']);
    const { exportEwos } = await import('@fmea/core/services');
    const openStatus = options.closed ? 'closed' : options.open ? 'open' : undefined;
    const sheet = await exportEwos(await actingContext(context, options.as), { search: options.search, openStatus, locale: context.locale });
    await writeOutputFile(path, sheet.data);
    await context.out.printMessage(context.t('cli.ewo.export.done', { count: sheet.count, path }), { path, count: sheet.count });
  });
}
