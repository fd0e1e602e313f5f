/** `fmea menu list`: every menu the work areas define, areas before their pages, with the administrator's title, hidden flag and sort (marked * where overridden) and the buttons. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerMenuList(menu: Command): void {
  const { t } = contextOf(menu);
  menu
    .command('list')
    .description(t('cli.menu.list.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { t: tr, locale } = context;
      const { listMenuEntries } = await import('@fmea/core/services');
      const { db } = await context.database();
      const mark = (changed: boolean) => (changed ? '*' : '');
      const rows = (await listMenuEntries(db)).map((m) => ({
        routeName: m.routeName,
        parentRouteName: m.parentRouteName,
        path: m.path,
        title: m.title,
        titleEn: m.titleEn,
        icon: m.icon,
        hidden: m.hidden,
        sort: m.sort,
        buttons: [...m.buttons],
        overridden: [...m.overridden],
        titleText: `${m.parentRouteName ? '  ' : ''}${locale === 'en-US' ? m.titleEn : m.title}${mark(m.overridden.includes(locale === 'en-US' ? 'titleEn' : 'title'))}`,
        hiddenText: `${tr(m.hidden ? 'cli.yes' : 'cli.no')}${mark(m.overridden.includes('hidden'))}`,
        sortText: `${m.sort}${mark(m.overridden.includes('sort'))}`,
        buttonsText: m.buttons.join(','),
      }));
      await context.out.printTable(rows, [
        { header: tr('cli.menu.field.route'), value: 'routeName' },
        { header: tr('cli.field.name'), value: 'titleText' },
        { header: tr('cli.menu.field.hidden'), value: 'hiddenText' },
        { header: tr('cli.menu.field.sort'), value: 'sortText', align: 'right' },
        { header: tr('cli.menu.field.buttons'), value: 'buttonsText' },
      ]);
    });
}
