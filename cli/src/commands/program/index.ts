import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';
import { registerWorkbookExport, registerWorkbookImport } from './workbooks.ts';

/** `fmea program list|import|export` (issue 24): programs for admins and scripts. */
export function registerProgram(program: Command): void {
  const { t } = contextOf(program);
  const programs = program.command('program').description(t('cli.program.description'));
  const list = programs
    .command('list')
    .description(t('cli.program.list.description'))
    .option('--search <text>', t('cli.fta.list.option_search'))
    .option('--page <n>', t('cli.fta.list.option_page'))
    .option('--limit <n>', t('cli.fta.list.option_limit'));
  addAsOption(list).action(async (options: { search?: string; page?: string; limit?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { listPrograms } = await import('@fmea/core/services');
    const page = await listPrograms(await actingContext(context, options.as), { search: options.search, page: parseCount(options.page, '--page', 1), limit: parseCount(options.limit, '--limit', 1) ?? 50 });
    const tr = context.t;
    await context.out.printTable(
      page.items.map((p) => ({ programNum: p.programNum, programName: p.programName, owner: p.programOwnerName ?? '', sopDate: p.sopDate ?? '', dfmeaCount: p.dfmeaCount, pfmeaCount: p.pfmeaCount, taskCount: p.taskCount })),
      [
        { value: 'programNum', header: tr('cli.program.list.column_number') },
        { value: 'programName', header: tr('cli.program.list.column_name') },
        { value: 'owner', header: tr('cli.program.list.column_owner') },
        { value: 'sopDate', header: tr('cli.program.list.column_sop') },
        { value: 'dfmeaCount', header: 'DFMEA', align: 'right' },
        { value: 'pfmeaCount', header: 'PFMEA', align: 'right' },
        { value: 'taskCount', header: tr('cli.program.list.column_tasks'), align: 'right' },
      ],
      page,
    );
  });
  registerWorkbookImport(programs, 'program');
  registerWorkbookExport(programs, 'program');
}
