/** `fmea dvp export <plan> <file.xlsx> [--as]`: a DVP&R plan (its DP number, or its DFMEA's number) as the DVP&R workbook, headed in the chosen language (issue 25). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';
import { planKeyOf } from './plan-key.ts';

export function registerDvpExport(dvp: Command): void {
  const { t } = contextOf(dvp);
  const command = dvp.command('export').description(t('cli.dvp.export.description')).argument('<plan>', t('cli.dvp.arg_plan')).argument('<file>', t('cli.arg_xlsx_out'));
  addAsOption(command).action(async (plan: string, path: string, options: { as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    assertExtension(path, ['.xlsx']);
    const { exportDvpWorkbook } = await import('@fmea/core/services');
    const ctx = await actingContext(context, options.as);
    const sheet = await exportDvpWorkbook(ctx, await planKeyOf(ctx, plan), { locale: context.locale });
    await writeOutputFile(path, sheet.data);
    await context.out.printMessage(context.t('cli.dvp.export.done', { count: sheet.count, path }), { path, count: sheet.count });
  });
}
