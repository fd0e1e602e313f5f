/** `fmea role add <name> [--name-en] [--type 0|1|2|3]`. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { roleLabels, roleRecord } from './present.ts';

export function registerRoleAdd(role: Command): void {
  const { t } = contextOf(role);
  role
    .command('add')
    .description(t('cli.role.add.description'))
    .argument('<name>', t('cli.role.arg_name'))
    .option('--name-en <name>', t('cli.option.name_en'))
    .option('--type <type>', t('cli.role.add.option_type'), '2')
    .action(async (name: string, options: { nameEn?: string; type: string }, command: Command) => {
      const context = contextOf(command);
      const { schema } = await import('@fmea/core/db');
      const roleType = schema.ROLE_TYPE_CODES.find((type) => type === options.type.trim());
      if (!roleType) throw new UsageError('cli.role.add.type_invalid', { value: options.type });
      const { createRole } = await import('@fmea/core/services');
      const created = await createRole(await context.services(), { name, nameEn: options.nameEn, roleType });
      await context.out.printRecord(roleRecord(context.t, { ...created, userCount: 0, permissions: [] }), roleLabels(context.t));
    });
}
