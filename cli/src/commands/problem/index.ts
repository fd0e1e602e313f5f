import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerProblemExport } from './export.ts';
import { registerProblemImport } from './import.ts';
import { registerProblemList } from './list.ts';

/** `fmea problem …`: problems handled by 8D (issue 24) listed, exported and imported as workbooks, and one 8D report. */
export function registerProblem(program: Command): void {
  const { t } = contextOf(program);
  const problem = program.command('problem').description(t('cli.problem.description'));
  registerProblemList(problem);
  registerProblemExport(problem);
  registerProblemImport(problem);
}
