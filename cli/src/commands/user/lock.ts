/** `fmea user lock <user>` and `fmea user unlock <user>` (unlocking clears the failed sign-in count). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { userRecord } from './present.ts';

export function registerUserLock(user: Command): void {
  const { t } = contextOf(user);
  for (const locked of [true, false]) {
    const name = locked ? 'lock' : 'unlock';
    user
      .command(name)
      .description(t(`cli.user.${name}.description`))
      .argument('<user>', t('cli.user.arg_user'))
      .action(async (target: string, _options: object, command: Command) => {
        const context = contextOf(command);
        const { setUserLocked } = await import('@fmea/core/services');
        const view = await setUserLocked(await context.services(), target, locked);
        await context.out.printMessage(context.t(`cli.user.${name}.done`, { userName: view.userName }), userRecord(view));
      });
  }
}
