/** `fmea dfmea export <projectNum> <file.xlsx> [--company]`: the AIAG-VDA form workbook, with progress, written atomically. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { progressCallback } from '../../shared/progress.ts';

export function registerDfmeaExport(dfmea: Command): void {
  const { t } = contextOf(dfmea);
  dfmea
    .command('export')
    .description(t('cli.dfmea.export.description'))
    .argument('<projectNum>', t('cli.dfmea.arg_project_num'))
    .argument('<file>', t('cli.arg_xlsx_out'))
    .option('--company <name>', t('cli.dfmea.export.option_company'))
    .action(async (projectNum: string, path: string, options: { company?: string }, command: Command) => {
      const context = contextOf(command);
      assertExtension(path, ['.xlsx']);
      const { exportDfmeaWorkbook, getProjectBySerialNumber, readRiskGrid } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, projectNum);
      const progress = progressCallback(context.out, context.t('cli.dfmea.progress.export'));
      const bytes = await exportDfmeaWorkbook(ctx, project.id, { locale: context.locale, company: options.company, onProgress: progress.onProgress });
      await progress.done();
      const { total } = await readRiskGrid(ctx, project.id, { limit: 1 });
      await writeOutputFile(path, bytes);
      await context.out.printMessage(context.t('cli.dfmea.export.done', { count: total, path, serialNum: project.serialNum }), { path, serialNum: project.serialNum, chains: total });
    });
}
