/**
 * `fmea menu list`: every menu the work areas define, areas before their pages, with the administrator's title,
 * hidden flag and sort (marked * where overridden), the buttons and the resources (the API calls the route and
 * each button opens, read from the API's own access rules as the Menus and resources page reads them).
 */
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
      const [{ listMenuEntries }, { apiResources }] = await Promise.all([import('@fmea/core/services'), import('@fmea/api')]);
      const { db } = await context.database();
      const resources = await apiResources();
      const calls = (list: readonly { method: string; path: string }[]) => list.map((r) => `${r.method} ${r.path}`).join(', ');
      const mark = (changed: boolean) => (changed ? '*' : '');
      const rows = (await listMenuEntries(db)).map((m) => {
        const own = resources.get(m.routeName);
        const opened = { route: own?.route ?? [], buttons: Object.fromEntries(m.buttons.map((b) => [b, own?.buttons[b] ?? []])) };
        const resourcesText = [
          ...(opened.route.length ? [`${tr('cli.menu.resources_route')}: ${calls(opened.route)}`] : []),
          ...m.buttons.filter((b) => opened.buttons[b]!.length).map((b) => `${b}: ${calls(opened.buttons[b]!)}`),
        ].join('; ');
        return {
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
          resources: opened,
          resourcesText,
        };
      });
      await context.out.printTable(rows, [
        { header: tr('cli.menu.field.route'), value: 'routeName' },
        { header: tr('cli.field.name'), value: 'titleText' },
        { header: tr('cli.menu.field.hidden'), value: 'hiddenText' },
        { header: tr('cli.menu.field.sort'), value: 'sortText', align: 'right' },
        { header: tr('cli.menu.field.buttons'), value: 'buttonsText' },
        { header: tr('cli.menu.field.resources'), value: 'resourcesText' },
      ]);
    });
}
