/** `fmea user delete <user>`: the default admin is protected (conflict, exit 5). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerUserDelete(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('delete')
    .description(t('cli.user.delete.description'))
    .argument('<user>', t('cli.user.arg_user'))
    .action(async (name: string, _options: object, command: Command) => {
      const context = contextOf(command);
      const { deleteUser } = await import('@fmea/core/services');
      await deleteUser(await context.services(), name);
      await context.out.printMessage(context.t('cli.user.delete.done', { user: name }), { user: name, deleted: true });
    });
}
