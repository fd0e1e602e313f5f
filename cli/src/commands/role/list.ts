/** `fmea role list`: every role with its user count and granted routes (buttons in brackets). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { roleColumns } from './present.ts';

export function registerRoleList(role: Command): void {
  const { t } = contextOf(role);
  role
    .command('list')
    .description(t('cli.role.list.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { listRoles } = await import('@fmea/core/services');
      const roles = await listRoles(await context.services());
      await context.out.printTable(roles, roleColumns(context.t));
    });
}
