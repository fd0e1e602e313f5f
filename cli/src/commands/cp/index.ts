import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerCpExport } from './export.ts';
import { registerCpGenerate } from './generate.ts';
import { registerCpImport } from './import.ts';

/** `fmea cp …`: the control plan of a PFMEA generated from it, and as the AIAG control plan workbook, out and in. */
export function registerCp(program: Command): void {
  const { t } = contextOf(program);
  const cp = program.command('cp').description(t('cli.cp.description'));
  registerCpGenerate(cp);
  registerCpExport(cp);
  registerCpImport(cp);
}
