/** `fmea cp export <pfmeaNum> <file.xlsx> [--phase] [--bilingual]`: the control plan of a phase as the AIAG control plan form, with progress, written atomically. */
import type { Command } from 'commander';
import type { ControlPlanPhase } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { progressCallback } from '../../shared/progress.ts';
import { phaseOption } from './phase.ts';

export function registerCpExport(cp: Command): void {
  const { t } = contextOf(cp);
  cp.command('export')
    .description(t('cli.cp.export.description'))
    .argument('<pfmeaNum>', t('cli.cp.arg_pfmea_num'))
    .argument('<file>', t('cli.arg_xlsx_out'))
    .addOption(phaseOption(t('cli.cp.option_phase')))
    .option('--bilingual', t('cli.cp.export.option_bilingual'))
    .action(async (pfmeaNum: string, path: string, options: { phase: ControlPlanPhase; bilingual?: boolean }, command: Command) => {
      const context = contextOf(command);
      assertExtension(path, ['.xlsx']);
      const { exportControlPlanWorkbook, getControlPlan, getProjectBySerialNumber } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, pfmeaNum);
      const progress = progressCallback(context.out, context.t('cli.cp.progress.export'));
      const bytes = await exportControlPlanWorkbook(ctx, project.id, { phase: options.phase, locale: context.locale, bilingual: options.bilingual === true, onProgress: progress.onProgress });
      await progress.done();
      const { lines } = await getControlPlan(ctx, project.id, { phase: options.phase });
      await writeOutputFile(path, bytes);
      const facts = { path, serialNum: project.serialNum, phase: options.phase, lines: lines.length };
      await context.out.printMessage(context.t('cli.cp.export.done', { ...facts, count: lines.length, phaseName: context.t(`controlPlan.phase.${options.phase}`) }), facts);
    });
}
