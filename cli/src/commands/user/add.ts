/**
 * `fmea user add <userName> [--real-name …] [--real-name-en …] [--role a b] [--password-stdin]`:
 * passwords never come from argv; without --password-stdin one is generated
 * and shown once.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseList, readFirstLine } from '../../shared/options.ts';
import { userLabels, userRecord } from './present.ts';

interface UserAddOptions {
  readonly realName?: string;
  readonly realNameEn?: string;
  readonly site?: string;
  readonly department?: string;
  readonly role?: string[];
  readonly email?: string;
  readonly mobile?: string;
  readonly jobNumber?: string;
  readonly passwordStdin?: boolean;
}

export function registerUserAdd(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('add')
    .description(t('cli.user.add.description'))
    .argument('<userName>', t('cli.user.arg_user_name'))
    .option('--real-name <name>', t('cli.user.option_real_name'))
    .option('--real-name-en <name>', t('cli.user.option_real_name_en'))
    .option('--site <site>', t('cli.user.option_site'))
    .option('--department <department>', t('cli.user.option_department'))
    .option('--role <name...>', t('cli.user.option_role'))
    .option('--email <email>', t('cli.user.option_email'))
    .option('--mobile <mobile>', t('cli.user.option_mobile'))
    .option('--job-number <number>', t('cli.user.option_job_number'))
    .option('--password-stdin', t('cli.user.option_password_stdin'))
    .action(async (userName: string, options: UserAddOptions, command: Command) => {
      const context = contextOf(command);
      const password = options.passwordStdin ? await readFirstLine(context.io.stdin) : undefined;
      const { createUser } = await import('@fmea/core/services');
      const created = await createUser(await context.services(), {
        userName,
        realName: options.realName,
        realNameEn: options.realNameEn,
        site: options.site,
        department: options.department,
        roles: options.role?.flatMap((r) => parseList(r)),
        email: options.email,
        mobile: options.mobile,
        jobNumber: options.jobNumber,
        password,
      });
      await context.out.printRecord(userRecord(created.user, created.generatedPassword), userLabels(context.t));
    });
}
