/** `fmea problem list [--customer] [--search <text>] [--status <s,…>] [--page <n>] [--limit <n>] [--as <user>]`: problems, newest change first (issue 24). */
import { Option, type Command } from 'commander';
import { PROBLEM_STATUSES, problemLabelKey, type ProblemStatus } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';
import { statusesOf } from './shared.ts';

export function registerProblemList(problem: Command): void {
  const { t } = contextOf(problem);
  const command = problem
    .command('list')
    .description(t('cli.problem.list.description'))
    .option('--customer', t('cli.problem.option_customer'))
    .option('--search <text>', t('cli.problem.list.option_search'))
    .addOption(new Option('--status <statuses>', t('cli.problem.option_status', { statuses: PROBLEM_STATUSES.join(', ') })))
    .option('--page <n>', t('cli.fta.list.option_page'))
    .option('--limit <n>', t('cli.fta.list.option_limit'));
  addAsOption(command).action(async (options: { customer?: boolean; search?: string; status?: string; page?: string; limit?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const status: ProblemStatus[] | undefined = statusesOf(options.status);
    const { listProblems } = await import('@fmea/core/services');
    const page = await listProblems(await actingContext(context, options.as), {
      kind: options.customer ? 'customer' : 'internal',
      search: options.search,
      status,
      page: parseCount(options.page, '--page', 1),
      limit: parseCount(options.limit, '--limit', 1) ?? 50,
    });
    const tr = context.t;
    await context.out.printTable(
      page.items.map((p) => ({
        problemNum: p.problemNum,
        brief: p.brief,
        type: tr(problemLabelKey('type', p.type)),
        status: tr(problemLabelKey('status', p.status)),
        responsible: p.responsibleName ?? '',
        happened: p.happenedAt ? p.happenedAt.toISOString().slice(0, 10) : '',
      })),
      [
        { value: 'problemNum', header: tr('cli.problem.list.column_number') },
        { value: 'brief', header: tr('cli.problem.list.column_brief') },
        { value: 'type', header: tr('cli.problem.list.column_type') },
        { value: 'status', header: tr('cli.problem.list.column_status') },
        { value: 'responsible', header: tr('cli.problem.list.column_responsible') },
        { value: 'happened', header: tr('cli.problem.list.column_happened') },
      ],
      page,
    );
  });
}
