/** `fmea site add <name> [--name-en] [--licences N]`. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { siteLabels, siteRecord } from './present.ts';

export function registerSiteAdd(site: Command): void {
  const { t } = contextOf(site);
  site
    .command('add')
    .description(t('cli.site.add.description'))
    .argument('<name>', t('cli.site.arg_name'))
    .option('--name-en <name>', t('cli.option.name_en'))
    .option('--licences <n>', t('cli.site.add.option_licences'), '0')
    .action(async (name: string, options: { nameEn?: string; licences: string }, command: Command) => {
      const context = contextOf(command);
      const licenceCount = parseCount(options.licences, '--licences', 0);
      const { createSite } = await import('@fmea/core/services');
      const created = await createSite(await context.services(), { name, nameEn: options.nameEn, licenceCount });
      await context.out.printRecord(siteRecord({ ...created, userCount: 0 }), siteLabels(context.t));
    });
}
