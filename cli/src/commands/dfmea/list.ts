/**
 * `fmea dfmea list [--search] [--page] [--limit]`: DFMEA projects, newest
 * change first; customer and stage by their dictionary names and the last
 * change in local format, in the CLI's language. JSON gives the page object, each item with its codes and `labels`.
 */
import type { Command } from 'commander';
import type { ProjectLabels, ProjectListItem } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { formatDateTime } from '../../ui/index.ts';

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
      const { listProjects, projectLabeler } = await import('@fmea/core/services');
      const ctx = await context.services();
      const result = await listProjects(ctx, { tab: 'all', projectTypes: ['dfmea'], search: options.search, page, limit });
      const label = await projectLabeler(ctx.db, context.locale);
      const items = result.items.map((item) => ({ ...item, labels: label(item) }));
      await context.out.printTable<ProjectListItem & { labels: ProjectLabels }>(
        items,
        [
          { header: tr('cli.dfmea.field.serial_num'), value: 'serialNum' },
          { header: tr('cli.dfmea.field.name'), value: 'name' },
          { header: tr('cli.dfmea.field.customer'), value: (p) => p.labels.customer ?? '' },
          { header: tr('cli.dfmea.field.stage'), value: (p) => p.labels.stage ?? '' },
          { header: tr('cli.dfmea.field.responsible'), value: 'responsibleName' },
          { header: tr('cli.dfmea.field.updated_at'), value: (p) => formatDateTime(p.updatedAt, context.locale, context.io.env) },
        ],
        { ...result, items },
      );
      const pages = Math.max(1, Math.ceil(result.total / result.limit));
      await context.out.printMessage(tr('cli.list.footer', { total: result.total, page: result.page, pages }));
    });
}
