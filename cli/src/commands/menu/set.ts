/**
 * `fmea menu set <route> [--title <t>] [--title-en <t>] [--icon <name>] [--sort <n>] [--hidden | --shown] [--reset]`:
 * what an administrator may change on one menu; --reset gives every field back to the definition. A bad value
 * or an unknown route exits 2 and changes nothing. Route, path and buttons are the work area's.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

interface SetOptions {
  title?: string;
  titleEn?: string;
  icon?: string;
  sort?: string;
  hidden?: boolean;
  shown?: boolean;
  reset?: boolean;
}

export function registerMenuSet(menu: Command): void {
  const { t } = contextOf(menu);
  menu
    .command('set')
    .description(t('cli.menu.set.description'))
    .argument('<route>', t('cli.menu.set.arg_route'))
    .option('--title <text>', t('cli.menu.set.option_title'))
    .option('--title-en <text>', t('cli.menu.set.option_title_en'))
    .option('--icon <name>', t('cli.menu.set.option_icon'))
    .option('--sort <n>', t('cli.menu.set.option_sort'))
    .option('--hidden', t('cli.menu.set.option_hidden'))
    .option('--shown', t('cli.menu.set.option_shown'))
    .option('--reset', t('cli.menu.set.option_reset'))
    .action(async (route: string, options: SetOptions, command: Command) => {
      const context = contextOf(command);
      const { setMenuOverride } = await import('@fmea/core/services');
      const ctx = await context.services();
      const patch = options.reset
        ? { title: null, titleEn: null, icon: null, hidden: null, sort: null }
        : {
            title: options.title,
            titleEn: options.titleEn,
            icon: options.icon,
            sort: options.sort === undefined ? undefined : Number(options.sort),
            hidden: options.hidden ? true : options.shown ? false : undefined,
          };
      const saved = await setMenuOverride(ctx, route, patch);
      const title = context.locale === 'en-US' ? saved.titleEn : saved.title;
      const hidden = context.t(saved.hidden ? 'cli.yes' : 'cli.no');
      await context.out.printMessage(context.t('cli.menu.set.done', { route, title, sort: saved.sort, hidden }), { route, title: saved.title, titleEn: saved.titleEn, icon: saved.icon, sort: saved.sort, hidden: saved.hidden });
    });
}
