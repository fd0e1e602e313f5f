/** `fmea dept add <site> <number> <name> [--name-en <name>]`. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerDeptAdd(dept: Command): void {
  const { t } = contextOf(dept);
  dept
    .command('add')
    .description(t('cli.dept.add.description'))
    .argument('<site>', t('cli.dept.arg_site'))
    .argument('<number>', t('cli.dept.arg_number'))
    .argument('<name>', t('cli.dept.arg_name'))
    .option('--name-en <name>', t('cli.option.name_en'))
    .action(async (site: string, number: string, name: string, options: { nameEn?: string }, command: Command) => {
      const context = contextOf(command);
      const { createDepartment, findSite } = await import('@fmea/core/services');
      const ctx = await context.services();
      const created = await createDepartment(ctx, { site, number, name, ...(options.nameEn === undefined ? {} : { nameEn: options.nameEn }) });
      const owner = await findSite(ctx.db, created.siteId);
      await context.out.printRecord(
        { id: created.id, site: owner.name, number: created.number, name: created.name, nameEn: created.nameEn },
        { id: context.t('cli.field.id'), site: context.t('cli.dept.field.site'), number: context.t('cli.dept.field.number'), name: context.t('cli.field.name'), nameEn: context.t('cli.field.name_en') },
      );
    });
}
