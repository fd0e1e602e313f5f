/** `fmea workflow list`: every FMEA type and catalog type with its review requirements, as `fmea workflow set` takes them. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerWorkflowList(workflow: Command): void {
  const { t } = contextOf(workflow);
  workflow
    .command('list')
    .description(t('cli.workflow.list.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const { listWorkflowSettings } = await import('@fmea/core/services');
      const { db } = await context.database();
      const settings = await listWorkflowSettings(db);
      const onOff = (b: boolean) => (b ? 'on' : 'off');
      const ranks = (list: readonly string[]) => (list.length ? list.join(',') : '-');
      const rows = [
        ...settings.fmea.map((s) => ({
          key: s.kind,
          scope: 'fmea',
          settings: `--countersign ${onOff(s.countersign)} --release ${s.release} --members-only ${onOff(s.nominees.membersOnly)} --same-site ${onOff(s.nominees.sameSite)} --reviewer-ranks ${ranks(s.nominees.reviewerRoleTypes)} --approver-ranks ${ranks(s.nominees.approverRoleTypes)}`,
          ...s,
        })),
        ...settings.catalog.map((s) => ({ key: s.type, scope: 'catalog', settings: `--audit ${onOff(s.audit)}`, ...s })),
      ];
      await context.out.printTable(rows, [
        { header: tr('cli.workflow.field.scope'), value: 'scope' },
        { header: tr('cli.workflow.field.key'), value: 'key' },
        { header: tr('cli.workflow.field.settings'), value: 'settings' },
      ]);
    });
}
