import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerDvpExport } from './export.ts';
import { registerDvpImport } from './import.ts';

/** `fmea dvp …`: a DVP&R plan out and in as the DVP&R workbook (issue 25), for admins and CI. */
export function registerDvp(program: Command): void {
  const { t } = contextOf(program);
  const dvp = program.command('dvp').description(t('cli.dvp.description'));
  registerDvpExport(dvp);
  registerDvpImport(dvp);
}
