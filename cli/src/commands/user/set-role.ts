/** `fmea user set-role <user> <role...>`: replaces the user's roles. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseList } from '../../shared/options.ts';
import { userRecord } from './present.ts';

export function registerUserSetRole(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('set-role')
    .description(t('cli.user.set_role.description'))
    .argument('<user>', t('cli.user.arg_user'))
    .argument('<role...>', t('cli.user.set_role.arg_roles'))
    .action(async (name: string, roles: string[], _options: object, command: Command) => {
      const context = contextOf(command);
      const { setUserRoles } = await import('@fmea/core/services');
      const view = await setUserRoles(await context.services(), name, roles.flatMap((r) => parseList(r)));
      await context.out.printMessage(
        context.t('cli.user.set_role.done', { userName: view.userName, roles: view.roleNames.join(', ') }),
        userRecord(view),
      );
    });
}
