/**
 * `fmea role grant <role> <routeName> [--buttons a,b]` adds (or widens) one
 * route grant; `fmea role revoke <role> <routeName>` removes it.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseList } from '../../shared/options.ts';

export function registerRoleGrant(role: Command): void {
  const { t } = contextOf(role);
  role
    .command('grant')
    .description(t('cli.role.grant.description'))
    .argument('<role>', t('cli.role.arg_role'))
    .argument('<routeName>', t('cli.role.arg_route'))
    .option('--buttons <list>', t('cli.role.grant.option_buttons'))
    .action(async (name: string, routeName: string, options: { buttons?: string }, command: Command) => {
      const context = contextOf(command);
      const { grantRoute } = await import('@fmea/core/services');
      const grant = await grantRoute(await context.services(), name, { routeName, buttons: parseList(options.buttons) });
      const buttons = grant.buttons.length > 0 ? grant.buttons.join(', ') : '-';
      await context.out.printMessage(context.t('cli.role.grant.done', { role: name, routeName, buttons }), { role: name, ...grant });
    });

  role
    .command('revoke')
    .description(t('cli.role.revoke.description'))
    .argument('<role>', t('cli.role.arg_role'))
    .argument('<routeName>', t('cli.role.arg_route'))
    .action(async (name: string, routeName: string, _options: object, command: Command) => {
      const context = contextOf(command);
      const { revokeRoute } = await import('@fmea/core/services');
      await revokeRoute(await context.services(), name, routeName);
      await context.out.printMessage(context.t('cli.role.revoke.done', { role: name, routeName }), { role: name, routeName });
    });
}
