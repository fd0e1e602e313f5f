/**
 * `fmea user reset-password <user> [--password-stdin]`: sets the password
 * read from stdin, or a generated one shown once; the user must change it at
 * the next sign-in, and a locked account is unlocked.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { readFirstLine } from '../../shared/options.ts';

export function registerUserResetPassword(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('reset-password')
    .description(t('cli.user.reset_password.description'))
    .argument('<user>', t('cli.user.arg_user'))
    .option('--password-stdin', t('cli.user.option_password_stdin'))
    .action(async (name: string, options: { passwordStdin?: boolean }, command: Command) => {
      const context = contextOf(command);
      const password = options.passwordStdin ? await readFirstLine(context.io.stdin) : undefined;
      const { resetPassword } = await import('@fmea/core/services');
      const result = await resetPassword(await context.services(), name, password);
      const text =
        result.generatedPassword === undefined
          ? context.t('cli.user.reset_password.done', { userName: result.userName })
          : context.t('cli.user.reset_password.generated', { userName: result.userName, password: result.generatedPassword });
      await context.out.printMessage(text, result);
    });
}
