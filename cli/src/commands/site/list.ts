/** `fmea site list`: every site with its licence and user counts. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { siteColumns } from './present.ts';

export function registerSiteList(site: Command): void {
  const { t } = contextOf(site);
  site
    .command('list')
    .description(t('cli.site.list.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { listSites } = await import('@fmea/core/services');
      await context.out.printTable(await listSites(await context.services()), siteColumns(context.t));
    });
}
