/** `fmea dept list [--site <site>]`: departments, all sites or one. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerDeptList(dept: Command): void {
  const { t } = contextOf(dept);
  dept
    .command('list')
    .description(t('cli.dept.list.description'))
    .option('--site <site>', t('cli.dept.list.option_site'))
    .action(async (options: { site?: string }, command: Command) => {
      const context = contextOf(command);
      const { listDepartments, listSites } = await import('@fmea/core/services');
      const ctx = await context.services();
      const departments = await listDepartments(ctx, options.site);
      // the table names sites and departments in the reader's language, the Chinese where there is no English (JSON keeps both)
      const english = context.locale === 'en-US';
      const siteNames = new Map((await listSites(ctx)).map((s) => [s.id, english && s.nameEn ? s.nameEn : s.name]));
      const rows = departments
        .map((d) => ({ id: d.id, site: siteNames.get(d.siteId) ?? d.siteId, number: d.number, name: d.name, nameEn: d.nameEn }))
        .sort((a, b) => a.site.localeCompare(b.site) || a.number.localeCompare(b.number));
      await context.out.printTable(rows, [
        { header: context.t('cli.dept.field.site'), value: 'site' },
        { header: context.t('cli.dept.field.number'), value: 'number' },
        { header: context.t('cli.field.name'), value: (d) => (english && d.nameEn ? d.nameEn : d.name) },
      ]);
    });
}
