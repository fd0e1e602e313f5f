/**
 * `fmea problem import <file.xlsx> [--customer] [--accept-unmapped] [--max-mb <n>] [--as <user>]`: problems from a
 * workbook, one a row (issue 24). Every row is checked first: any bad row → every row-numbered error, exit 2,
 * nothing written; a column with data under no known header → listed, exit 2, nothing written, unless
 * --accept-unmapped. The new RS numbers are printed.
 */
import { Option, type Command } from 'commander';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerProblemImport(problem: Command): void {
  const { t } = contextOf(problem);
  const command = problem
    .command('import')
    .description(t('cli.problem.import.description'))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .option('--customer', t('cli.problem.option_customer'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .addOption(new Option('--max-mb <n>', t('cli.dfmea.import.option_max_mb')));
  addAsOption(command).action(async (path: string, options: { customer?: boolean; acceptUnmapped?: boolean; maxMb?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const limitBytes = await importLimitBytes(options.maxMb, context.io.env);
    const { assertSpreadsheet, importProblems } = await import('@fmea/core/services');
    const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limitBytes));
    const ctx = await actingContext(context, options.as);
    const result = await withUnmappedHint(() => importProblems(ctx, file.bytes, { customer: options.customer === true, acceptUnmapped: options.acceptUnmapped === true, limitBytes }));
    const unmapped = result.unmapped.map((issue) => ({ ...issue, message: translateIssueLine(context.locale, issue) }));
    await context.out.printLines(
      [
        context.t('cli.problem.import.summary', { created: result.created.length }),
        ...result.created.map((p) => `${p.problemNum}\t${p.brief}`),
        ...unmapped.map((u) => u.message),
      ],
      { created: result.created, unmapped },
    );
  });
}
