/**
 * `fmea dfmea msr <projectNum>`: the FMEA-MSR form of a project whose kind has
 * the MSR steps (docs/domain/msr.md), one row per failure cause: S of its most
 * severe effect, F, M, the MSR AP from the stored MSR rules, the monitoring and
 * response, and the ratings and AP after the MSR actions. JSON gives the rows
 * as the API's /api/fmea/msr does. The workbook (`fmea dfmea export`) carries
 * the same as its FMEA-MSR sheet.
 */
import type { Command } from 'commander';
import type { MsrRow } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';

export function registerDfmeaMsr(dfmea: Command): void {
  const { t } = contextOf(dfmea);
  dfmea
    .command('msr')
    .description(t('cli.dfmea.msr.description'))
    .argument('<projectNum>', t('cli.dfmea.arg_project_num'))
    .action(async (projectNum: string, _options: unknown, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const { getProjectBySerialNumber, readMsr } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, projectNum);
      const form = await readMsr(ctx, project.id);
      const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
      await context.out.printTable<MsrRow>(
        [...form.rows],
        [
          { header: tr('cli.dfmea.msr.field.cause'), value: 'cause' },
          { header: tr('cli.dfmea.msr.field.effect'), value: (r) => text(r.effect) },
          { header: 'S', value: (r) => text(r.severity) },
          { header: 'F', value: (r) => text(r.frequency) },
          { header: 'M', value: (r) => text(r.monitoring) },
          { header: tr('cli.dfmea.msr.field.ap'), value: (r) => text(r.ap) },
          { header: tr('cli.dfmea.msr.field.monitoring'), value: (r) => r.monitoringControls.map((c) => c.description).join('; ') },
          { header: tr('cli.dfmea.msr.field.response'), value: (r) => r.responseControls.map((c) => c.description).join('; ') },
          { header: tr('cli.dfmea.msr.field.ap_after'), value: (r) => text(r.after?.ap) },
        ],
        { serialNum: project.serialNum, msr: form.msr, rows: form.rows },
      );
      if (!form.msr) await context.out.printMessage(tr('cli.dfmea.msr.none', { serialNum: project.serialNum }));
    });
}
