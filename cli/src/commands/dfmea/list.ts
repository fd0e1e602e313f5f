/** `fmea dfmea list [--search] [--page] [--limit]`: DFMEA projects, newest change first; JSON gives the page object. */
import type { Command } from 'commander';
import type { ProjectListItem } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';

interface DfmeaListOptions {
  readonly search?: string;
  readonly page?: string;
  readonly limit?: string;
}

export function registerDfmeaList(dfmea: Command): void {
  const { t } = contextOf(dfmea);
  dfmea
    .command('list')
    .description(t('cli.dfmea.list.description'))
    .option('--search <text>', t('cli.dfmea.list.option_search'))
    .option('--page <n>', t('cli.option.page'), '1')
    .option('--limit <n>', t('cli.option.limit'), '20')
    .action(async (options: DfmeaListOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const page = parseCount(options.page, '--page');
      const limit = parseCount(options.limit, '--limit');
      const { listProjects } = await import('@fmea/core/services');
      const result = await listProjects(await context.services(), { tab: 'all', projectTypes: ['dfmea'], search: options.search, page, limit });
      await context.out.printTable<ProjectListItem>(
        result.items,
        [
          { header: tr('cli.dfmea.field.serial_num'), value: 'serialNum' },
          { header: tr('cli.dfmea.field.name'), value: 'name' },
          { header: tr('cli.dfmea.field.customer'), value: 'customer' },
          { header: tr('cli.dfmea.field.stage'), value: 'stage' },
          { header: tr('cli.dfmea.field.responsible'), value: 'responsibleName' },
          { header: tr('cli.dfmea.field.updated_at'), value: 'updatedAt' },
        ],
        result,
      );
      const pages = Math.max(1, Math.ceil(result.total / result.limit));
      await context.out.printMessage(tr('cli.list.footer', { total: result.total, page: result.page, pages }));
    });
}
