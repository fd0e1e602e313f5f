/**
 * `fmea role delete <role> [--yes]`: a role still held by users needs --yes
 * (conflict, exit 5, otherwise); the default admin role is protected.
 */
import type { Command } from 'commander';
import { ConflictError, isDomainError } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';

export function registerRoleDelete(role: Command): void {
  const { t } = contextOf(role);
  role
    .command('delete')
    .description(t('cli.role.delete.description'))
    .argument('<role>', t('cli.role.arg_role'))
    .option('--yes', t('cli.role.delete.option_yes'))
    .action(async (name: string, options: { yes?: boolean }, command: Command) => {
      const context = contextOf(command);
      const { deleteRole } = await import('@fmea/core/services');
      try {
        await deleteRole(await context.services(), name, { confirm: options.yes === true });
      } catch (error) {
        // core asks to "confirm"; on the command line that means --yes
        if (isDomainError(error) && error.messageKey === 'role.has_users') throw new ConflictError('cli.role.delete.confirm', error.params);
        throw error;
      }
      await context.out.printMessage(context.t('cli.role.delete.done', { role: name }), { role: name, deleted: true });
    });
}
