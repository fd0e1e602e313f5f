import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerDictExport } from './export.ts';
import { registerDictImport } from './import.ts';
import { registerDictList } from './list.ts';

/** `fmea dict …`: data dictionaries (types and their items). */
export function registerDict(program: Command): void {
  const { t } = contextOf(program);
  const dict = program.command('dict').description(t('cli.dict.description'));
  registerDictList(dict);
  registerDictImport(dict);
  registerDictExport(dict);
}
