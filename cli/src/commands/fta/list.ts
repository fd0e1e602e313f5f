/** `fmea fta list [--search <text>] [--page <n>] [--limit <n>] [--as <user>]`: the stored fault trees, newest change first (issue 23). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerFtaList(fta: Command): void {
  const { t } = contextOf(fta);
  const command = fta
    .command('list')
    .description(t('cli.fta.list.description'))
    .option('--search <text>', t('cli.fta.list.option_search'))
    .option('--page <n>', t('cli.fta.list.option_page'))
    .option('--limit <n>', t('cli.fta.list.option_limit'));
  addAsOption(command).action(async (options: { search?: string; page?: string; limit?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { listFtaTrees } = await import('@fmea/core/services');
    const page = await listFtaTrees(await actingContext(context, options.as), { search: options.search, page: parseCount(options.page, '--page', 1), limit: parseCount(options.limit, '--limit', 1) ?? 50 });
    const tr = context.t;
    await context.out.printTable(
      page.items.map((tree) => ({ ftaNum: tree.ftaNum, name: tree.name, gates: tree.gateCount, events: tree.basicEventCount, missionTime: tree.missionTime, project: tree.projectNum ?? '', status: tree.status })),
      [
        { value: 'ftaNum', header: tr('cli.fta.list.column_number') },
        { value: 'name', header: tr('cli.fta.list.column_name') },
        { value: 'gates', header: tr('cli.fta.list.column_gates'), align: 'right' },
        { value: 'events', header: tr('cli.fta.list.column_events'), align: 'right' },
        { value: 'missionTime', header: tr('cli.fta.list.column_mission_time'), align: 'right' },
        { value: 'project', header: tr('cli.fta.list.column_project') },
        { value: 'status', header: tr('cli.fta.list.column_status') },
      ],
      page,
    );
  });
}
