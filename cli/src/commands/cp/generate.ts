/**
 * `fmea cp generate <pfmeaNum> [--phase]`: the control plan of a phase
 * generated from the PFMEA as it stands (core's `generateControlPlan`, the
 * browser's "Generate"): a line for every characteristic of a process step
 * that has none yet, existing lines kept. Says how many were added.
 */
import type { Command } from 'commander';
import type { ControlPlanPhase } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { phaseOption } from './phase.ts';

export function registerCpGenerate(cp: Command): void {
  const { t } = contextOf(cp);
  cp.command('generate')
    .description(t('cli.cp.generate.description'))
    .argument('<pfmeaNum>', t('cli.cp.arg_pfmea_num'))
    .addOption(phaseOption(t('cli.cp.option_phase')))
    .action(async (pfmeaNum: string, options: { phase: ControlPlanPhase }, command: Command) => {
      const context = contextOf(command);
      const { generateControlPlan, getProjectBySerialNumber } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, pfmeaNum);
      const plan = await generateControlPlan(ctx, project.id, { phase: options.phase });
      const facts = { serialNum: project.serialNum, phase: options.phase, added: plan.added, lines: plan.lines.length };
      await context.out.printMessage(context.t('cli.cp.generate.done', { ...facts, phaseName: context.t(`controlPlan.phase.${options.phase}`) }), facts);
    });
}
