/** `fmea pfd renumber <pfmeaNum>`: numbers a PFMEA's process steps anew in steps of 10 along the flow (docs/domain/pfmea.md, "Renumbering"). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerPfdRenumber(pfd: Command): void {
  const { t } = contextOf(pfd);
  pfd
    .command('renumber')
    .description(t('cli.pfd.renumber.description'))
    .argument('<pfmeaNum>', t('cli.pfd.arg_pfmea_num'))
    .action(async (pfmeaNum: string, _options: unknown, command: Command) => {
      const context = contextOf(command);
      const { getProjectBySerialNumber, readProcessFlow, renumberSteps } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, pfmeaNum);
      const before = new Map((await readProcessFlow(ctx, project.id)).flow.steps.map((s) => [s.id, s.processNo]));
      const flow = await renumberSteps(ctx, project.id);
      const changed = flow.steps.filter((s) => before.get(s.id) !== s.processNo);
      const facts = { serialNum: project.serialNum, count: changed.length, steps: flow.steps.map((s) => ({ id: s.id, processNo: s.processNo, name: s.name })) };
      await context.out.printMessage(context.t('cli.pfd.renumber.done', { serialNum: project.serialNum, count: changed.length }), facts);
    });
}
