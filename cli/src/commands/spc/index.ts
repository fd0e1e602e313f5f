/** `fmea spc`: statistical process control. `analyze` reads a measurements file (no database); `import` adds a file's measurements to a study. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerSpcAnalyze } from './analyze.ts';
import { registerSpcImport } from './import.ts';

export function registerSpc(program: Command): void {
  const { t } = contextOf(program);
  const spc = program.command('spc').description(t('cli.spc.description'));
  registerSpcAnalyze(spc);
  registerSpcImport(spc);
}
