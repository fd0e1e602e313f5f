/**
 * `fmea dashboard set <indicator> [--sort <n>] [--on | --off]`: one indicator's place and whether the home page
 * shows it; an unknown indicator or a sort another indicator holds outside its sort group exits 2 and changes nothing.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

interface SetOptions {
  sort?: string;
  on?: boolean;
  off?: boolean;
}

export function registerDashboardSet(dashboard: Command): void {
  const { t } = contextOf(dashboard);
  dashboard
    .command('set')
    .description(t('cli.dashboard.set.description'))
    .argument('<indicator>', t('cli.dashboard.set.arg_indicator'))
    .option('--sort <n>', t('cli.dashboard.set.option_sort'))
    .option('--on', t('cli.dashboard.set.option_on'))
    .option('--off', t('cli.dashboard.set.option_off'))
    .action(async (indicator: string, options: SetOptions, command: Command) => {
      const context = contextOf(command);
      const { listIndicatorSettings, saveIndicatorSettings } = await import('@fmea/core/services');
      const ctx = await context.services();
      const current = (await listIndicatorSettings(ctx.db)).find((i) => i.id === indicator);
      // an unknown indicator is refused by the service with its message (sort and state do not matter then)
      const sort = options.sort === undefined ? (current?.sort ?? 1) : Number(options.sort);
      const enabled = options.off ? false : options.on ? true : (current?.enabled ?? true);
      const saved = (await saveIndicatorSettings(ctx, [{ indicator, enabled, sort }])).find((i) => i.id === indicator)!;
      const shown = context.t(saved.enabled ? 'cli.yes' : 'cli.no');
      await context.out.printMessage(context.t('cli.dashboard.set.done', { indicator, sort: saved.sort, shown }), { indicator, sort: saved.sort, shown: saved.enabled });
    });
}
