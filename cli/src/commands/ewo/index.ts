import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerEwoExport } from './export.ts';
import { registerEwoImport } from './import.ts';
import { registerEwoList } from './list.ts';

/** `fmea ewo …`: engineering change orders (issue 24) listed, and their list out and in as a workbook, for admins and CI. */
export function registerEwo(program: Command): void {
  const { t } = contextOf(program);
  const ewo = program.command('ewo').description(t('cli.ewo.description'));
  registerEwoList(ewo);
  registerEwoImport(ewo);
  registerEwoExport(ewo);
}
