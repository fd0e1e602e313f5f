/**
 * `fmea problem export -o <file.xlsx> [--customer] [--search <text>] [--status <s,…>] [--as <user>]`: the problem
 * list as a workbook (what `fmea problem import` reads back); `fmea problem export <problemNum> -o <file.xlsx>`:
 * that problem's 8D report laid out as a customer 8D form (issue 24). Headers in the run's language.
 */
import { Option, type Command } from 'commander';
import { PROBLEM_STATUSES } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';
import { statusesOf } from './shared.ts';

export function registerProblemExport(problem: Command): void {
  const { t } = contextOf(problem);
  const command = problem
    .command('export')
    .description(t('cli.problem.export.description'))
    .argument('[problemNum]', t('cli.problem.export.argument_problem'))
    .requiredOption('-o, --output <file.xlsx>', t('cli.problem.export.option_output'))
    .option('--customer', t('cli.problem.option_customer'))
    .option('--search <text>', t('cli.problem.list.option_search'))
    .addOption(new Option('--status <statuses>', t('cli.problem.option_status', { statuses: PROBLEM_STATUSES.join(', ') })));
  addAsOption(command).action(async (problemNum: string | undefined, options: { output: string; customer?: boolean; search?: string; status?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    assertExtension(options.output, ['.xlsx']);
    const status = statusesOf(options.status);
    const { exportProblemReport, exportProblems } = await import('@fmea/core/services');
    const ctx = await actingContext(context, options.as);
    if (problemNum !== undefined) {
      const { fileName, data } = await exportProblemReport(ctx, problemNum, context.locale);
      await writeOutputFile(options.output, data);
      await context.out.printMessage(context.t('cli.problem.export.report_done', { problem: problemNum, path: options.output }), { fileName, path: options.output });
      return;
    }
    const { data, count } = await exportProblems(ctx, { kind: options.customer ? 'customer' : 'internal', search: options.search, status }, context.locale);
    await writeOutputFile(options.output, data);
    await context.out.printMessage(context.t('cli.problem.export.done', { count, path: options.output }), { count, path: options.output });
  });
}
