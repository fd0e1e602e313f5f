/** `fmea ewo list [--search <text>] [--open|--closed] [--page <n>] [--limit <n>] [--as <user>]`: engineering changes, newest change first (issue 24). */
import type { Command } from 'commander';
import { EWO_STATE_KEYS } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerEwoList(ewo: Command): void {
  const { t } = contextOf(ewo);
  const command = ewo
    .command('list')
    .description(t('cli.ewo.list.description'))
    .option('--search <text>', t('cli.ewo.list.option_search'))
    .option('--open', t('cli.ewo.list.option_open'))
    .option('--closed', t('cli.ewo.list.option_closed'))
    .option('--page <n>', t('cli.ewo.list.option_page'))
    .option('--limit <n>', t('cli.ewo.list.option_limit'));
  addAsOption(command).action(async (options: { search?: string; open?: boolean; closed?: boolean; page?: string; limit?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { listEwos } = await import('@fmea/core/services');
    const { translate } = await import('@fmea/core/i18n');
    const openStatus = options.closed ? 'closed' : options.open ? 'open' : undefined;
    const page = await listEwos(await actingContext(context, options.as), { search: options.search, openStatus, page: parseCount(options.page, '--page', 1), limit: parseCount(options.limit, '--limit', 1) ?? 50 });
    const tr = context.t;
    await context.out.printTable(
      page.items.map((e) => ({
        ewoNum: e.ewoNum,
        description: e.description,
        ewoType: translate(context.locale, `ewo.type.${e.ewoType}`),
        tracker: e.trackerName,
        closingDate: e.closingDate ?? '',
        status: translate(context.locale, EWO_STATE_KEYS[e.status]),
      })),
      [
        { value: 'ewoNum', header: tr('cli.ewo.list.column_number') },
        { value: 'description', header: tr('cli.ewo.list.column_description') },
        { value: 'ewoType', header: tr('cli.ewo.list.column_type') },
        { value: 'tracker', header: tr('cli.ewo.list.column_tracker') },
        { value: 'closingDate', header: tr('cli.ewo.list.column_closing_date') },
        { value: 'status', header: tr('cli.ewo.list.column_status') },
      ],
      page,
    );
  });
}
