/** `fmea user show <user>`: one user by name or id (never a password hash). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { userLabels, userRecord } from './present.ts';

export function registerUserShow(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('show')
    .description(t('cli.user.show.description'))
    .argument('<user>', t('cli.user.arg_user'))
    .action(async (name: string, _options: object, command: Command) => {
      const context = contextOf(command);
      const { getUser } = await import('@fmea/core/services');
      const view = await getUser(await context.services(), name);
      await context.out.printRecord(userRecord(view), userLabels(context.t));
    });
}
