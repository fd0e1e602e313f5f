/**
 * `fmea cp export <pfmeaNum> <file.xlsx> [--phase] [--bilingual]`: the control plan of a phase as the AIAG control
 * plan form, with progress, written atomically. A plan with no lines (not generated yet) is refused, exit 3, naming
 * `fmea cp generate`.
 */
import type { Command } from 'commander';
import type { ControlPlanPhase } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { EXIT_CODES, type CliFailure } from '../../errors.ts';
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
      const phaseName = context.t(`controlPlan.phase.${options.phase}`);
      // a plan with no lines has not been generated: a form with no lines is no control plan, so nothing is written
      const { lines } = await getControlPlan(ctx, project.id, { phase: options.phase });
      if (lines.length === 0) {
        const message = context.t('cli.cp.export.not_generated', { serialNum: project.serialNum, phase: options.phase, phaseName });
        throw { code: 'not_found', message, issues: [], exitCode: EXIT_CODES.not_found } satisfies CliFailure;
      }
      const progress = progressCallback(context.out, context.t('cli.cp.progress.export'));
      const bytes = await exportControlPlanWorkbook(ctx, project.id, { phase: options.phase, locale: context.locale, bilingual: options.bilingual === true, onProgress: progress.onProgress });
      await progress.done();
      await writeOutputFile(path, bytes);
      const facts = { path, serialNum: project.serialNum, phase: options.phase, lines: lines.length };
      await context.out.printMessage(context.t('cli.cp.export.done', { ...facts, count: lines.length, phaseName }), facts);
    });
}
