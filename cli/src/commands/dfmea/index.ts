import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerDfmeaExport } from './export.ts';
import { registerDfmeaImport } from './import.ts';
import { registerDfmeaList } from './list.ts';

/** `fmea dfmea …`: DFMEA projects, and their AIAG-VDA form workbooks in and out. */
export function registerDfmea(program: Command): void {
  const { t } = contextOf(program);
  const dfmea = program.command('dfmea').description(t('cli.dfmea.description'));
  registerDfmeaList(dfmea);
  registerDfmeaExport(dfmea);
  registerDfmeaImport(dfmea);
}
