/** `fmea dashboard list`: every indicator the areas contribute, in the home page's order, on or off, with its sort and its name in the chosen language. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerDashboardList(dashboard: Command): void {
  const { t } = contextOf(dashboard);
  dashboard
    .command('list')
    .description(t('cli.dashboard.list.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { t: tr, locale } = context;
      const { listIndicatorSettings } = await import('@fmea/core/services');
      const { db } = await context.database();
      const rows = (await listIndicatorSettings(db)).map((i) => ({
        sort: i.sort,
        indicator: i.id,
        shown: i.enabled,
        shownText: tr(i.enabled ? 'cli.yes' : 'cli.no'),
        sortGroup: i.sortGroup,
        area: i.area,
        name: i.title[locale === 'en-US' ? 'en-US' : 'zh-CN'],
      }));
      await context.out.printTable(rows, [
        { header: tr('cli.dashboard.field.sort'), value: 'sort', align: 'right' },
        { header: tr('cli.dashboard.field.indicator'), value: 'indicator' },
        { header: tr('cli.dashboard.field.shown'), value: 'shownText' },
        { header: tr('cli.field.name'), value: 'name' },
      ]);
    });
}
