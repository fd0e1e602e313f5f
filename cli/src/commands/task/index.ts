import { Option, type Command } from 'commander';
import { TASK_STATUS_KEYS } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';
import { registerWorkbookExport, registerWorkbookImport } from '../program/workbooks.ts';

const LISTS = ['todoList', 'launched', 'all', 'done', 'current', 'history'] as const;

/** `fmea task list|import|export` (issue 24): program tasks for admins and scripts. */
export function registerTask(program: Command): void {
  const { t } = contextOf(program);
  const tasks = program.command('task').description(t('cli.task.description'));
  const list = tasks
    .command('list')
    .description(t('cli.task.list.description'))
    .addOption(new Option('--list <name>', t('cli.task.list.option_list')).choices(LISTS).default('all'))
    .option('--program <number>', t('cli.task.export.option_program'))
    .option('--search <text>', t('cli.fta.list.option_search'))
    .option('--page <n>', t('cli.fta.list.option_page'))
    .option('--limit <n>', t('cli.fta.list.option_limit'));
  addAsOption(list).action(async (options: { list: (typeof LISTS)[number]; program?: string; search?: string; page?: string; limit?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { listTasks } = await import('@fmea/core/services');
    const page = await listTasks(await actingContext(context, options.as), { list: options.list, programId: options.program, search: options.search, page: parseCount(options.page, '--page', 1), limit: parseCount(options.limit, '--limit', 1) ?? 50 });
    const tr = context.t;
    await context.out.printTable(
      page.items.map((x) => ({ taskNum: x.taskNum, taskName: x.taskName, program: x.programNum ?? '', fmea: x.fmeaNum ?? '', handler: x.handlerName ?? '', plannedEnd: x.plannedEnd ?? '', status: tr(TASK_STATUS_KEYS[x.taskStatus]) })),
      [
        { value: 'taskNum', header: tr('cli.task.list.column_number') },
        { value: 'taskName', header: tr('cli.task.list.column_name') },
        { value: 'program', header: tr('cli.task.list.column_program') },
        { value: 'fmea', header: 'FMEA' },
        { value: 'handler', header: tr('cli.task.list.column_handler') },
        { value: 'plannedEnd', header: tr('cli.task.list.column_planned_end') },
        { value: 'status', header: tr('cli.task.list.column_status') },
      ],
      page,
    );
  });
  registerWorkbookImport(tasks, 'task');
  registerWorkbookExport(tasks, 'task');
}
